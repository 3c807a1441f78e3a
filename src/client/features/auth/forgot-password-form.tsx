import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../common/auth-schemas';
import { Button } from '../../components/ui/button';
import { BoundField } from '../../components/ui/bound-field';
import { PendingLabel } from './pending-label';

export function ForgotPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: ForgotPasswordInput) => void;
}) {
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { handleSubmit } = form;

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Forgot password">
      <BoundField
        form={form}
        name="email"
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Send Reset Instructions" busy="Sending..." />
      </Button>
    </form>
  );
}
