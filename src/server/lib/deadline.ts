// A signal that aborts when the caller's does or when `ms` have passed. AbortSignal.any() holds the
// signals it combines only weakly, so an AbortSignal.timeout() passed to it can be garbage-collected
// before it fires and a hanging vendor then never times out (seen in the full test run, issue
// 'Comparison you can trust'). A plain timer is held by the event loop until it fires or is cleared.

export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer; call when the work is over, whatever its outcome. */
  clear: () => void;
}

export function deadline(callerSignal: AbortSignal, ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  const onCallerAbort = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) onCallerAbort();
  else callerSignal.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', onCallerAbort);
    },
  };
}
