import { SiteFooter } from '../../components/layout/site-footer';
import { useRef } from 'react';
import { useCurrentUser } from '../../lib/auth-api';
import { AccountBox } from './account-box';
import { EmptyState } from './empty-state';
import { HomeHeader } from './home-header';
import { SessionHistory } from './session-history';
import { Sidebar, SidebarSection } from './sidebar';
import { useSidebar } from './use-sidebar';
import { useSignOut } from '../../lib/use-sign-out';

// Home's own workspace layout (it is rendered without PageShell). The question pipeline adds the
// model picker, the question input in the header and the results in place of the empty state.
export function HomePage() {
  const { data: user, isLoading } = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  const sidebar = useSidebar();
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      <Sidebar wide={sidebar.wide} open={sidebar.open} onOpenChange={sidebar.setOpen} returnFocusTo={toggleRef}>
        <SidebarSection title="AI Models">
          <p className="text-xs text-muted-foreground">Model selection arrives with the question pipeline.</p>
        </SidebarSection>
        <AccountBox user={user} isLoading={isLoading} onLogout={signOut} loggingOut={signingOut} />
        <SessionHistory />
      </Sidebar>
      <div className="flex min-w-0 flex-1 flex-col">
        <HomeHeader sidebarOpen={sidebar.open} onToggleSidebar={sidebar.toggle} toggleRef={toggleRef} />
        <div className="flex flex-1 flex-col overflow-y-auto">
          <main className="flex-1">
            <EmptyState />
          </main>
          <SiteFooter />
        </div>
      </div>
    </div>
  );
}
