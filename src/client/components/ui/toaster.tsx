import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_SWIPE_THRESHOLD_PX } from '../../../common/limits';
import { cn } from '../../lib/cn';
import { dismissToast, useCurrentToast } from './toast-store';

const variantClass = {
  default: 'border bg-card text-foreground',
  success: 'border-green-200 bg-green-50 text-green-900',
  destructive: 'border-red-700 bg-destructive text-destructive-foreground',
} as const;

/** `announcer`: where screen readers are told of each toast (toast-host.tsx); by default the body. */
export function Toaster({ announcer }: { announcer?: HTMLElement }) {
  const entry = useCurrentToast();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} announcerContainer={announcer}>
      {entry && (
        <Toast.Root
          key={entry.id}
          open={entry.open}
          duration={entry.duration}
          onOpenChange={(open) => !open && dismissToast(entry.id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg p-4 pr-8 shadow-lg animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            variantClass[entry.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{entry.title}</Toast.Title>
            {entry.description && (
              <Toast.Description className="text-sm opacity-90">{entry.description}</Toast.Description>
            )}
          </div>
          {entry.action && (
            <Toast.Action altText={entry.action.label} asChild>
              <button
                type="button"
                onClick={entry.action.onClick}
                className="ml-auto shrink-0 rounded-md border border-current/30 px-3 py-1 text-sm font-medium hover:bg-black/5 cursor-pointer"
              >
                {entry.action.label}
              </button>
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 cursor-pointer"
          >
            <X className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-[420px] outline-none" />
    </Toast.Provider>
  );
}
