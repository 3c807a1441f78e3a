import { useRef } from 'react';

/**
 * Focus goes back to whatever opened a dialog. Radix returns it to the dialog's Trigger only, and most of
 * our dialogs are opened by a parent's state (a menu item, a button that sets `open`, a lazy dialog), with
 * no Trigger: without this, closing them would leave focus on the page's body. Spread the two handlers on
 * the Radix Content; a caller's own handler still runs first.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
} = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      // The opener may be gone (a menu item whose menu closed): then Radix's own choice, the Trigger if any.
      if (opener.current?.isConnected && opener.current !== document.body) {
        event.preventDefault();
        opener.current.focus();
      }
    },
  };
}
