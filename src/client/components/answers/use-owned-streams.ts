import { useCallback, useEffect, useRef } from 'react';

/**
 * The streams a card opens (a retry, a re-check), each hung up when the page goes away; the server keeps
 * what arrived, as with a question. `open` gives a stream its signal and `close` forgets it once it ended.
 */
export function useOwnedStreams() {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const open = controllers.current;
    return () => open.forEach((controller) => controller.abort());
  }, []);
  return useCallback(() => {
    const controller = new AbortController();
    controllers.current.add(controller);
    return { signal: controller.signal, close: () => controllers.current.delete(controller) };
  }, []);
}
