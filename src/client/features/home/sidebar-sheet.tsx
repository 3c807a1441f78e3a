import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { SIDEBAR_ID } from './sidebar';

// The sidebar as a modal sheet on narrow screens; sidebar.tsx loads it when first opened.

export function SidebarSheet({
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
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
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
