// The question-aware comparison (comparison issue, item 1): for every value the question asks for
// (question.ts), each answer's main value of that kind is found and compared directly with the others',
// however the answers word the sentence around it ('fell' / 'came down') or whether they answer in a
// bare fragment ('6 June 1944.'). A value confirms another only under the same strict rule that would
// make it a conflict: equal by value-compare.ts, and stated where that answer gives its own answer.

import type { Claim } from './claims';
import { verdictOf } from './claims';
import { candidatesOf, type Comparable, type MainValue } from './main-candidates';
import { sameName } from './names';
import { CHOSEN_OPTION, MIN_OPTIONS, optionsOffered } from './options';
import { expectationsOf, questionStems, type AnswerKind, type Expectation } from './question';
import { relateIgnoringRoles, sameNameOrPlace } from './value-compare';
import { isContentWord } from './words';
import type { ValueSpans } from './value-spans';
import type { FactGate } from './fact-gate';

export interface MainFinding {
  expectation: Expectation | { kind: 'yes-no'; focus: string[] };
  /** Every answer's main value, grouped into sides of equal values. */
  sides: MainValue[][];
  /** What the card calls it, when not the question (definitions.ts). */
  topic?: string;
}

const TOPIC_OF_KIND: Record<AnswerKind | 'yes-no', string> = {
  time: 'When',
  person: 'Who',
  place: 'Where',
  quantity: 'How much',
  count: 'How many',
  proportion: 'What share',
  money: 'What it cost',
  thing: 'What',
  list: 'Which',
  'yes-no': 'Yes or no',
};

const KIND_LABEL: Record<AnswerKind | 'yes-no', string> = {
  time: 'when',
  person: 'who',
  place: 'where',
  quantity: 'how much',
  count: 'how many',
  proportion: 'share',
  money: 'amount',
  thing: 'what',
  list: 'which',
  'yes-no': 'yes or no',
};

/** The most words of the question a topic keeps. */
const TOPIC_WORDS = 6;

/**
 * What the card calls a disagreement on the question's own answer: the question's content words and the
 * kind of value ('Eiffel Tower completed (when)'), never the question's text itself (issue 33, item 1).
 */
export function topicOfFinding(finding: MainFinding, question: string): string {
  if (finding.topic) return finding.topic;
  // The words of the part asked, as the question writes them ('Eiffel Tower', not 'eiffel tower'): never
  // the instructions around it ('Try to explain your answer').
  const part = 'part' in finding.expectation ? finding.expectation.part : undefined;
  const wordsOf = (text: string) =>
    text
      .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const asWritten = new Map<string, string>();
  for (const word of wordsOf(question)) if (!asWritten.has(word.toLowerCase())) asWritten.set(word.toLowerCase(), word);
  const words = (part ? wordsOf(part).map((word) => asWritten.get(word) ?? word) : wordsOf(question))
    .filter((word) => isContentWord(word.toLowerCase()) && !TOPIC_FRAME.has(word.toLowerCase()))
    .slice(0, TOPIC_WORDS);
  const kind = KIND_LABEL[finding.expectation.kind];
  if (words.length === 0) return TOPIC_OF_KIND[finding.expectation.kind];
  const head = words.join(' ');
  return `${head.charAt(0).toUpperCase()}${head.slice(1)} (${kind})`;
}

/** Words that frame a question but name nothing it is about. */
const TOPIC_FRAME = new Set(
  'what which who whom whose when where why how many much tell give explain please know find solve calculate compute'.split(
    ' ',
  ),
);

function relation(a: Comparable, b: Comparable): 'same' | 'different' | 'incomparable' {
  if (a.kind === 'data' && b.kind === 'data') return relateIgnoringRoles(a.data, b.data);
  if (a.kind === 'name' && b.kind === 'name') return sameNameOrPlace(a, b) ? 'same' : 'different';
  if (a.kind === 'thing' && b.kind === 'thing') {
    const [shorter, longer] = a.stems.length <= b.stems.length ? [a.stems, b.stems] : [b.stems, a.stems];
    if (shorter.every((word) => longer.includes(word))) return 'same';
    return a.stems.at(-1) === b.stems.at(-1) ? 'same' : 'different';
  }
  if (a.kind === 'verdict' && b.kind === 'verdict') return a.verdict === b.verdict ? 'same' : 'different';
  return 'incomparable';
}

function best(candidates: MainValue[]): MainValue | null {
  let top: MainValue | null = null;
  for (const candidate of candidates) if (!top || candidate.score > top.score + 1e-9) top = candidate;
  return top;
}

