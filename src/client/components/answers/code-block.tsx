import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSidewaysScrollRegion } from '../../lib/use-sideways-scroll-region';
import { toast } from '../ui/toast-store';

const COPIED_MS = 2000;

/**
 * A fenced code block in an answer: its language and a Copy button above it, the code highlighted once the
 * highlighter has loaded (plain until then, and plain where a claim is marked inside it, so the mark stays).
 * A long line scrolls inside the block, which then takes keyboard focus, instead of widening the card.
 */
export function CodeBlock({
  code,
  language,
  keepAsIs,
  children,
}: {
  code: string;
  language: string | null;
  /** The block holds claim marks: shown as rendered, not re-coloured. */
  keepAsIs: boolean;
  /** The code as react-markdown rendered it. */
  children: ReactNode;
}) {
  const [highlighted, setHighlighted] = useState<ReactNode | null>(null);
  const [copied, setCopied] = useState(false);
  const frame = useRef<HTMLPreElement>(null);
  const scrollRegion = useSidewaysScrollRegion(frame, `${language ?? 'Code'} block`, code);
  const name = language ? `${language} code` : 'code';

  useEffect(() => {
    if (keepAsIs) return;
    let current = true;
    import('./code-highlight')
      .then(({ highlightCode }) => current && setHighlighted(highlightCode(code, language)))
      // Without the highlighter (a failed chunk load) the code stays plain, which is still right.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, language, keepAsIs]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ variant: 'success', title: 'Code copied', duration: COPIED_MS });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
    }
  }

  return (
    <div className="overflow-hidden rounded-md border border-slate-700 bg-slate-900 text-slate-100">
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1 text-xs">
        <span className="font-mono text-slate-300">{language ?? 'code'}</span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? `${name} copied` : `Copy ${name}`}
          className="inline-flex h-7 items-center gap-1 rounded px-1.5 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-slate-300"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre
        ref={frame}
        className="overflow-x-auto p-3 font-mono text-xs leading-relaxed [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
        {...scrollRegion}
      >
        {highlighted ? <code className="hljs">{highlighted}</code> : children}
      </pre>
    </div>
  );
}
