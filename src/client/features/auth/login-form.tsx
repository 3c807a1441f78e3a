import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '../../../common/auth-schemas';
import { toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useLogin } from '../../api/auth';
import { destinationAfterLogin } from './auth-destination';
import { PasswordInput } from '../../components/ui/password-input';
import { PendingLabel } from './pending-label';

export function LoginForm({
  onSubmitting,
  onSwitchToRegister,
}: {
  onSubmitting: () => void;
  onSwitchToRegister: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    onSubmitting();
    try {
      // mutateAsync rather than mutate's callbacks: they would be dropped if the form unmounted meanwhile.
      const user = await login.mutateAsync(values);
      toast({ title: toastMessages.loginSuccess, variant: 'success' });
      navigate(destinationAfterLogin(user, location.state), { replace: true });
    } catch (error) {
      toast({
        title: 'Login failed',
        description: errorText(error, toastMessages.loginFailed),
        variant: 'destructive',
      });
    }
  });

  const pending = login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField id="login-email" label="Email or username" error={errors.email?.message}>
        <Input
          {...fieldA11y('login-email', errors.email?.message)}
          {...register('email')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
      </FormField>
      <div className="grid gap-2">
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            {...fieldA11y('login-password', errors.password?.message)}
            {...register('password')}
            autoComplete="current-password"
          />
        </FormField>
        <Link
          to="/forgot-password"
          className="justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Log in" busy="Logging in..." />
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Parallax?{' '}
        <button
          type="button"
          onClick={onSwitchToRegister}
          className="font-medium text-primary underline-offset-4 hover:underline cursor-pointer"
        >
          Create an account
        </button>
      </p>
    </form>
  );
}
