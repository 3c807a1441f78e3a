import type { SubscriptionStatus } from '../../../common/subscription-schemas';
import { LabelledSwitch } from '../../components/ui/labelled-switch';
import { cn } from '../../lib/cn';

/**
 * Shown only without an active subscription, on the free tier, with a known count
 * (docs/product.md, "Free questions and plans").
 */
export function freeQuestionsLeft(status: SubscriptionStatus | undefined): number | null {
  if (!status || status.hasActiveSubscription || status.subscriptionTier !== 'free') return null;
  return status.freeQuestionsRemaining ?? null;
}

export function FreeQuestionsBadge({ status }: { status: SubscriptionStatus | undefined }) {
  const left = freeQuestionsLeft(status);
  if (left === null) return null;
  const low = left <= 1;
  return (
    <span
      role="status"
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-1 text-xs font-medium',
        low ? 'border-red-200 bg-red-50 text-red-700' : 'border-indigo-200 bg-secondary text-secondary-foreground',
      )}
    >
      {/* The dot pulses, not the words: fading text would drop below readable contrast half the time. */}
      {low && <span aria-hidden className="size-1.5 rounded-full bg-red-500 motion-safe:animate-pulse" />}
      {left} free {left === 1 ? 'question' : 'questions'} left
    </span>
  );
}

/** The 'Highlight differences' switch (off by default). */
export function HighlightToggle({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
}) {
  return <LabelledSwitch checked={checked} onCheckedChange={onCheckedChange} label="Highlight differences" />;
}