/**
 * How much less prominently than its own answer an answer may state another value and still be taken
 * to state it as its answer too: less than one question word or the bold that marks its own answer.
 */
const CONFIRM_MARGIN = 0.7;
/** How close in prominence a different value may come before an answer's own answer is unclear. */
const AMBIGUITY_MARGIN = 0.5;
/** The least a value must score to be taken as an answer's answer: one question word, bold, or the first sentence with a little more. */
const MIN_MAIN_SCORE = 1;

/**
 * Answer `b` confirms value `a` when it states an equal value as well as it states its own answer: its
 * best-scored candidates include one equal to `a` (a wrong person named in another role, or a year in
 * another sentence, does not).
 */
function confirms(bCandidates: MainValue[], bMain: MainValue, a: MainValue): boolean {
  return bCandidates.some(
    (c) => c.score >= bMain.score - CONFIRM_MARGIN && relation(c.comparable, a.comparable) === 'same',
  );
}

function sidesOf(mains: MainValue[], candidates: Map<number, MainValue[]>): MainValue[][] | null {
  let sides = equalSides(mains);
  // Sides one of whose answers also states the other's value as its answer are not in conflict: they merge.
  const related = (x: MainValue[], y: MainValue[]) =>
    relation(x[0]!.comparable, y[0]!.comparable) !== 'different' ||
    x.some((main) => confirms(candidates.get(main.answer) ?? [], main, y[0]!)) ||
    y.some((main) => confirms(candidates.get(main.answer) ?? [], main, x[0]!));
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < sides.length; i++) {
      for (let j = i + 1; j < sides.length; j++) {
        if (!related(sides[i]!, sides[j]!)) continue;
        // The larger side keeps its value as the side's value.
        const [keep, fold] = sides[i]!.length >= sides[j]!.length ? [sides[i]!, sides[j]!] : [sides[j]!, sides[i]!];
        sides = sides.filter((side) => side !== fold);
        keep.push(...fold.map((main) => ({ ...main, merged: true })));
        merged = true;
        break outer;
      }
    }
  }
  const contested = sides.map((side) => side.filter((main) => !(main as { merged?: boolean }).merged));
  return contested.length >= 2 ? contested : null;
}

/** The unit as written ('°C', 'K', 'mg'). */
const writtenUnit = (main: MainValue) => main.display.replace(/[\d\s.,×^+\-−–]/g, '').toLowerCase();

/** How near its own main figure another figure must be to read as a restatement of it ('77 K, about −186 °C'). */
const RESTATEMENT = 0.25;

function amountOf(main: MainValue): number | null {
  return main.comparable.kind === 'data' && main.comparable.data.kind === 'quantity'
    ? main.comparable.data.amount
    : null;
}

/**
 * Answers that agree on their main figure can still restate it wrongly in another unit in the same
 * sentence ('77 K, which works out to about −186 °C'): such a restatement conflicts with the other
 * answer's restatement in that same written unit, unless that answer states an equal figure too.
 */
function restatementConflict(mains: MainValue[], candidates: Map<number, MainValue[]>): MainValue[][] | null {
  for (const a of mains) {
    for (const b of mains) {
      if (a === b || relation(a.comparable, b.comparable) !== 'same') continue;
      const main = amountOf(a);
      if (main === null) continue;
      const restatements = (candidates.get(a.answer) ?? []).filter((x) => {
        const amount = amountOf(x);
        return (
          x.claim === a.claim &&
          amount !== null &&
          relation(x.comparable, a.comparable) === 'different' &&
          Math.abs(amount - main) <= RESTATEMENT * Math.abs(main)
        );
      });
      const theirs = candidates.get(b.answer) ?? [];
      for (const x of restatements) {
        const unit = writtenUnit(x);
        const y = theirs.find(
          (c) => c.claim === b.claim && writtenUnit(c) === unit && relation(c.comparable, b.comparable) === 'same',
        );
        if (!y || relation(x.comparable, y.comparable) !== 'different') continue;
        if (theirs.some((c) => c.score >= b.score - CONFIRM_MARGIN && relation(c.comparable, x.comparable) === 'same'))
          continue;
        return [[y], [x]];
      }
    }
  }
  return null;
}

const LIST_ITEM_LIMIT = 12;
/** How far below the best-placed member a name may score and still be a member (table rows, list items). */
const LIST_WINDOW = 3;

const isPlace = (m: MainValue) => m.comparable.kind === 'name' && m.comparable.place !== null;

