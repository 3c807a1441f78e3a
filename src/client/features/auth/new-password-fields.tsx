import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { BoundField } from '../../components/ui/bound-field';
import { cn } from '../../lib/cn';

interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

/** A new password typed twice (registration, password reset); the form's schema checks they match. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  idPrefix,
  labels,
  hint,
  className,
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  /** Gives the fields their ids: `<prefix>-password`, `<prefix>-confirm-password`. */
  idPrefix: string;
  labels: { password: string; confirm: string };
  hint?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-4', className)}>
      {(['password', 'confirmPassword'] as const).map((name) => (
        <BoundField
          key={name}
          form={form}
          name={name as FieldPath<T>}
          id={`${idPrefix}-${name === 'password' ? 'password' : 'confirm-password'}`}
          label={name === 'password' ? labels.password : labels.confirm}
          hint={name === 'password' ? hint : undefined}
          password
          autoComplete="new-password"
        />
      ))}
    </div>
  );
}
