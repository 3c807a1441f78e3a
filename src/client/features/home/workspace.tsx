import { PanelLeft, SquarePen } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { SavedQuery } from '../../../common/query-schemas';
import { useCurrentUser } from '../../api/auth';
import { useSubscriptionStatus } from '../../api/subscription-status';
import { FullPageLoading } from '../../components/layout/guards';
import { ThemeToggle } from '../../components/layout/theme-toggle';
import { Logo } from '../../components/layout/logo';
import { SiteFooter } from '../../components/layout/site-footer';
import { Button, buttonVariants } from '../../components/ui/button';
import { useSignOut } from '../../lib/use-sign-out';
import { AccountBox } from './account-box';
import { SessionHistory } from './session-history';
import { Sidebar, SIDEBAR_ID } from './sidebar';
import { StripeDebugBox } from './stripe-debug-box';
import { useBrowserSessionId } from './use-browser-session-id';
import { useRefreshAfterChange } from './use-refresh-after-change';
import { useSidebar } from './use-sidebar';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { useKeyboardShortcuts } from '../../components/shortcuts/keyboard-shortcuts';
import { openHistorySearch } from './history-search-shortcut';

const ShortcutsDialog = lazyDialog(
  async () => (await import('../../components/shortcuts/shortcuts-dialog')).ShortcutsDialog,
);

/**
 * The app shell of Home and the query detail page: the sidebar beside (phones: over) a header and one
 * scrolling area. Only that area scrolls, never the document, so the header stays put. Both it and
 * the frame are positioned: an absolutely positioned descendant (the sr-only labels) then belongs to
 * them, not to the page, and cannot stretch the document past the viewport (issue 16, item 1;
 * e2e/no-document-scroll.spec.ts).
 */
export function WorkspaceLayout({
  sidebar,
  header,
  children,
}: {
  sidebar: ReactNode;
  /** Above the scrolling area: the page's header and any strip under it. */
  header: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative flex h-[calc(100dvh-var(--impersonation-banner-height,0px))] overflow-hidden bg-background">
      {sidebar}
      <div className="relative flex min-w-0 flex-1 flex-col">
        {header}
        <div data-testid="workspace-scroller" className="relative flex flex-1 flex-col overflow-y-auto">
          <main className="flex-1">{children}</main>
          <SiteFooter />
        </div>
      </div>
    </div>
  );
}

/** The sidebar's account box, Stripe debug box and Session History, under what the page puts first. */
export function WorkspaceSidebar({
  sidebar,
  returnFocusTo,
  sessionId,
  selectedId,
  onSelect,
  onCleared,
  refreshSubscription,
  top,
}: {
  sidebar: ReturnType<typeof useSidebar>;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  sessionId: string;
  selectedId: number | null;
  onSelect: (query: SavedQuery) => void;
  onCleared: () => void;
  refreshSubscription: () => Promise<unknown>;
  top?: ReactNode;
}) {
  const { data: user, isLoading } = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  const refreshAfterChange = useRefreshAfterChange(refreshSubscription);
  return (
    <Sidebar wide={sidebar.wide} open={sidebar.open} onOpenChange={sidebar.setOpen} returnFocusTo={returnFocusTo}>
      {top}
      <AccountBox
        user={user}
        isLoading={isLoading}
        onLogout={signOut}
        loggingOut={signingOut}
        onSubscriptionChanged={refreshAfterChange}
      />
      <StripeDebugBox user={user} onRefreshed={refreshSubscription} />
      <SessionHistory sessionId={sessionId} selectedId={selectedId} onSelect={onSelect} onCleared={onCleared} />
    </Sidebar>
  );
}

/** The sidebar toggle, shared by every workspace header. */
export function SidebarToggle({
  open,
  onToggle,
  toggleRef,
  className,
}: {
  open: boolean;
  onToggle: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  className?: string;
}) {
  return (
    <button
      ref={toggleRef}
      type="button"
      className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} ${className ?? ''}`}
      aria-label="Toggle sidebar"
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      onClick={onToggle}
    >
      <PanelLeft aria-hidden />
    </button>
  );
}

/**
 * The workspace around a page other than Home (the query detail page, routes.tsx): the same sidebar,
 * with a question from Session History opening its own detail page, and a slim header leading back to
 * asking (issue 16, item 6).
 */
export function WorkspacePage({ children }: { children: ReactNode }) {
  const { queryId } = useParams();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const sidebar = useSidebar();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sessionId = useBrowserSessionId(user === undefined ? undefined : (user?.id ?? null));
  const subscription = useSubscriptionStatus(sessionId);
  const selectedId = queryId && /^\d+$/.test(queryId) ? Number(queryId) : null;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // The question box is Home's: `/` goes there (it takes the focus as it opens).
  useKeyboardShortcuts({
    focusQuestion: () => void navigate('/'),
    searchHistory: () => openHistorySearch(sidebar),
    showShortcuts: () => setShortcutsOpen(true),
  });

  return (
    <WorkspaceLayout
      sidebar={
        <WorkspaceSidebar
          sidebar={sidebar}
          returnFocusTo={toggleRef}
          sessionId={sessionId}
          selectedId={selectedId}
          onSelect={(query) => {
            if (!sidebar.wide) sidebar.setOpen(false);
            void navigate(`/query/${query.id}`);
          }}
          onCleared={() => void navigate('/')}
          refreshSubscription={subscription.refresh}
        />
      }
      header={
        <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-card px-3 sm:px-4">
          <SidebarToggle open={sidebar.open} onToggle={sidebar.toggle} toggleRef={toggleRef} />
          {!sidebar.open && <Logo />}
          <Button asChild variant="outline" size="sm" className="ml-auto">
            <Link to="/">
              <SquarePen aria-hidden />
              Ask a question
            </Link>
          </Button>
          <ThemeToggle />
        </header>
      }
    >
      <Suspense fallback={<FullPageLoading />}>{children}</Suspense>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </WorkspaceLayout>
  );
}
