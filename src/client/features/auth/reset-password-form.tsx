import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../common/auth-schemas';
import { Button } from '../../components/ui/button';
import { NewPasswordFields } from './new-password-fields';
import { PendingLabel } from './pending-label';

export function ResetPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: ResetPasswordFormInput) => void;
}) {
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { handleSubmit } = form;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Reset password">
      <NewPasswordFields
        form={form}
        idPrefix="reset"
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
        hint="At least 6 characters."
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Reset Password" busy="Resetting Password" />
      </Button>
    </form>
  );
}
