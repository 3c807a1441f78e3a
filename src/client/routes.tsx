import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { FullPageLoading, RequireAuth } from './components/layout/guards';
import { PageShell } from './components/layout/page-shell';
import { SkipLink } from './components/layout/skip-link';
import { useRouteTitle } from './components/layout/use-route-title';
import { ImpersonationBanner } from './features/admin/users/impersonation-banner';
import { useCurrentUser } from './api/auth';

// Each page is its own chunk; features never import each other, they meet here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page declares its own props
function page<K extends string, P = any>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('./features/home/home-page'), 'HomePage');
const AuthPage = page(() => import('./features/auth/auth-page'), 'AuthPage');
const ForgotPasswordPage = page(() => import('./features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('./features/auth/verify-email-page'), 'VerifyEmailPage');
const ProfilePage = page(() => import('./features/profile/profile-page'), 'ProfilePage');
const PrivacyPage = page(() => import('./features/legal/legal-pages'), 'PrivacyPage');
const TermsPage = page(() => import('./features/legal/legal-pages'), 'TermsPage');
const SupportPage = page(() => import('./features/support/support-page'), 'SupportPage');
const QueryDetailPage = page(() => import('./features/query/query-detail-page'), 'QueryDetailPage');
const WorkspacePage = page<'WorkspacePage', { children: ReactNode }>(
  () => import('./features/home/workspace'),
  'WorkspacePage',
);
const TestToolsPage = page(() => import('./features/test-tools/test-tools-page'), 'TestToolsPage');
const NotFoundPage = page(() => import('./features/errors/not-found-page'), 'NotFoundPage');
const AdminDebugPage = page(() => import('./features/emergency/admin-debug-page'), 'AdminDebugPage');
const BackdoorAdminPage = page(() => import('./features/emergency/backdoor-admin-page'), 'BackdoorAdminPage');
const PricingPage = page(() => import('./features/pricing/pricing-page'), 'PricingPage');
const CheckoutPage = page(() => import('./features/checkout/checkout-page'), 'CheckoutPage');
const CheckoutSuccessPage = page(() => import('./features/checkout/checkout-success-page'), 'CheckoutSuccessPage');
const AddPaymentMethodPage = page(() => import('./features/checkout/add-payment-method-page'), 'AddPaymentMethodPage');
const SubscribePage = page(() => import('./features/subscribe/subscribe-page'), 'SubscribePage');
const SubscribeSuccessPage = page(() => import('./features/subscribe/subscribe-success-page'), 'SubscribeSuccessPage');
const BillingPage = page(() => import('./features/billing/billing-page'), 'BillingPage');
const LeaderboardPage = page(() => import('./features/leaderboard/leaderboard-page'), 'LeaderboardPage');
const SharedReportPage = page(() => import('./features/query/query-detail-page'), 'SharedReportPage');
const AdminLoginPage = page(() => import('./features/admin/admin-login-page'), 'AdminLoginPage');
const AdminConsolePage = page(() => import('./features/admin/admin-console-page'), 'AdminConsolePage');

function Shell() {
  const { data: user } = useCurrentUser();
  return (
    <PageShell user={user}>
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </PageShell>
  );
}

function Bare() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Outlet />
    </Suspense>
  );
}

function SignedIn({ children, requireVerified }: { children: ReactNode; requireVerified?: boolean }) {
  const { data: user, isLoading } = useCurrentUser();
  return (
    <RequireAuth user={user} isLoading={isLoading} requireVerified={requireVerified}>
      {children}
    </RequireAuth>
  );
}

/**
 * Every page, both layouts: the skip link first in the Tab order, the tab's title, and for an administrator
 * signed in as someone else the way back.
 */
function SiteRoot() {
  useRouteTitle();
  return (
    <>
      <SkipLink />
      <ImpersonationBanner />
      <Outlet />
    </>
  );
}

const siteRoutes: RouteObject[] = [
  {
    element: <Bare />,
    children: [
      { path: '/', element: <HomePage /> },
      // The console has its own full-height layout with a sidebar; it guards itself.
      { path: '/admin', element: <AdminConsolePage /> },
      // A saved question opens in Home's workspace (sidebar and history), not the marketing shell.
      {
        path: '/query/:queryId',
        element: (
          <WorkspacePage>
            <QueryDetailPage />
          </WorkspacePage>
        ),
      },
    ],
  },
  {
    element: <Shell />,
    children: [
      { path: '/auth', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/account', element: <Navigate to="/profile" replace /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/support', element: <SupportPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/leaderboard', element: <LeaderboardPage /> },
      { path: '/r/:slug', element: <SharedReportPage /> },
      {
        path: '/subscribe',
        element: (
          <SignedIn requireVerified>
            <SubscribePage />
          </SignedIn>
        ),
      },
      {
        path: '/subscribe/success',
        element: (
          <SignedIn>
            <SubscribeSuccessPage />
          </SignedIn>
        ),
      },
      {
        path: '/checkout',
        element: (
          <SignedIn requireVerified>
            <CheckoutPage />
          </SignedIn>
        ),
      },
      {
        path: '/checkout/success',
        element: (
          <SignedIn>
            <CheckoutSuccessPage />
          </SignedIn>
        ),
      },
      {
        path: '/checkout/:planId',
        element: (
          <SignedIn requireVerified>
            <CheckoutPage />
          </SignedIn>
        ),
      },
      {
        path: '/billing',
        element: (
          <SignedIn>
            <BillingPage />
          </SignedIn>
        ),
      },
      {
        path: '/add-payment-method',
        element: (
          <SignedIn>
            <AddPaymentMethodPage />
          </SignedIn>
        ),
      },
      {
        path: '/test-tools',
        element: (
          <SignedIn>
            <TestToolsPage />
          </SignedIn>
        ),
      },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/admin-debug', element: <AdminDebugPage notFound={<NotFoundPage />} /> },
      { path: '/backdoor-admin', element: <BackdoorAdminPage notFound={<NotFoundPage />} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const appRoutes: RouteObject[] = [{ element: <SiteRoot />, children: siteRoutes }];

/**
 * The pages, inside main.tsx's BrowserRouter. Declarative routing, not createBrowserRouter: no route
 * uses loaders, actions or fetchers, and the data router's code was 17 KB gzipped of every first visit
 * (docs/performance.md, "Home page weight"). Navigations still run in a transition (BrowserRouter's
 * default), so the page on screen stays until the next one's code has loaded.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
