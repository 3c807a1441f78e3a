import { Dialog as DialogPrimitive } from 'radix-ui';
import { Shield, X } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { adminSections, sectionHref, type AdminSectionId } from './admin-sections';
import { useReturnFocus } from '../../components/ui/return-focus';

function Brand() {
  return (
    <Link to={sectionHref('dashboard')} className="flex items-center gap-2.5 px-2 font-semibold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Shield className="size-4" aria-hidden />
      </span>
      <span className="grid leading-tight">
        <span>Parallax</span>
        <span className="text-xs font-normal text-muted-foreground">Admin Console</span>
      </span>
    </Link>
  );
}

/** The section links: real links (middle-click, copy address) with aria-current on the open one. */
function SectionNav({ active, onNavigate }: { active: AdminSectionId; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin sections">
      <ul className="grid gap-1">
        {adminSections.map(({ id, label, icon: Icon }) => {
          const current = id === active;
          return (
            <li key={id}>
              <Link
                to={sectionHref(id)}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  current
                    ? 'bg-secondary text-secondary-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The fixed sidebar from 768 px up. */
export function AdminSidebar({ active }: { active: AdminSectionId }) {
  return (
    <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-card px-3 py-5 md:flex">
      <Brand />
      <SectionNav active={active} />
    </aside>
  );
}

/** Below 768 px the same links slide in from the left, opened by the header's menu button. */
export function AdminNavDrawer({
  active,
  open,
  onOpenChange,
}: {
  active: AdminSectionId;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 md:hidden" />
        <DialogPrimitive.Content
          {...returnFocus}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-r bg-card px-3 py-5 shadow-xl md:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Admin navigation</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Choose a section of the admin console.
          </DialogPrimitive.Description>
          <div className="flex items-center justify-between gap-2">
            <Brand />
            <DialogPrimitive.Close
              className="rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground cursor-pointer"
              aria-label="Close navigation"
            >
              <X className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <SectionNav active={active} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
