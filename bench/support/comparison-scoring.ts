// Strict scoring of a comparison against labelled conflicts (issue 33, item 10), shared by every set the
// comparison-quality benchmark reads. The scorer never uses the analyser's own notion of a value: a quoted
// value matches a label only through the words and figures both write.

import type { AnswerForComparison, ComparisonAnalysis, Disagreement } from '../../src/common/comparison';
import type { ValueKind } from '../corpus/held-out-corpus';

/**
 * One labelled conflict: each side maps its models to the value exactly as each one's answer writes it, or
 * to every way it writes that one value ('46,900,000 grams or 46.9 metric tons': either names it).
 */
export interface ScoredConflict {
  kind: ValueKind;
  sides: Array<Record<string, string | string[]>>;
}

/** Every spelling a model gives its one value. */
export const spellingsOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export interface ScoredCase {
  name: string;
  question: string;
  answers: AnswerForComparison[];
  conflicts: ScoredConflict[];
}

/** Lower-case words and figures, thousands separators dropped ('1,480 m/s' -> ['1480', 'm', 's']). */
export function valueTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(?<=\d)[,\u00a0\u202f'](?=\d{3}(?!\d))/g, '')
    .split(/[^\p{L}\p{N}.]+|(?<!\d)\.|\.(?!\d)/u)
    .filter(Boolean);
}

function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((token, j) => haystack[i + j] === token)) return true;
  }
  return false;
}

const meaningful = (tokens: string[]) => tokens.some((t) => /\d/.test(t) || t.length >= 4);

/**
 * Whether a disagreement's quoted value is the labelled value: the same words and figures, or one inside
 * the other when the inner one still carries the value (a figure, or a word of four letters or more) and
 * the outer adds at most three words ('1889' in 'in 1889'; 'June 6, 1944' in 'June 6, 1944 (D-Day)' is not).
 */
export function quotesValue(quoted: string, labelled: string): boolean {
  const q = valueTokens(quoted);
  const l = valueTokens(labelled);
  if (q.length === 0 || l.length === 0) return false;
  if (q.join(' ') === l.join(' ')) return true;
  if (q.length <= l.length + 3 && containsRun(q, l) && meaningful(l)) return true;
  return 2 * q.length >= l.length && containsRun(l, q) && meaningful(q);
}

/** Whether a sentence holds a labelled quote word for word (not merely its value). */
function holdsWhole(sentence: string, labelled: string): boolean {
  const words = valueTokens(labelled);
  return words.length > 1 && containsRun(valueTokens(sentence), words);
}

type Position = Disagreement['positions'][number];

/** A position that quotes, as its value, the value its own model wrote on side `side`, and no other side's. */
function quotesSide(position: Position, conflict: ScoredConflict, side: number): boolean {
  const own = spellingsOf(conflict.sides[side]?.[position.model]);
  if (own.length === 0 || !position.value) return false;
  // A yes/no position's value is its stance; the label quotes the words that take it ('not with the naked eye').
  if (conflict.kind === 'yes-no' && /^(yes|no)$/i.test(position.value.trim())) {
    return own.some((words) => position.claim.includes(words) || position.claim.includes(words.replace(/…$/, '')));
  }
  if (!own.some((spelling) => quotesValue(position.value!, spelling))) return false;
  return !conflict.sides.some(
    (other, i) =>
      i !== side &&
      Object.values(other)
        .flatMap(spellingsOf)
        .some((value) => quotesValue(position.value!, value)),
  );
}

/** Named: one disagreement quotes a value only one side wrote and a value only another side wrote, each by a model of its side. */
export function namesConflict(disagreement: Disagreement, conflict: ScoredConflict): boolean {
  const sidesQuoted = new Set<number>();
  for (const position of disagreement.positions) {
    conflict.sides.forEach((_, side) => {
      if (quotesSide(position, conflict, side)) sidesQuoted.add(side);
    });
  }
  return sidesQuoted.size >= 2;
}

export interface CaseScore {
  name: string;
  styleOnly: boolean;
  /** Per labelled conflict, whether one disagreement names it. */
  named: Array<{ kind: ValueKind; named: boolean }>;
  reported: number;
  /** Reported disagreements that name a labelled conflict. */
  trueReports: number;
  agreedClaims: number;
  falseAgreements: number;
  /** The Parallax answer states a contested value as shared (or two incompatible values as shared facts). */
  contestedAsShared: boolean;
  /** One model is alone on a side of a conflict the others agree on: whether it was ranked first or tied first. */
  oddOneOut: { model: string; rankedFirst: boolean } | null;
  falseReports: Disagreement[];
  /** Each false agreement: the model, the value it wrote, its claim's text and who was said to agree. */
  falselyAgreed: Array<{ model: string; value: string; claim: string; agreedBy: string[] }>;
  missed: ScoredConflict[];
}