/** For list questions: members one answer names that another answer never mentions, each way. */
function listFinding(
  claims: Claim[][],
  texts: string[],
  expectation: Expectation,
  asked: Set<string>,
  spans: ValueSpans,
): MainFinding | null {
  const members = claims.map((answerClaims, answer) => {
    const scored = candidatesOf(answer, answerClaims, expectation, asked, spans).filter(
      (c) => c.comparable.kind === 'name',
    );
    const top = Math.max(...scored.map((c) => c.score), -Infinity);
    // The members are the names of the best claims, plus every name in a list item right after them.
    const members = scored.filter((c) => c.score >= top - LIST_WINDOW);
    // A list of countries holds countries: other names near it ('the General Assembly') are not members.
    const places = members.filter(isPlace);
    return (places.length * 2 >= members.length ? places : members).slice(0, LIST_ITEM_LIMIT);
  });
  const mentions = (answer: number, member: MainValue) => {
    const text = texts[answer]!.toLowerCase();
    if (member.comparable.kind !== 'name') return true;
    if (text.includes(member.display.toLowerCase())) return true;
    const place = member.comparable.place;
    return members[answer]!.some(
      (m) =>
        m.comparable.kind === 'name' &&
        ((place && m.comparable.place === place) ||
          sameName(m.comparable.key, (member.comparable as { key: string[] }).key)),
    );
  };
  for (let a = 0; a < members.length; a++) {
    for (let b = a + 1; b < members.length; b++) {
      const onlyA = members[a]!.filter((m) => !mentions(b, m));
      const onlyB = members[b]!.filter((m) => !mentions(a, m));
      if (onlyA.length === 0 || onlyB.length === 0 || members[a]!.length < 2 || members[b]!.length < 2) continue;
      // One member in place of another: a pair of the same sort (two countries) reads as the substitution.
      const pairA =
        onlyA.find((x) => isPlace(x) && onlyB.some(isPlace)) ??
        onlyA.find((x) => onlyB.some((y) => isPlace(x) === isPlace(y))) ??
        onlyA[0]!;
      const pairB = onlyB.find((y) => isPlace(y) === isPlace(pairA)) ?? onlyB[0]!;
      return { expectation, sides: [[pairA], [pairB]] };
    }
  }
  return null;
}

const AUXILIARY_START = /^(?:can|could|is|are|was|were|does|do|did|will|would|should|has|have|had|may|might|must)\b/i;

/** Main values grouped into sides of equal values, in the order first met. */
function equalSides(mains: MainValue[]): MainValue[][] {
  const sides: MainValue[][] = [];
  for (const main of mains) {
    const side = sides.find((s) => relation(s[0]!.comparable, main.comparable) === 'same');
    if (side) side.push(main);
    else sides.push([main]);
  }
  return sides;
}

function verdictFinding(claims: Claim[][]): MainFinding | null {
  const mains: MainValue[] = [];
  claims.forEach((answerClaims, answer) => {
    const first = answerClaims.find((claim) => !claim.heading);
    if (!first) return;
    const verdict =
      verdictOf(first) ??
      (/^(?:yes|no)\b/i.test(first.text) ? (first.text.slice(0, 2).toLowerCase() === 'no' ? 'no' : 'yes') : null);
    if (!verdict) return;
    mains.push({
      answer,
      claim: first,
      display: first.text.split(/[,.;—–]/)[0] ?? first.text,
      comparable: { kind: 'verdict', verdict },
      score: 0,
    });
  });
  const sides = equalSides(mains);
  return sides.length >= 2 ? { expectation: { kind: 'yes-no', focus: [] }, sides } : null;
}

/**
 * The options a multiple-choice question offers, answered by different letters (issue 33: a chosen option is
 * a value of its own). An answer's letter is the one every statement of its choice names, or the letter its
 * first line opens with; an answer that names two chooses none.
 */
