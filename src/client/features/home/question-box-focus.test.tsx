import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuestionForm } from './question-form';

// Home's question box has focus on load where typing is what a visitor does next (a mouse or trackpad), and
// not on a touch screen, where focusing it would open the on-screen keyboard.

function pointer(fine: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: fine)' ? fine : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderBar() {
  const inputRef = createRef<HTMLTextAreaElement>();
  render(<QuestionForm value="" onChange={() => {}} onSubmit={() => {}} busy={false} inputRef={inputRef} />);
}

describe('the question box', () => {
  it('has the question box focused on load with a mouse or trackpad', () => {
    pointer(true);
    renderBar();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus();
  });

  it('leaves focus alone on a touch screen, where it would open the keyboard', () => {
    pointer(false);
    renderBar();
    expect(screen.getByRole('textbox', { name: 'Your question' })).not.toHaveFocus();
  });
});
