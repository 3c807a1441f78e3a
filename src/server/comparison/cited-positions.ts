import type { ComparisonAnalysis } from '../../common/comparison';
import type { AnswerSource, CitationMark } from '../../common/query-schemas';

// Which disputed claims have a cited source on each side (issue 17, item 2): each side of each
// disagreement gets the pages its answer cites for the sentence that states it. A citation belongs to
// a sentence when its mark stands inside it or right after its end, before the next words (where
// vendors put them: 'fell in 1989.[2]'), or when the passage the vendor says it supports (a cited
// block of several sentences, a grounded range) holds the claim. Claims are found by their sentence,
// which the analysers quote from the answer, or failing that by the value.

export interface CitedAnswer {
  model: string;
  text: string | null;
  sources?: readonly AnswerSource[];
  citationMarks?: readonly CitationMark[];
}

export function noteCitedSources(comparison: ComparisonAnalysis, answers: readonly CitedAnswer[]): ComparisonAnalysis {
  const withSources = answers.filter((a) => a.text && (a.sources?.length ?? 0) > 0);
  if (withSources.length === 0) return comparison;
  const disagreements = comparison.disagreements.map((d) => ({
    ...d,
    positions: d.positions.map((position) => {
      const answer = answers.find((a) => a.model === position.model);
      if (!answer?.text) return position;
      const span = locate(answer.text, position.claim, position.value);
      const citedSources = span ? sourcesCitedIn(answer, span) : [];
      return { ...position, citedSources };
    }),
  }));
  return { ...comparison, disagreements };
}

function locate(text: string, claim: string, value: string | undefined): [number, number] | undefined {
  const sentence = claim.trim() ? text.indexOf(claim.trim()) : -1;
  if (sentence >= 0) return [sentence, sentence + claim.trim().length];
  const at = value ? text.indexOf(value) : -1;
  return at >= 0 ? [at, at + value!.length] : undefined;
}

/** The sentence around [start, end), widened over the citation markers that follow it. */
function sourcesCitedIn(answer: CitedAnswer, [start, end]: [number, number]): AnswerSource[] {
  const text = answer.text!;
  const sentenceEnd = endOfSentence(text, Math.max(start, end - 1));
  const marks = answer.citationMarks ?? [];
  const cited = new Set<number>();
  for (const mark of marks) {
    if (mark.passageStart !== undefined && start >= mark.passageStart && start < mark.start) cited.add(mark.source);
    else if (mark.start >= start && mark.start <= sentenceEnd) cited.add(mark.source);
    else if (mark.start > sentenceEnd && onlyMarkersBetween(text, sentenceEnd, mark.start, marks))
      cited.add(mark.source);
  }
  const sources = answer.sources ?? [];
  return [...cited].sort((a, b) => a - b).flatMap((index) => (sources[index] ? [sources[index]] : []));
}

/** The offset just after the sentence that holds `from` ends ('.', '!' or '?' before a space, or a line end). */
function endOfSentence(text: string, from: number): number {
  const rest = /[.!?](?=\s|\[|$)|\n/.exec(text.slice(from));
  return rest ? from + rest.index + (rest[0] === '\n' ? 0 : 1) : text.length;
}

/** Between `from` and `to` stand only spaces and other citation markers, on the same line. */
function onlyMarkersBetween(text: string, from: number, to: number, marks: readonly CitationMark[]): boolean {
  let at = from;
  while (at < to) {
    if (text[at] === ' ' || text[at] === '\t') {
      at++;
      continue;
    }
    const marker = marks.find((m) => m.start === at && m.end > m.start);
    if (!marker) return false;
    at = marker.end;
  }
  return true;
}
