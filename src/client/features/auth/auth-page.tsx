import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageLoading } from '../../components/layout/guards';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCurrentUser } from '../../api/auth';
import { isAdministrator } from '../../lib/format';
import { LoginForm } from './login-form';
import { MarketingPanel } from './marketing-panel';
import { RegisterForm } from './register-form';

type Tab = 'login' | 'register';

export function AuthPage() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Once a form has sent credentials it decides where to go (and toasts first); the redirect
  // below is only for people who were already signed in when they opened /auth.
  const [formOwnsRedirect, setFormOwnsRedirect] = useState(false);
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (user && !formOwnsRedirect) return <Navigate to={isAdministrator(user) ? '/admin' : '/'} replace />;
  if (isPending) return <FullPageLoading />;

  const selectTab = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'register') next.set('tab', 'register');
    else next.delete('tab');
    // Keep the guard's `from` so logging in after switching tabs still returns there.
    setSearchParams(next, { replace: true, state: location.state, preventScrollReset: true });
  };
  const handOff = () => setFormOwnsRedirect(true);

  return (
    <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-10 sm:py-14 lg:grid-cols-2 lg:gap-14">
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="items-center text-center sm:px-8 sm:pt-8">
          <img src="/favicon.svg" alt="" className="mb-1 size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">
            {tab === 'register' ? 'Create your account' : 'Welcome back'}
          </h1>
          <CardDescription>
            {tab === 'register'
              ? 'Start comparing answers from leading AI chatbots.'
              : 'Log in to compare answers from leading AI chatbots.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="sm:px-8 sm:pb-8">
          <Tabs value={tab} onValueChange={selectTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="mt-6">
              <LoginForm onSubmitting={handOff} onSwitchToRegister={() => selectTab('register')} />
            </TabsContent>
            <TabsContent value="register" className="mt-6">
              <RegisterForm onSubmitting={handOff} onSwitchToLogin={() => selectTab('login')} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <MarketingPanel className="hidden lg:flex" />
    </div>
  );
}
