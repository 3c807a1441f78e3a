import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { historyLaterTexts } from './history-later-texts';

// The end of a Session History that has more pages: the next one loads as this scrolls into view (where
// the browser can tell), or with the Load more button, which keyboard users reach. Loaded only once a
// history has a second page (docs/performance.md, "Home page weight").

export function HistoryMore({
  loading,
  failed,
  onMore,
}: {
  /** The next page is being read. */
  loading: boolean;
  /** The last read of a page failed: scrolling does not try again, the button does. */
  failed: boolean;
  onMore: () => void;
}) {
  const target = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, failed, onMore });
  useEffect(() => {
    latest.current = { loading, failed, onMore };
  });
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { loading: busy, failed: stop, onMore: more } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && !busy && !stop) more();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={target} className="flex justify-center">
      <Button variant="ghost" size="sm" onClick={onMore} disabled={loading}>
        {loading ? historyLaterTexts.loadingMore : historyLaterTexts.loadMore}
      </Button>
    </div>
  );
}
