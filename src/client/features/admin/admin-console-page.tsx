import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { FullPageLoading } from '../../components/layout/guards';
import { useCurrentUser } from '../../api/auth';
import { isAdministrator } from '../../lib/format';
import { useSignOut } from '../../lib/use-sign-out';
import { AdminSettingsSection } from './settings/admin-settings-section';
import { AdminHeader } from './admin-header';
import { SEARCH_PARAM, SECTION_PARAM, sectionFromParam, type AdminSection } from './admin-sections';
import { AdminNavDrawer, AdminSidebar } from './admin-sidebar';
import { DashboardSection } from './dashboard-section';
import { EmailSettingsSection } from './settings/email-settings-section';
import { assignLocation, type Redirect } from './users/impersonation-storage';
import { PaymentSettingsSection } from './settings/payment-settings-section';
import { AiModelsSection } from './settings/ai-models-section';
import { PaymentsSection } from './billing/payments-section';
import { SubscriptionsSection } from './billing/subscriptions-section';
import { UsersSection } from './users/users-section';

/**
 * /admin (docs/product.md, "Admin console"): admins only; anonymous visitors go to the admin login, other users
 * home.
 */
export function AdminConsolePage({ redirect = assignLocation }: { redirect?: Redirect }) {
  const { data: user, isPending } = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  // Logging out also empties the current user; that is the way home, not to the admin login.
  const [loggedOut, setLoggedOut] = useState(false);
  if (isPending) return <FullPageLoading label="Loading admin console..." />;
  if (!user) return <Navigate to={loggedOut ? '/' : '/admin/login'} replace />;
  if (!isAdministrator(user)) return <Navigate to="/" replace />;
  const logout = () => {
    setLoggedOut(true);
    signOut();
  };
  return <AdminConsole user={user} redirect={redirect} onLogout={logout} loggingOut={signingOut} />;
}

function AdminConsole({
  user,
  redirect,
  onLogout,
  loggingOut,
}: {
  user: PublicUser;
  redirect: Redirect;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const [params] = useSearchParams();
  const [navOpen, setNavOpen] = useState(false);
  const section = sectionFromParam(params.get(SECTION_PARAM));
  const search = params.get(SEARCH_PARAM) ?? '';

  return (
    <div className="flex min-h-dvh bg-background">
      <AdminSidebar active={section.id} />
      <AdminNavDrawer active={section.id} open={navOpen} onOpenChange={setNavOpen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader
          // A new header search starts the box from the address again.
          key={search}
          section={section}
          user={user}
          initialSearch={search}
          onOpenNav={() => setNavOpen(true)}
          onLogout={onLogout}
          loggingOut={loggingOut}
        />
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
          <SectionContent section={section} user={user} search={search} redirect={redirect} />
        </main>
      </div>
    </div>
  );
}

function SectionContent({
  section,
  user,
  search,
  redirect,
}: {
  section: AdminSection;
  user: PublicUser;
  search: string;
  redirect: Redirect;
}) {
  switch (section.id) {
    case 'dashboard':
      return <DashboardSection />;
    case 'users':
      // Keyed by the header's search, so a new search restarts the list at its first page.
      return <UsersSection key={search} currentUser={user} initialSearch={search} redirect={redirect} />;
    case 'payments':
      return <PaymentsSection />;
    case 'subscriptions':
      return <SubscriptionsSection />;
    case 'payment-settings':
      return <PaymentSettingsSection />;
    case 'ai-models':
      return <AiModelsSection />;
    case 'email-settings':
      return <EmailSettingsSection />;
    case 'settings':
      return <AdminSettingsSection currentUser={user} />;
  }
}
