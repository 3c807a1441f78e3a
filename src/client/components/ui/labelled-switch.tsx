import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

// An on/off switch: a button with role="switch" and aria-checked, which Space and Enter toggle as any
// button does. Written here rather than taken from Radix: it is all a switch outside a form needs, and
// Home's first load cannot spare Radix's 1.6 KB (docs/performance.md, "Home page weight").

export function LabelledSwitch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled = false,
  className,
}: {
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
  label: ReactNode;
  /** Read under the switch, and by screen readers as its description. */
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const describedBy = useId();
  return (
    <div className={cn('grid shrink-0 gap-1', className)}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          role="switch"
          id={id}
          aria-checked={checked}
          aria-describedby={description ? describedBy : undefined}
          disabled={disabled}
          data-state={checked ? 'checked' : 'unchecked'}
          onClick={() => onCheckedChange(!checked)}
          className="peer relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-input transition-colors data-[state=checked]:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span
            aria-hidden
            className={cn(
              'block size-4 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-[18px]' : 'translate-x-0.5',
            )}
          />
        </button>
        <label
          htmlFor={id}
          className="cursor-pointer text-sm font-medium whitespace-nowrap peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
        >
          {label}
        </label>
      </div>
      {description && (
        <p id={describedBy} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
    </div>
  );
}
