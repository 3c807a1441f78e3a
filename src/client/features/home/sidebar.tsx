import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../../components/layout/logo';

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="sidebar-backdrop" className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id={SIDEBAR_ID}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-card shadow-xl outline-none"
        >
          <Dialog.Title className="sr-only">Sidebar</Dialog.Title>
          <SidebarBody onClose={() => onOpenChange(false)}>{children}</SidebarBody>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
