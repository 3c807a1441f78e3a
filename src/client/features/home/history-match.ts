import { COMPARISON_MODEL } from '../../../common/model-catalogue';
import type { SavedQuery } from '../../../common/query-schemas';

// What a history search matched, shown under each result (decision 0050). The server finds a question
// when every typed word begins a word of the question or of its answers; this finds the same words in
// the text the list already holds, to mark them and, when the question itself does not show why it was
// found, to quote the answer that does.

/** The typed words as the server splits them: runs of letters and digits, lower-cased. */
export function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** Where in `text` a word begins with one of `words`, as [start, end) pairs in order. */
export function matchRanges(text: string, words: readonly string[]): [number, number][] {
  if (words.length === 0) return [];
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const word of /[\p{L}\p{N}]+/gu[Symbol.matchAll](lower)) {
    const typed = words.find((w) => word[0].startsWith(w));
    const start = word.index ?? 0;
    if (typed) ranges.push([start, start + typed.length]);
  }
  return ranges;
}

const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 120;

/**
 * A short quote of the first answer holding a typed word, when the question holds none of them; null
 * when the question shows the match itself or no answer holds one. Markdown marks are left out.
 */
export function answerSnippet(query: SavedQuery, words: readonly string[]): string | null {
  if (words.length === 0 || matchRanges(query.text, words).length > 0) return null;
  for (const response of query.responses) {
    if (response.model === COMPARISON_MODEL || !response.text) continue;
    const plain = response.text
      .replace(/[*_`#>|~[\]]+/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const [first] = matchRanges(plain, words);
    if (!first) continue;
    const start = Math.max(0, first[0] - SNIPPET_BEFORE);
    const end = Math.min(plain.length, start + SNIPPET_LENGTH);
    return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`;
  }
  return null;
}
