import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';
import { useKeyboardShortcuts, type ShortcutName } from './keyboard-shortcuts';
import { ShortcutsDialog } from './shortcuts-dialog';

// Issue 20, item 6: `/`, Escape, Ctrl/Cmd+K and `?` act anywhere on the page, but never while the
// user types in a field or a dialog is open.

function Page({ fired, dialog = false }: { fired: ShortcutName[]; dialog?: boolean }) {
  useKeyboardShortcuts({
    focusQuestion: () => fired.push('focusQuestion'),
    stop: () => fired.push('stop'),
    searchHistory: () => fired.push('searchHistory'),
    showShortcuts: () => fired.push('showShortcuts'),
  });
  return (
    <>
      <button type="button">Somewhere</button>
      <input aria-label="A field" />
      <input type="checkbox" aria-label="A switch" />
      <Dialog open={dialog}>
        <DialogContent>
          <DialogTitle>Open dialog</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('keyboard shortcuts', () => {
  it('each key runs its action from anywhere outside a field', async () => {
    const fired: ShortcutName[] = [];
    const user = userEvent.setup();
    render(<Page fired={fired} />);
    await user.click(screen.getByRole('button', { name: 'Somewhere' }));
    await user.keyboard('/');
    await user.keyboard('?');
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('{Meta>}k{/Meta}');
    // A checkbox takes no text: shortcuts still work on it.
    await user.click(screen.getByRole('checkbox', { name: 'A switch' }));
    await user.keyboard('/');
    expect(fired).toEqual([
      'focusQuestion',
      'showShortcuts',
      'stop',
      'searchHistory',
      'searchHistory',
      'focusQuestion',
    ]);
  });

  it('none fires while typing in a field, with another modifier, or under an open dialog', async () => {
    const fired: ShortcutName[] = [];
    const user = userEvent.setup();
    const { rerender } = render(<Page fired={fired} />);
    const field = screen.getByRole('textbox', { name: 'A field' });
    await user.click(field);
    await user.keyboard('/?{Escape}{Control>}k{/Control}');
    expect(field).toHaveValue('/?');
    await user.click(screen.getByRole('button', { name: 'Somewhere' }));
    await user.keyboard('{Alt>}/{/Alt}{Control>}{Shift>}k{/Shift}{/Control}');
    expect(fired).toEqual([]);

    rerender(<Page fired={fired} dialog />);
    expect(screen.getByRole('dialog', { name: 'Open dialog' })).toBeInTheDocument();
    await user.keyboard('/?{Control>}k{/Control}');
    expect(fired).toEqual([]);
  });

  it('the list names every shortcut with its keys', () => {
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Focus the question box/');
    expect(dialog).toHaveTextContent('Stop the answersEsc');
    expect(dialog).toHaveTextContent('Search your history (⌘K on a Mac)CtrlK');
    expect(dialog).toHaveTextContent('Show these shortcuts?');
  });
});