function optionFinding(offered: Set<string>, texts: string[], claims: Claim[][]): MainFinding | null {
  const mains: MainValue[] = [];
  texts.forEach((text, answer) => {
    const answerClaims = (claims[answer] ?? []).filter((claim) => !claim.heading);
    // Read in each sentence as the analyser reads it, its Markdown gone ('the correct answer is **B**').
    const stated = answerClaims.flatMap((claim) =>
      CHOSEN_OPTION.flatMap((pattern) => [...claim.text.matchAll(pattern)])
        .filter((match) => offered.has(match[1]!.toLowerCase()))
        .map((match) => ({ claim, letter: match[1]!.toLowerCase(), display: match[0].trim() })),
    );
    // An answer that opens with an option's letter ('b.') chooses it; the list marker is gone from its sentence.
    const opening = /^\s*\(?([a-e])[.)](?=\s)/i.exec(text);
    const opened =
      opening && answerClaims[0]
        ? { claim: answerClaims[0], letter: opening[1]!.toLowerCase(), display: opening[0].trim() }
        : null;
    if (stated.length > 0 && new Set(stated.map((found) => found.letter)).size > 1) return;
    const chosen = stated[0] ?? opened;
    if (!chosen || !offered.has(chosen.letter)) return;
    mains.push({
      answer,
      claim: chosen.claim,
      display: chosen.display,
      comparable: { kind: 'thing', stems: [`option ${chosen.letter}`] },
      score: 0,
    });
  });
  const sides = equalSides(mains);
  return sides.length >= 2
    ? { expectation: { kind: 'thing', head: 'option', focus: [] }, sides, topic: 'Option chosen' }
    : null;
}

/** The question's expectations answered differently by the answers, each with its sides. */
export function compareMainValues(
  question: string,
  texts: string[],
  claims: Claim[][],
  spans: ValueSpans,
  gate: FactGate,
): MainFinding[] {
  const findings: MainFinding[] = [];
  const asked = questionStems(question);
  if (AUXILIARY_START.test(question.trim())) {
    const verdict = verdictFinding(claims);
    if (verdict) findings.push(verdict);
  }
  const offered = optionsOffered(question);
  // In a multiple-choice question the thing asked for is an option: the answers' phrases name no rival things.
  const multipleChoice = offered.size >= MIN_OPTIONS;
  const option = multipleChoice ? optionFinding(offered, texts, claims) : null;
  if (option) findings.push(option);
  for (const expectation of expectationsOf(question)) {
    if (multipleChoice && expectation.kind === 'thing') continue;
    if (expectation.kind === 'list') {
      const finding = listFinding(claims, texts, expectation, asked, spans);
      if (finding) findings.push(finding);
      continue;
    }
    const candidates = new Map<number, MainValue[]>();
    const mains: MainValue[] = [];
    claims.forEach((answerClaims, answer) => {
      // Only values that may stand as an answer at all compete: an operand or a supposed figure is no rival.
      const found = candidatesOf(answer, answerClaims, expectation, asked, spans).filter((candidate) =>
        gate.admits(candidate.value, candidate.display, false),
      );
      candidates.set(answer, found);
      const main = best(found);
      if (main) mains.push(main);
    });
    // An answer that states no value with a question word, in bold or first has no answer of its own to
    // set against the others; when its best value equals one side's, it still stands on that side.
    // An answer whose best value has a rival nearly as prominent that says otherwise gives no one answer
    // (issue 33, item 1): it takes no side of its own.
    const clear = (main: MainValue) =>
      !(candidates.get(main.answer) ?? []).some(
        (c) => c.score >= main.score - AMBIGUITY_MARGIN && relation(c.comparable, main.comparable) === 'different',
      );
    const strong = mains.filter((main) => main.score >= MIN_MAIN_SCORE && clear(main));
    const sides = sidesOf(strong, candidates);
    for (const weak of mains.filter((main) => !strong.includes(main))) {
      sides?.find((side) => relation(side[0]!.comparable, weak.comparable) === 'same')?.push(weak);
    }
    if (sides) findings.push({ expectation, sides });
    else if (expectation.kind === 'quantity') {
      const byUnit = restatementConflict(mains, candidates);
      if (byUnit) findings.push({ expectation, sides: byUnit });
    }
  }
  return withoutSharedAnswers(findings);
}

/**
 * A value an answer gives as its answer to two parts of the question answers neither for sure ('the Mona
 * Lisa' taken as who wears the object and as where it comes from): it leaves both (issue 33, item 1).
 */
function withoutSharedAnswers(findings: MainFinding[]): MainFinding[] {
  // One value, not one spelling: 'four' dimes and 'four' quarters of one sentence are two answers.
  const keyOf = (main: MainValue) => `${main.answer}:${main.claim.id}:${main.value?.id ?? main.display}`;
  const uses = new Map<string, number>();
  for (const finding of findings) {
    for (const key of new Set(finding.sides.flat().map(keyOf))) uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  return findings.flatMap((finding) => {
    const sides = finding.sides
      .map((side) => side.filter((main) => (uses.get(keyOf(main)) ?? 0) < 2))
      .filter((side) => side.length > 0);
    return sides.length >= 2 ? [{ ...finding, sides }] : [];
  });
}
