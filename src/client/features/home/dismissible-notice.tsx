import { X, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An amber notice above the question box that says what stops the question and the way on. */
export function DismissibleNotice({
  id,
  icon: Icon,
  title,
  onDismiss,
  children,
}: {
  /** The heading's id, which labels the region. */
  id: string;
  icon: LucideIcon;
  title: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <section
      role="region"
      aria-labelledby={id}
      className="relative rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm sm:p-5"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="absolute right-3 top-3 cursor-pointer rounded-md p-1 text-amber-800 hover:bg-amber-100"
      >
        <X className="size-4" aria-hidden />
      </button>
      <h2 id={id} className="flex items-center gap-2 pr-8 text-lg font-semibold">
        <Icon className="size-5" aria-hidden />
        {title}
      </h2>
      {children}
    </section>
  );
}
