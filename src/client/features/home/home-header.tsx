import { PanelLeft } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../../components/layout/logo';
import { buttonVariants } from '../../components/ui/button';
import { SIDEBAR_ID } from './sidebar';

export function HomeHeader({
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  children,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** The header's right-hand side: the question input and its controls belong here. */
  children?: ReactNode;
}) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-card px-3 sm:px-4">
      <button
        ref={toggleRef}
        type="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleSidebar}
      >
        <PanelLeft aria-hidden />
      </button>
      {/* The sidebar carries the logo; without it the header does. */}
      {!sidebarOpen && <Logo />}
      {children && <div className="ml-auto flex min-w-0 items-center gap-2">{children}</div>}
    </header>
  );
}
