import { useRef, type RefObject } from 'react';

/** How long an opener that a save disables (a Save button) is watched for being enabled again. */
const ENABLED_WAIT_MS = 30_000;

const isDisabled = (element: HTMLElement) => element.matches(':disabled');
/** No element holds focus: it was dropped (a removed or disabled element), not moved somewhere by the user. */
export const focusIsNowhere = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Focuses `element`; and when the dialog's answer starts a save that disables it (which drops its focus), focuses
 * it again once it is enabled, unless the user has put focus somewhere else meanwhile.
 */
function returnFocusTo(element: HTMLElement) {
  element.focus();
  const observer = new MutationObserver(() => {
    if (isDisabled(element)) return;
    stop();
    if (element.isConnected && focusIsNowhere()) element.focus();
  });
  const movedOn = (event: FocusEvent) => {
    if (event.target !== element) stop();
  };
  const timer = setTimeout(stop, ENABLED_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', movedOn);
  }
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('focusin', movedOn);
}

/**
 * Focus goes back to whatever opened a dialog. Radix returns it to the dialog's Trigger only, and most of
 * our dialogs are opened by a parent's state (a menu item, a button that sets `open`, a lazy dialog), with
 * no Trigger: without this, closing them would leave focus on the page's body. Spread the two handlers on
 * the Radix Content; a caller's own handler still runs first.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnTo,
}: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on close when the dialog is not opened from the page: a dialog that follows another
   * opens while the first still holds focus, so it returns to what opened the first.
   */
  returnTo?: RefObject<HTMLElement | null>;
} = {}) {
  const captured = useRef<HTMLElement | null>(null);
  const opener = returnTo ?? captured;
  return {
    onOpenAutoFocus: (event: Event) => {
      if (!returnTo) captured.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      // The opener may be gone (a menu item whose menu closed): then Radix's own choice, the Trigger if any.
      if (opener.current?.isConnected && opener.current !== document.body) {
        event.preventDefault();
        returnFocusTo(opener.current);
      }
    },
  };
}
