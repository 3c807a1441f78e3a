import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminToastMessages } from '../../../common/admin-messages';
import { adminLoginFormSchema, type AdminLoginForm } from '../../../common/admin-settings-schemas';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { BoundField } from '../../components/ui/bound-field';
import { toast } from '../../components/ui/toast-store';
import { useCurrentUser, useLogin } from '../../api/auth';
import { isAdministrator } from '../../lib/format';

/** /admin/login (docs/product.md, "Admin sign-in"): the shared sign-in call, then admins in and everyone else home. */
export function AdminLoginPage() {
  const { data: currentUser, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const login = useLogin();
  // Once the form has sent credentials it decides where to go (and toasts first).
  const [formOwnsRedirect, setFormOwnsRedirect] = useState(false);
  const form = useForm<AdminLoginForm>({
    resolver: zodResolver(adminLoginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { handleSubmit } = form;

  if (!formOwnsRedirect && currentUser && isAdministrator(currentUser)) return <Navigate to="/admin" replace />;
  if (isPending) return <FullPageLoading />;

  const onSubmit = handleSubmit(async (values) => {
    setFormOwnsRedirect(true);
    try {
      const user = await login.mutateAsync(values);
      if (isAdministrator(user)) {
        toast({ variant: 'success', title: adminToastMessages.adminAccessGranted });
        void navigate('/admin', { replace: true });
      } else {
        toast({
          variant: 'destructive',
          title: adminToastMessages.notAdminTitle,
          description: adminToastMessages.notAdmin,
        });
        void navigate('/', { replace: true });
      }
    } catch {
      setFormOwnsRedirect(false);
      toast({
        variant: 'destructive',
        title: adminToastMessages.loginFailedTitle,
        description: adminToastMessages.loginFailed,
      });
    }
  });

  const pending = login.isPending;
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center sm:px-8 sm:pt-8">
          <span className="mb-1 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Login</h1>
          <CardDescription>Sign in with an administrator account to open the admin console.</CardDescription>
        </CardHeader>
        <CardContent className="sm:px-8 sm:pb-8">
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Admin login">
            <BoundField
              form={form}
              name="email"
              id="admin-email"
              label="Admin Email"
              type="email"
              autoComplete="username"
              verbatim
              placeholder="admin@example.com"
            />
            <BoundField
              form={form}
              name="password"
              id="admin-password"
              label="Password"
              password
              autoComplete="current-password"
            />
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
              {pending && <LoaderCircle className="animate-spin" aria-hidden />}
              {pending ? 'Authenticating...' : 'Access Admin Panel'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Not an administrator?{' '}
            <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
              Go to the regular login
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
