import { Tooltip } from 'radix-ui';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AnswerClaim } from '../../../common/comparison';
import { cn } from '../../lib/cn';
import { explainClaim } from './claim-explanation';

// One marked claim in an answer (issue 'Comparison you can trust', item 4). Not colour alone: a
// contradicted value has a wavy underline, a single-source one a dashed underline (the legend in
// claim-legend.tsx names both), and the explanation, which opens on keyboard focus at once, is the
// mark's accessible description while it is open (Radix's tooltip sets aria-describedby). It also
// opens on hover (after the app's tooltip delay) and on a tap or click (Radix's tooltip ignores
// touch, and phones have no hover); Escape or leaving closes it, and Radix keeps it in the viewport.

export const ClaimsContext = createContext<{ model: string; claims: readonly AnswerClaim[] } | null>(null);

const STATUS_CLASS: Record<AnswerClaim['status'], string> = {
  contradicted: 'bg-red-50 decoration-red-600 decoration-wavy',
  'single-source': 'bg-amber-50 decoration-amber-700 decoration-dashed',
  agreed: '',
};

/** The classes of a mark's look, shared with the legend so both always match. */
export function claimMarkClass(status: AnswerClaim['status']): string {
  return cn(
    'rounded-sm px-px text-inherit underline decoration-2 underline-offset-4 [text-decoration-skip-ink:none]',
    STATUS_CLASS[status],
  );
}

/** How long after a mark takes the focus a close (from the scroll that focus caused) is ignored. */
const FOCUS_SCROLL_GRACE_MS = 250;

export function ClaimMark({ index, children }: { index: number; children: ReactNode }) {
  const context = useContext(ClaimsContext);
  const claim = context?.claims[index];
  const [open, setOpen] = useState(false);
  // Tab to a mark below the fold scrolls it into view, and Radix closes a tooltip when anything around
  // its trigger scrolls: that scroll, caused by the focus itself, must not close what the focus opened.
  // Only while the mark keeps the focus: leaving it (Tab, a click elsewhere) or Escape still closes at once.
  const markRef = useRef<HTMLElement>(null);
  const focusedAt = useRef(0);
  const escaped = useRef(false);
  useEffect(() => {
    if (!open) return;
    // On the window, in capture: before Radix's own Escape listener on the document closes the tooltip.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escaped.current = true;
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const onOpenChange = (next: boolean) => {
    const scrolledByFocus =
      !next &&
      !escaped.current &&
      document.activeElement === markRef.current &&
      performance.now() - focusedAt.current < FOCUS_SCROLL_GRACE_MS;
    if (!scrolledByFocus) setOpen(next);
  };
  const explanation = useMemo(() => (claim && context ? explainClaim(claim, context.model) : null), [claim, context]);
  if (!claim || !explanation) return <>{children}</>;

  return (
    <Tooltip.Root open={open} onOpenChange={onOpenChange}>
      <Tooltip.Trigger asChild>
        <mark
          tabIndex={0}
          data-status={claim.status}
          className={cn(
            claimMarkClass(claim.status),
            'cursor-help focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          )}
          ref={markRef}
          onFocus={() => {
            focusedAt.current = performance.now();
            escaped.current = false;
          }}
          onClick={(event) => {
            // Radix closes the tooltip on click; a tap is how a phone opens it.
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </mark>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          collisionPadding={8}
          data-claim-explanation=""
          className="z-50 w-max max-w-[min(22rem,calc(100vw-1rem))] rounded-md border bg-card p-3 text-xs leading-relaxed text-card-foreground shadow-lg"
        >
          <p className={cn('font-semibold', claim.status === 'contradicted' ? 'text-red-700' : 'text-amber-800')}>
            {explanation.title}
            {explanation.contradictions.length > 0 ? ':' : '.'}
          </p>
          {explanation.contradictions.length > 0 && (
            <ul className="mt-1 grid gap-1">
              {explanation.contradictions.map((other, i) => (
                <li key={i}>
                  <span className="font-semibold">{other.model}</span> says{' '}
                  <span className="font-semibold">{other.value}</span>: <span className="italic">“{other.claim}”</span>
                </li>
              ))}
            </ul>
          )}
          {explanation.agreement && <p className="mt-1">{explanation.agreement}</p>}
          <p className="mt-1.5 text-muted-foreground">{explanation.source}.</p>
          <Tooltip.Arrow className="fill-card stroke-border" width={10} height={5} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
