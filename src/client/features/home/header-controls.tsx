import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { SubscriptionStatus } from '../../../common/subscription-schemas';
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
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors data-[state=checked]:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring cursor-pointer"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
      <label htmlFor={id} className="whitespace-nowrap text-sm font-medium cursor-pointer">
        Highlight differences
      </label>
    </div>
  );
}
