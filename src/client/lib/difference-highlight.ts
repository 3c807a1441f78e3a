// Difference highlighting (docs/product.md, "Comparison"): a sentence is highlighted when its word-overlap
// similarity with another response is under 0.5, ignoring words of 2 letters or fewer.

export const DIFFERENCE_THRESHOLD = 0.5;

/** Words that count for overlap: lower case, letters and digits only, longer than 2 characters. */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => word.length > 2));
}

/**
 * The [start, end) character ranges of the sentences of `text`, trimmed. A sentence ends at . ! or ?
 * (with any closing quotes or brackets) followed by white space and a character that is not a
 * lower-case letter (so 'e.g. this' stays whole), or at a line break.
 */
export function sentenceRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) ranges.push([start, end]);
  };
  const boundary = /[.!?]+["'”’)\]]*(?=\s+(?![\p{Ll}]))|\n/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return ranges;
}

export function splitSentences(text: string): string[] {
  return sentenceRanges(text).map(([start, end]) => text.slice(start, end));
}

/** |A ∩ B| / |A| over content words: how much of `a` is also said in `b` (0 when `a` has no content words). */
export function similarity(a: string, b: string): number {
  return overlap(contentWords(a), contentWords(b));
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / a.size;
}

/**
 * A predicate for the sentences of `own`: true when, for at least one other response, the
 * sentence's best word overlap (with any of that response's sentences, or with the response as a
 * whole) is under the threshold. Sentences without content words are never highlighted, and
 * nothing is highlighted when there is no other response to compare with.
 */
export function differenceHighlighter(own: string, others: string[]): (sentence: string) => boolean {
  if (own.trim() === '') return () => false;
  const compared = others
    .filter((other) => other.trim() !== '')
    .map((other) => ({ whole: contentWords(other), sentences: splitSentences(other).map(contentWords) }));
  const cache = new Map<string, boolean>();
  return (sentence) => {
    const cached = cache.get(sentence);
    if (cached !== undefined) return cached;
    const words = contentWords(sentence);
    const result =
      words.size > 0 &&
      compared.some(({ whole, sentences }) => {
        const best = Math.max(overlap(words, whole), ...sentences.map((other) => overlap(words, other)));
        return best < DIFFERENCE_THRESHOLD;
      });
    cache.set(sentence, result);
    return result;
  };
}
