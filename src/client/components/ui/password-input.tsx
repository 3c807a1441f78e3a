import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/**
 * A password box with a show/hide toggle, so people on phones can check what they typed;
 * `toggleLabel` names the field in the toggle's aria-label when a form has several.
 */
export function PasswordInput({
  toggleLabel = 'password',
  className,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { toggleLabel?: string }) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input id={id} {...props} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring cursor-pointer"
      >
        <Icon className="size-4" aria-hidden />
      </button>
    </div>
  );
}
