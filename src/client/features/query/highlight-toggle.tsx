import { Switch } from 'radix-ui';
import { useId } from 'react';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

/** The 'Highlight Differences' switch: a labelled Radix switch (Space or Enter toggles it). */
export function HighlightToggle({
  checked,
  onCheckedChange,
  disabled = false,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className={cn(
          'peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
          'bg-input data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
      <Label htmlFor={id} className="cursor-pointer peer-disabled:cursor-not-allowed peer-disabled:opacity-50">
        Highlight Differences
      </Label>
    </div>
  );
}
