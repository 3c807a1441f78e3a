import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../common/auth-schemas';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { PendingLabel } from './pending-label';

export function ResetPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: ResetPasswordFormInput) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Reset password">
      <FormField
        id="reset-password"
        label="New Password"
        error={errors.password?.message}
        hint="At least 6 characters."
      >
        <PasswordInput
          {...fieldA11y('reset-password', errors.password?.message)}
          {...register('password')}
          autoComplete="new-password"
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          {...fieldA11y('reset-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
          autoComplete="new-password"
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Reset Password" busy="Resetting Password" />
      </Button>
    </form>
  );
}
