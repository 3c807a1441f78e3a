import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../common/auth-schemas';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PendingLabel } from './pending-label';

export function ForgotPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (values: ForgotPasswordInput) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Forgot password">
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y('forgot-email', errors.email?.message)}
          {...register('email')}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Send Reset Instructions" busy="Sending..." />
      </Button>
    </form>
  );
}
