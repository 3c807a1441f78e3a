import { useCallback, useEffect, useRef } from 'react';

/**
 * `later(ms, run)`: a timeout owned by the component that asked for it, cleared when it unmounts,
 * so a follow-up refetch never fires into a page the user has left.
 */
export function useTimers() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
}
