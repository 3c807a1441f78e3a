import { lazy, Suspense, useState } from 'react';
import { ANNOUNCER_ID } from '../../lib/announce';
import { useCurrentToast } from './toast-store';

// The toaster's code (Radix Toast) loads with the first toast, not with the page (docs/performance.md,
// "Home page weight"). The store keeps the toast asked for meanwhile, so it shows once the code is in.
// The live region is on the page from the first paint and the toaster announces into it: a region
// added together with its text is often not read out, so the first toast would otherwise go unheard.
const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

export function ToastHost() {
  const entry = useCurrentToast();
  const [announcer, setAnnouncer] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  if (entry && !wanted) setWanted(true);
  return (
    <>
      <div ref={setAnnouncer} role="status" aria-live="polite" className="sr-only" />
      <div id={ANNOUNCER_ID} role="status" aria-live="polite" className="sr-only" />
      {wanted && announcer && (
        <Suspense fallback={null}>
          <Toaster announcer={announcer} />
        </Suspense>
      )}
    </>
  );
}
