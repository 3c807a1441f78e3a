import { History, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SavedQuery } from '../../../common/query-schemas';
import { Button } from '../../components/ui/button';
import { RelativeTime } from '../../components/ui/relative-time';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { cn } from '../../lib/cn';
import { useHistory } from '../../api/history';
import { SidebarSection } from './sidebar';

const ClearHistoryDialog = lazyDialog(async () => (await import('./clear-history-dialog')).ClearHistoryDialog);

function ClearHistoryButton({ sessionId, onCleared }: { sessionId: string; onCleared: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-muted-foreground hover:text-destructive"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        Clear history
      </Button>
      <ClearHistoryDialog open={open} onOpenChange={setOpen} sessionId={sessionId} onCleared={onCleared} />
    </>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-label="Loading history" className="grid gap-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-1.5 rounded-lg border p-2.5">
          <div className="h-3.5 w-11/12 animate-pulse rounded bg-muted" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/**
 * The caller's questions, newest first (docs/product.md, "History and query detail"); choosing one shows its
 * results.
 */
export function SessionHistory({
  sessionId,
  selectedId,
  onSelect,
  onCleared,
}: {
  sessionId: string;
  selectedId: number | null;
  onSelect: (query: SavedQuery) => void;
  onCleared: () => void;
}) {
  const history = useHistory(sessionId);
  const items = history.data ?? [];

  return (
    <SidebarSection
      title="Session History"
      action={items.length > 0 ? <ClearHistoryButton sessionId={sessionId} onCleared={onCleared} /> : undefined}
    >
      {history.isPending ? (
        <HistorySkeleton />
      ) : history.isError ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          Failed to fetch query history
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
          <History className="size-5" aria-hidden />
          <p>No questions yet</p>
        </div>
      ) : (
        <ul className="grid gap-1.5" aria-label="Previous questions">
          {items.map((query) => {
            const current = query.id === selectedId;
            return (
              <li key={query.id}>
                <button
                  type="button"
                  onClick={() => onSelect(query)}
                  aria-current={current ? 'true' : undefined}
                  className={cn(
                    'grid w-full gap-1 rounded-lg border px-2.5 py-2 text-left transition-colors cursor-pointer',
                    current
                      ? 'border-indigo-300 bg-secondary'
                      : 'border-transparent hover:border-border hover:bg-muted/60',
                  )}
                >
                  <span className="line-clamp-2 text-sm break-words">{query.text}</span>
                  <RelativeTime date={query.createdAt} className="text-xs text-muted-foreground" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </SidebarSection>
  );
}
