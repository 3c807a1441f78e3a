import type { ReactNode } from 'react';
import type { SavedQuery } from '../../../common/query-schemas';
import { answerSnippet, matchRanges } from './history-match';
import { historyLaterTexts } from './history-later-texts';

// A search result's text: the typed words marked, and a quote of the answer that matched when the
// question does not show why it was found. Loaded with the first search (history-item.tsx).

/** `text` with the typed words marked where a word of it begins with one. */
function Marked({ text, words }: { text: string; words: readonly string[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matchRanges(text, words)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The question with the typed words marked. */
export function MarkedQuestion({ query, words }: { query: SavedQuery; words: readonly string[] }) {
  return <Marked text={query.text} words={words} />;
}

/** The quote of the answer that matched, when the question does not show why it was found; else nothing. */
export function AnswerSnippet({ query, words }: { query: SavedQuery; words: readonly string[] }) {
  const snippet = answerSnippet(query, words);
  if (!snippet) return null;
  return (
    <span className="line-clamp-2 text-xs break-words text-muted-foreground">
      <span className="sr-only">{historyLaterTexts.matchedInAnswer} </span>
      <Marked text={snippet} words={words} />
    </span>
  );
}
