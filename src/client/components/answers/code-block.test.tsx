import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../ui/toaster';
import { Markdown } from './markdown';

function renderAnswer(text: string) {
  const user = userEvent.setup();
  const view = render(
    <>
      <Markdown text={text} />
      <Toaster />
    </>,
  );
  return { user, ...view };
}

const typescript = [
  'Sort the list first:',
  '',
  '```ts',
  'const sorted = [...items].sort((a, b) => a - b); // ascending',
  'export function first(): number {',
  '  return sorted[0];',
  '}',
  '```',
].join('\n');

describe('code in answers', () => {
  it('names the language, highlights the code and copies it exactly', async () => {
    const { user, container } = renderAnswer(typescript);
    expect(screen.getByText('ts')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('pre .hljs-keyword')).not.toBeNull());
    expect([...container.querySelectorAll('pre .hljs-keyword')].map((token) => token.textContent)).toEqual(
      expect.arrayContaining(['const', 'export', 'function', 'return']),
    );
    expect(container.querySelector('pre .hljs-comment')).toHaveTextContent('// ascending');
    // Colouring changes no character of the code.
    expect(container.querySelector('pre')!.textContent).toBe(typescript.split('\n').slice(3, 7).join('\n'));

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy ts code' }));
    expect(writeText).toHaveBeenCalledWith(typescript.split('\n').slice(3, 7).join('\n'));
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ts code copied' })).toHaveTextContent('Copied');
  });

  it('gives every block its own Copy button', async () => {
    const { user } = renderAnswer('```sh\nnpm test\n```\n\nthen\n\n```python\nprint("done")\n```');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy python code' }));
    expect(writeText).toHaveBeenLastCalledWith('print("done")');
    await user.click(screen.getByRole('button', { name: 'Copy sh code' }));
    expect(writeText).toHaveBeenLastCalledWith('npm test');
  });

  it('leaves a block plain when its language is unknown or cannot be told', async () => {
    const { container } = renderAnswer(
      '```klingon\nqapla batlh\n```\n\n```\nThe wall fell in 1989 and the city was one again.\n```',
    );
    // The highlighter has loaded (the blocks asked for it first) and decided.
    await act(async () => {
      await import('./code-highlight');
    });
    expect(container.querySelector('pre [class^="hljs-"]')).toBeNull();
    const blocks = container.querySelectorAll('pre');
    expect(blocks).toHaveLength(2);
    expect(within(blocks[0]!.parentElement!).getByText('klingon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderAnswer('```js\nlet x = 1;\n```');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy js code' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  });
});
