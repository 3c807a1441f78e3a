import { Loader2, SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { MAX_QUERY_LENGTH } from '../../../common/limits';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { hasFinePointer } from '../../lib/fine-pointer';
import { shortcuts } from '../../components/shortcuts/keyboard-shortcuts';

/** The textarea starts one line tall and grows with its text up to about five lines, then scrolls. */
const MAX_HEIGHT_PX = 132;

export function QuestionForm({
  value,
  onChange,
  onSubmit,
  onRecallLast,
  busy,
  inputRef,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** Arrow Up in the empty box: the question shown, back in the box to edit and ask again. */
  onRecallLast?: () => void;
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  className?: string;
}) {
  // Home opens ready to type (docs/product.md, "Home page"), except on touch screens: see fine-pointer.ts.
  useEffect(() => {
    if (hasFinePointer()) inputRef.current?.focus();
  }, [inputRef]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    // Empty, it stays one line: the placeholder (one line, cut short on phones) must not make it taller
    // before anything is typed (issue 16, item 5).
    if (value === '') return;
    if (input.scrollHeight > 0) input.style.height = `${Math.min(input.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
  }, [value, inputRef]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  // Enter sends, Shift+Enter adds a line (docs/product.md, "Home page"); Enter while composing text in an IME does
  // neither.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'ArrowUp' && value === '' && onRecallLast && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onRecallLast();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <form onSubmit={submit} className={cn('flex min-w-0 items-end gap-2', className)} aria-label="Ask a question">
      <textarea
        ref={inputRef}
        rows={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={busy}
        maxLength={MAX_QUERY_LENGTH}
        aria-label="Your question"
        aria-keyshortcuts={shortcuts.focusQuestion.aria}
        placeholder="Ask a question to compare AI responses..."
        className="min-h-10 w-full min-w-0 resize-none rounded-md border border-input bg-card px-3 py-2 text-sm leading-normal text-foreground placeholder:truncate placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
      />
      <Button
        type="submit"
        size="icon"
        className="size-10 shrink-0"
        disabled={busy}
        aria-label={busy ? 'Waiting for answers' : 'Send question'}
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <SendHorizontal aria-hidden />}
      </Button>
    </form>
  );
}
