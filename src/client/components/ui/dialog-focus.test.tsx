import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { lazyDialog } from './lazy-dialog';

// Every dialog keeps focus inside while open and gives it back to what opened it on close, whether it was
// opened by its own Trigger or, as most of ours are, by a parent's state.

function EditDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Edit</DialogTitle>
        <DialogDescription>Change a thing.</DialogDescription>
        <input aria-label="Name" />
        <Button>Save</Button>
      </DialogContent>
    </Dialog>
  );
}

const LazyEditDialog = lazyDialog(async () => EditDialog);

function OpenedByState({ lazy = false }: { lazy?: boolean }) {
  const [open, setOpen] = useState(false);
  const Shown = lazy ? LazyEditDialog : EditDialog;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit settings</Button>
      <Button>Elsewhere</Button>
      <Shown open={open} onOpenChange={setOpen} />
    </>
  );
}

describe.each([
  ['a dialog opened by state', false],
  ['a lazy dialog', true],
])('%s', (_, lazy) => {
  it('traps Tab inside and returns focus to its opener on Escape and on Close', async () => {
    const user = userEvent.setup();
    render(<OpenedByState lazy={lazy} />);
    const opener = screen.getByRole('button', { name: 'Edit settings' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

it('a dialog with its own Trigger returns focus to the Trigger', async () => {
  const user = userEvent.setup();
  render(
    <Dialog>
      <DialogTrigger asChild>
        <Button>Open terms</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Terms</DialogTitle>
        <DialogDescription>The terms.</DialogDescription>
      </DialogContent>
    </Dialog>,
  );
  await user.click(screen.getByRole('button', { name: 'Open terms' }));
  await screen.findByRole('dialog', { name: 'Terms' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Open terms' })).toHaveFocus();
});

it('a confirmation returns focus to the button that asked', async () => {
  function Asking() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Delete</Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          description="It cannot be undone."
          confirmLabel="Delete it"
          dismissLabel="Keep it"
          onConfirm={() => {}}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(<Asking />);
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByRole('button', { name: 'Keep it' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Keep it' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
});

it('a confirmation whose answer starts a save returns focus to the button once the save has let it go', async () => {
  let startSave = () => {};
  let finishSave = () => {};
  function Saving() {
    const [open, setOpen] = useState(false);
    const [saving, setSaving] = useState(false);
    startSave = () => setSaving(true);
    finishSave = () => setSaving(false);
    return (
      <>
        <Button disabled={saving} onClick={() => setOpen(true)}>
          Save
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          description="Real payments start."
          confirmLabel="Go live"
          dismissLabel="Not yet"
          onConfirm={() => {}}
        />
      </>
    );
  }
  const user = userEvent.setup();
  render(<Saving />);
  const save = screen.getByRole('button', { name: 'Save' });
  await user.click(save);
  await user.click(await screen.findByRole('button', { name: 'Go live' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(save).toHaveFocus();
  // The answer's save disables the button a moment after the dialog has closed, and, as in Chromium, the
  // button loses focus (jsdom does not drop it itself, nor blur a disabled button: blurred first here).
  act(() => save.blur());
  act(() => startSave());
  expect(save).not.toHaveFocus();
  act(() => finishSave());
  await waitFor(() => expect(save).toHaveFocus());
});
