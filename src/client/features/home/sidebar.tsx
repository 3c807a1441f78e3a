import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../../components/layout/logo';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The sheet's modal code (focus trap, scroll lock) loads when a narrow screen first opens it.
const SidebarSheet = lazyDialog(async () => (await import('./sidebar-sheet')).SidebarSheet);

export const SIDEBAR_ID = 'home-sidebar';

function SidebarBody({ children, onClose }: { children: ReactNode; onClose?: () => void }) {
  return (
    <>
      <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <Logo />
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close sidebar"
            className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground cursor-pointer"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <div className="grid flex-1 content-start gap-6 overflow-y-auto p-4">{children}</div>
    </>
  );
}

/** A titled block of the sidebar (AI Models, Session History, ...). */
export function SidebarSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `sidebar-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * Beside the content on wide screens; on narrow ones a modal sheet over it, so focus stays inside
 * and Escape or a click on the backdrop closes it.
 */
export function Sidebar({
  wide,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  wide: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the sheet closes; the opener is outside Radix's Trigger, so Radix cannot know. */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  if (wide) {
    if (!open) return null;
    return (
      <aside id={SIDEBAR_ID} aria-label="Sidebar" className="flex h-full w-72 shrink-0 flex-col border-r bg-card">
        <SidebarBody>{children}</SidebarBody>
      </aside>
    );
  }
  return (
    <SidebarSheet open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo}>
      <SidebarBody onClose={() => onOpenChange(false)}>{children}</SidebarBody>
    </SidebarSheet>
  );
}
