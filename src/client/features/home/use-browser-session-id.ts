import { useState } from 'react';
import { getSessionId } from '../../lib/session-id';

/**
 * The browser's session id (docs/product.md, "Sign-out and the browser's session id"). Login drops it and
 * logout replaces it, so it is read again whenever the signed-in identity changes.
 */
export function useBrowserSessionId(identity: number | null | undefined): string {
  const [state, setState] = useState(() => ({ identity, id: getSessionId() }));
  if (state.identity !== identity) {
    const next = { identity, id: getSessionId() };
    setState(next);
    return next.id;
  }
  return state.id;
}
