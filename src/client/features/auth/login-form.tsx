import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginSchema } from '../../../common/auth-schemas';
import { toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { BoundField } from '../../components/ui/bound-field';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { useLogin } from '../../api/auth';
import { destinationAfterLogin } from './auth-destination';
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
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { handleSubmit } = form;

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
      {/* One box for either: the login call takes an email or a username in its `email` field. */}
      <BoundField
        form={form}
        name="email"
        id="login-email"
        label="Email or username"
        autoComplete="username"
        verbatim
        placeholder="you@example.com"
      />
      <div className="grid gap-2">
        <BoundField
          form={form}
          name="password"
          id="login-password"
          label="Password"
          password
          autoComplete="current-password"
        />
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
