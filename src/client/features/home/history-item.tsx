import { Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { SavedQuery } from '../../../common/query-schemas';
import { RelativeTime } from '../../components/ui/relative-time';
import { cn } from '../../lib/cn';
import { historyTexts } from './history-texts';

// Marks and quotes load with the first search (docs/performance.md, "Home page weight").
const loadSearchHit = () => import('./history-search-hit');
const MarkedQuestion = lazy(async () => ({ default: (await loadSearchHit()).MarkedQuestion }));
const AnswerSnippet = lazy(async () => ({ default: (await loadSearchHit()).AnswerSnippet }));

/**
 * One question of the Session History: choosing it shows its results; the bin deletes it (the toast
 * offers Undo). On a fine pointer the bin shows on hover or focus; on touch it always shows.
 */
export function HistoryItem({
  query,
  current,
  words,
  onSelect,
  onDelete,
}: {
  query: SavedQuery;
  current: boolean;
  /** The search's words, to mark; none for the plain history. */
  words: readonly string[];
  onSelect: (query: SavedQuery) => void;
  onDelete: (query: SavedQuery) => void;
}) {
  return (
    <li className="group relative">
      <button
        type="button"
        data-history-item={query.id}
        onClick={() => onSelect(query)}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'grid w-full cursor-pointer gap-1 rounded-lg border py-2 pr-9 pl-2.5 text-left transition-colors',
          current ? 'border-indigo-300 bg-secondary' : 'border-transparent hover:border-border hover:bg-muted/60',
        )}
      >
        <span id={`history-question-${query.id}`} className="line-clamp-2 text-sm break-words">
          {words.length > 0 ? (
            <Suspense fallback={query.text}>
              <MarkedQuestion query={query} words={words} />
            </Suspense>
          ) : (
            query.text
          )}
        </span>
        {words.length > 0 && (
          <Suspense>
            <AnswerSnippet query={query} words={words} />
          </Suspense>
        )}
        <RelativeTime date={query.createdAt} className="text-xs text-muted-foreground" />
      </button>
      <button
        type="button"
        onClick={() => onDelete(query)}
        // Named alike, told apart by the question they describe: a name holding the question's text would
        // make every search for the question by its words find two buttons.
        aria-label={historyTexts.deleteQuestion}
        aria-describedby={`history-question-${query.id}`}
        className={cn(
          'absolute top-1.5 right-1.5 cursor-pointer rounded-md p-1.5 text-muted-foreground transition-opacity',
          'hover:bg-muted hover:text-destructive focus-visible:opacity-100',
          'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:group-focus-within:opacity-100',
        )}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