function sideOf(conflict: ScoredConflict, model: string): number {
  return conflict.sides.findIndex((side) => model in side);
}

export function scoreCase(set: ScoredCase, analysis: ComparisonAnalysis): CaseScore {
  const named = set.conflicts.map((conflict) => ({
    kind: conflict.kind,
    named: analysis.disagreements.some((d) => namesConflict(d, conflict)),
  }));
  const trueOnes = analysis.disagreements.filter((d) => set.conflicts.some((c) => namesConflict(d, c)));

  let agreedClaims = 0;
  const falselyAgreed: CaseScore['falselyAgreed'] = [];
  for (const entry of analysis.claims ?? []) {
    const text = set.answers.find((a) => a.model === entry.model)?.text ?? '';
    for (const claim of entry.claims) {
      if (claim.status !== 'agreed' && claim.agreedBy.length === 0) continue;
      agreedClaims += 1;
      const value = text.slice(claim.start, claim.end);
      const ownSpellings = (conflict: ScoredConflict) => {
        const side = sideOf(conflict, entry.model);
        return side < 0 ? [] : spellingsOf(conflict.sides[side]![entry.model]);
      };
      const quoted = set.conflicts.filter((conflict) => ownSpellings(conflict).some((own) => quotesValue(value, own)));
      // One figure can be the value of two labelled facts ('Width = 60 feet' and 'Length = 60 feet'): a claim
      // that holds one label's words whole is about that fact, not the other.
      const whole = quoted.filter((conflict) => ownSpellings(conflict).some((own) => holdsWhole(claim.text, own)));
      const wrong = (whole.length > 0 ? whole : quoted).some((conflict) => {
        const side = sideOf(conflict, entry.model);
        return claim.agreedBy.some((other) => {
          const otherSide = sideOf(conflict, other);
          return otherSide >= 0 && otherSide !== side;
        });
      });
      if (wrong) falselyAgreed.push({ model: entry.model, value, claim: claim.text, agreedBy: claim.agreedBy });
    }
  }

  const sentences = analysis.consensus?.sentences ?? [];
  const contestedAsShared = set.conflicts.some((conflict) => {
    const statedSides = new Set<number>();
    for (const sentence of sentences) {
      const words = valueTokens(sentence.text);
      conflict.sides.forEach((side, index) => {
        const stated = Object.values(side)
          .flatMap(spellingsOf)
          .some((value) => {
            const v = valueTokens(value);
            return meaningful(v) && containsRun(words, v);
          });
        if (!stated) return;
        statedSides.add(index);
        // Credited to a model that wrote another side's value.
        if (sentence.models.some((model) => sideOf(conflict, model) >= 0 && sideOf(conflict, model) !== index)) {
          statedSides.add(-1);
        }
      });
    }
    return statedSides.has(-1) || [...statedSides].filter((s) => s >= 0).length > 1;
  });

  let oddOneOut: CaseScore['oddOneOut'] = null;
  const answered = set.answers.filter((a) => a.text !== null && a.error === null).map((a) => a.model);
  if (answered.length >= 3) {
    for (const conflict of set.conflicts) {
      const alone = conflict.sides.filter((side) => Object.keys(side).length === 1);
      const crowd = conflict.sides.filter((side) => Object.keys(side).length >= 2);
      if (alone.length === 1 && crowd.length === 1) {
        const model = Object.keys(alone[0]!)[0]!;
        const ranking = analysis.confidenceRanking;
        const top = ranking[0]?.score;
        const rankedFirst = ranking.some((entry) => entry.model === model && entry.score === top);
        oddOneOut = { model, rankedFirst };
        break;
      }
    }
  }

  return {
    name: set.name,
    styleOnly: set.conflicts.length === 0,
    named,
    reported: analysis.disagreements.length,
    trueReports: trueOnes.length,
    agreedClaims,
    falseAgreements: falselyAgreed.length,
    contestedAsShared,
    oddOneOut,
    falseReports: analysis.disagreements.filter((d) => !trueOnes.includes(d)),
    falselyAgreed,
    missed: set.conflicts.filter((_, i) => !named[i]!.named),
  };
}
