import { History, Search, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { HISTORY_SEARCH_MAX } from '../../../common/history-paging';
import { shortcuts } from '../../components/shortcuts/keyboard-shortcuts';
import { HISTORY_SEARCH_ID } from './history-search-shortcut';
import { fillMessage } from '../../../common/messages';
import type { SavedQuery } from '../../../common/query-schemas';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { useHistoryPages } from '../../api/history';
import { groupByDate } from './history-groups';
import { HistoryItem } from './history-item';
import { searchWords } from './history-match';
import { historyTexts } from './history-texts';
import { SidebarSection } from './sidebar';

// The next pages' loader comes with a history's second page: most first visits have none.
const HistoryMore = lazy(async () => ({ default: (await import('./history-more')).HistoryMore }));
const ClearHistoryDialog = lazyDialog(async () => (await import('./clear-history-dialog')).ClearHistoryDialog);

/** How long typing pauses before the search is asked. */
const SEARCH_DELAY_MS = 250;
/** Deleting, with its Undo, loads with the first delete (or as the pointer or focus nears a bin). */
const loadDelete = () => import('./history-delete');

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
    <div role="status" aria-label={historyTexts.loading} className="grid gap-2">
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-1.5 rounded-lg border p-2.5">
          <div className="h-3.5 w-11/12 animate-pulse rounded bg-muted" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/**
 * The typed search, asked once typing pauses. Escape in a box with text empties it and goes no further:
 * the phone's sidebar sheet closes on Escape from a listener of its own on the document, so this one
 * listens on the window, before it.
 */
function useSearch(box: RefObject<HTMLInputElement | null>) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== box.current || !box.current?.value) return;
      event.preventDefault();
      event.stopPropagation();
      setTyped('');
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [box]);
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === search) return;
    // Emptying the box shows the plain history at once; a word waits for the typing to pause.
    if (!wanted) return setSearch('');
    const timer = setTimeout(() => setSearch(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);
  return { typed, setTyped, search };
}

/**
 * The caller's questions by date, newest first, paged as the list scrolls, with a search over the
 * questions and their answers (docs/product.md, "History and query detail"); choosing one shows its
 * results, and each can be deleted with Undo.
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
  const searchBox = useRef<HTMLInputElement>(null);
  const { typed, setTyped, search } = useSearch(searchBox);
  const history = useHistoryPages(sessionId, search);
  const queryClient = useQueryClient();
  const words = useMemo(() => searchWords(search), [search]);

  // A question is listed once even while a page read again overlaps the one after it.
  const pages = history.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (pages ?? []).flatMap((page) => page.items).filter((q) => !seen.has(q.id) && seen.add(q.id));
  }, [pages]);
  const total = pages?.[0]?.total ?? null;
  const groups = groupByDate(items, new Date());
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  function deleteQuestion(query: SavedQuery) {
    // Focus moves to the next question (or the search box) before this one leaves the list.
    const index = items.findIndex((q) => q.id === query.id);
    const next = items[index + 1] ?? items[index - 1];
    const row = next && document.querySelector<HTMLElement>(`[data-history-item="${next.id}"]`);
    (row ?? searchBox.current)?.focus();
    if (query.id === selectedId) onCleared();
    void loadDelete().then(({ deleteWithUndo }) => deleteWithUndo(queryClient, sessionId, query));
  }

  const searching = search !== '';
  const announcement =
    !searching || history.isPending || history.isPlaceholderData
      ? ''
      : total === 0 || (total === null && items.length === 0)
        ? historyTexts.noMatch
        : total === 1
          ? historyTexts.foundOne
          : fillMessage(historyTexts.found, { count: total ?? items.length });

  return (
    <SidebarSection
      title={historyTexts.title}
      action={
        !searching && items.length > 0 ? <ClearHistoryButton sessionId={sessionId} onCleared={onCleared} /> : undefined
      }
    >
      <div role="search" className="relative">
        <label htmlFor={HISTORY_SEARCH_ID} className="sr-only">
          {historyTexts.searchLabel}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          ref={searchBox}
          id={HISTORY_SEARCH_ID}
          type="search"
          aria-keyshortcuts={shortcuts.searchHistory.aria}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={historyTexts.searchPlaceholder}
          maxLength={HISTORY_SEARCH_MAX}
          autoComplete="off"
          className="h-9 w-full rounded-md border border-input bg-card pr-2 pl-8 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </div>
      <p
        role="status"
        aria-live="polite"
        className={searching && announcement ? 'text-xs text-muted-foreground' : 'sr-only'}
      >
        {announcement}
      </p>
      {history.isPending ? (
        <HistorySkeleton />
      ) : history.isError && items.length === 0 ? (
        <Notice>
          <p>{searching ? historyTexts.searchFailed : historyTexts.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            {historyTexts.retry}
          </Button>
        </Notice>
      ) : items.length === 0 ? (
        searching ? null : (
          <Notice>
            <History className="size-5" aria-hidden />
            <p>{historyTexts.empty}</p>
          </Notice>
        )
      ) : (
        <div className="grid gap-3" aria-busy={history.isPlaceholderData ? true : undefined}>
          {/* One list of the date groups, each a heading and its own list of questions. */}
          <ul
            className="grid gap-3"
            aria-label={historyTexts.list}
            onPointerOver={() => void loadDelete()}
            onFocus={() => void loadDelete()}
          >
            {groups.map((group) => (
              <li key={group.key} className="grid gap-1">
                <h3
                  id={`history-group-${group.key}`}
                  className="px-1 text-[0.7rem] font-medium tracking-wide text-muted-foreground uppercase"
                >
                  {historyTexts.groups[group.key]}
                </h3>
                <ul className="grid gap-1" aria-labelledby={`history-group-${group.key}`}>
                  {group.items.map((query) => (
                    <HistoryItem
                      key={query.id}
                      query={query}
                      current={query.id === selectedId}
                      words={words}
                      onSelect={onSelect}
                      onDelete={deleteQuestion}
                    />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <Suspense>
              <HistoryMore
                loading={isFetchingNextPage}
                failed={history.isFetchNextPageError}
                onMore={() => void fetchNextPage()}
              />
            </Suspense>
          )}
        </div>
      )}
    </SidebarSection>
  );
}
