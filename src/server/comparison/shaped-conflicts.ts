// Facts beyond the question told in shapes twin sentences miss (decision 0025): lists of names that
// differ in one member, short records keyed by a date, and a verb each answer dates once. Each reader
// has a rule that keeps answers differing only in style quiet.

import type { Claim, ClaimValue } from './claims';
import { countryOfValue, labelOf, precision, same, type TwinConflict, type Weights } from './claim-pairs';
import { relate } from './value-compare';
import { isContentWord, stem } from './words';

/** Conflicts the three readers find among claims not yet settled, on values not yet `used` (which grows). */
export function findShapedConflicts(
  answers: Claim[][],
  settledClaims: Set<number>,
  weights: Weights,
  used: Set<number>,
): TwinConflict[] {
  return [
    ...listConflicts(answers, settledClaims, weights, used),
    ...recordConflicts(answers, settledClaims, used),
    ...slotConflicts(answers, settledClaims, used),
  ];
}

const LIST_JOINERS = new Set([',', 'and', 'or', '&']);
/** Two lists in claims this alike in words (values aside) may name one set of things. */
const LIST_WORDS = 0.15;

/** Runs of two or more names joined only by commas, 'and' or 'or' ('Maine and Nebraska'). */
function namedLists(claim: Claim): ClaimValue[][] {
  const lists: ClaimValue[][] = [];
  let run: ClaimValue[] = [];
  const names = claim.values.filter((value) => value.data.kind === 'name');
  names.forEach((name, k) => {
    const previous = names[k - 1];
    const joined =
      previous !== undefined &&
      name.start > previous.end &&
      claim.tokens.slice(previous.end, name.start).every((token) => LIST_JOINERS.has(token.lower));
    if (joined) run.push(name);
    else {
      if (run.length >= 2) lists.push(run);
      run = [name];
    }
  });
  if (run.length >= 2) lists.push(run);
  return lists;
}

const mentions = (claims: Claim[], name: ClaimValue) =>
  claims.some((claim) => claim.values.some((value) => value.data.kind === 'name' && same(value, name)));

/**
 * Two answers list the same number of things in related claims, all alike but one ('Maine and Nevada',
 * 'Maine and Nebraska'), and neither answer names the other's odd one anywhere: the lists conflict on
 * that member. A third answer listing the same members as one side stands on that side.
 */
function listConflicts(
  answers: Claim[][],
  settledClaims: Set<number>,
  weights: Weights,
  used: Set<number>,
): TwinConflict[] {
  const listsOf = answers.map((claims) =>
    claims.filter((claim) => !claim.heading && !settledClaims.has(claim.id)).flatMap(namedLists),
  );
  const oddOnes = (list: ClaimValue[], other: ClaimValue[]) => list.filter((v) => !other.some((w) => same(v, w)));
  // Lists that differ in one member share the others (two or more members each): another answer's lists
  // are found through their members' words and places, of the same length, in their order, instead of
  // pairing every list with every other (issue 32, H2; decision 0058). `same` takes two names as one
  // only when they share a word or a place, so no pair that could conflict is missed.
  const keysOf = (name: ClaimValue) => [
    ...(name.data.kind === 'name' ? name.data.key.map((word) => `w:${word}`) : []),
    ...(countryOfValue(name) ? [`p:${countryOfValue(name)}`] : []),
  ];
  const indexes = listsOf.map((lists) => {
    const index = new Map<string, number[]>();
    lists.forEach((list, k) => {
      for (const key of new Set(list.flatMap(keysOf))) {
        const postings = index.get(`${list.length}:${key}`);
        if (postings) postings.push(k);
        else index.set(`${list.length}:${key}`, [k]);
      }
    });
    return index;
  });
  const sharing = (list: ClaimValue[], answer: number) =>
    [
      ...new Set(
        [...new Set(list.flatMap(keysOf))].flatMap((key) => indexes[answer]!.get(`${list.length}:${key}`) ?? []),
      ),
    ]
      .sort((x, y) => x - y)
      .map((k) => listsOf[answer]![k]!);
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const a of listsOf[i]!) {
        for (const b of sharing(a, j)) {
          if (a.length !== b.length) continue;
          const [oddA, oddB] = [oddOnes(a, b), oddOnes(b, a)];
          if (oddA.length !== 1 || oddB.length !== 1) continue;
          const [va, vb] = [oddA[0]!, oddB[0]!];
          if (used.has(va.id) || used.has(vb.id)) continue;
          if (weights.similarity(va.claim, vb.claim, false) < LIST_WORDS) continue;
          if (mentions(answers[j]!, va) || mentions(answers[i]!, vb)) continue;
          const sides: ClaimValue[][] = [[va], [vb]];
          // The other answers take the side whose whole list they give.
          answers.forEach((_, k) => {
            if (k === i || k === j) return;
            for (const [side, list] of [
              [sides[0]!, a],
              [sides[1]!, b],
            ] as const) {
              const match = listsOf[k]!.find((c) => c.length === list.length && oddOnes(c, list).length === 0);
              const member = match?.find((v) => same(v, side[0]!));
              if (member && !sides.flat().some((v) => v.claim.answer === k)) side.push(member);
            }
          });
          for (const value of sides.flat()) used.add(value.id);
          conflicts.push({ sides });
        }
      }
    }
  }
  return conflicts;
}

/** Short lines keyed by a date: table rows and label lines ('Summer 2032: Brisbane'). */
const RECORD_WORDS = 12;

function isRecord(claim: Claim): boolean {
  return (
    !claim.heading &&
    claim.tokens.filter((token) => token.kind === 'word').length <= RECORD_WORDS &&
    claim.values.some((value) => value.data.kind === 'date')
  );
}

/** The names of a record that say what it records: countries are where, not which ('Brisbane, Australia'). */
const recordNames = (claim: Claim) =>
  claim.values.filter((value) => value.data.kind === 'name' && countryOfValue(value) === null);

/**
 * The claims that can state a date of a given claim, found through an index of years, months and days
 * instead of a scan of every claim (issue 32, H2; decision 0058): those with a date (of the same
 * precision, when `byPrecision`) whose years overlap, whose month or day is the same when either gives
 * no year, or that reach without end ('after 1950'). A superset of `same` on dates; callers still test
 * each candidate; in the order of `claims`.
 */
class DateIndex {
  private readonly index = new Map<string, number[]>();

  constructor(
    private readonly claims: Claim[],
    private readonly byPrecision: boolean,
  ) {
    claims.forEach((claim, k) => {
      for (const key of new Set(claim.values.flatMap((value) => this.keys(value, false)))) {
        const list = this.index.get(key);
        if (list) list.push(k);
        else this.index.set(key, [k]);
      }
    });
  }

  /** Dates with years meet on a shared year, or when one is a bound, which reaches every year on its
   * side; a date without a year meets any date of the same month or day. */
  private keys(value: ClaimValue, lookingUp: boolean): string[] {
    const data = value.data;
    if (data.kind !== 'date') return [];
    const p = this.byPrecision ? precision(value) : 0;
    const keys: string[] = [];
    const month = data.month !== undefined ? `${p}:m:${data.month}` : null;
    const day = data.day !== undefined ? `${p}:d:${data.day}` : null;
    if (data.year !== undefined) {
      const slack = data.bound === 'approx' ? 2 : 0;
      for (let year = data.year - slack; year <= data.year + (data.decade ? 9 : 0) + slack; year++) {
        keys.push(`${p}:y:${year}`);
      }
      const open = data.bound === 'lower' || data.bound === 'upper';
      if (lookingUp) keys.push(open ? `${p}:dated` : `${p}:open`);
      else keys.push(`${p}:dated`, ...(open ? [`${p}:open`] : []));
      // A dated value meets the yearless ones by month and day.
      if (month) keys.push(lookingUp ? `yearless:${month}` : month);
      if (day) keys.push(lookingUp ? `yearless:${day}` : day);
    } else {
      if (month) keys.push(month, ...(lookingUp ? [] : [`yearless:${month}`]));
      if (day) keys.push(day, ...(lookingUp ? [] : [`yearless:${day}`]));
    }
    return keys;
  }

  /** Claims with a date that may be one of `claim`'s. */
  candidates(claim: Claim): Claim[] {
    const found = new Set<number>();
    for (const value of claim.values) {
      for (const key of this.keys(value, true)) for (const k of this.index.get(key) ?? []) found.add(k);
    }
    return [...found].sort((x, y) => x - y).map((k) => this.claims[k]!);
  }
}

/**
 * Two records of one key, a date and another word they share ('Summer 2032'), that name one thing each
 * the other does not ('Melbourne', 'Brisbane'), where neither answer names the other's anywhere: they
 * conflict on it. A third answer's record of the same key naming one side's thing stands on that side.
 */
function recordConflicts(answers: Claim[][], settledClaims: Set<number>, used: Set<number>): TwinConflict[] {
  const recordsOf = answers.map((claims) => claims.filter((claim) => isRecord(claim) && !settledClaims.has(claim.id)));
  const sameKey = (a: Claim, b: Claim) =>
    a.values.some(
      (v) =>
        v.data.kind === 'date' &&
        b.values.some((w) => w.data.kind === 'date' && precision(v) === precision(w) && same(v, w)),
    ) &&
    (a.stems.some((word) => b.stems.includes(word)) ||
      recordNames(a).some((v) => recordNames(b).some((w) => same(v, w))));
  // Naming the other's thing under another date ('Melbourne in 1956') does not state it for this key.
  const dated = answers.map((claims) => new DateIndex(claims, false));
  const recordIndexes = recordsOf.map((records) => new DateIndex(records, true));
  const mentionsUnder = (answer: number, name: ClaimValue) =>
    dated[answer]!.candidates(name.claim).some(
      (claim) =>
        claim.values.some((v) => v.data.kind === 'name' && same(v, name)) &&
        claim.values.some(
          (v) => v.data.kind === 'date' && name.claim.values.some((w) => w.data.kind === 'date' && same(v, w)),
        ),
    );
  const odd = (a: Claim, b: Claim) => recordNames(a).filter((v) => !recordNames(b).some((w) => same(v, w)));
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const a of recordsOf[i]!) {
        for (const b of recordIndexes[j]!.candidates(a)) {
          if (!sameKey(a, b)) continue;
          const [oddA, oddB] = [odd(a, b), odd(b, a)];
          if (oddA.length !== 1 || oddB.length !== 1) continue;
          const [va, vb] = [oddA[0]!, oddB[0]!];
          if (used.has(va.id) || used.has(vb.id)) continue;
          if (mentionsUnder(j, va) || mentionsUnder(i, vb)) continue;
          const sides: ClaimValue[][] = [[va], [vb]];
          answers.forEach((_, k) => {
            if (k === i || k === j) return;
            for (const side of sides) {
              const record = recordIndexes[k]!.candidates(side[0]!.claim).find((c) => sameKey(c, side[0]!.claim));
              const member = record?.values.find((v) => v.data.kind === 'name' && same(v, side[0]!));
              if (member && !sides.flat().some((v) => v.claim.answer === k)) side.push(member);
            }
          });
          for (const value of sides.flat()) used.add(value.id);
          conflicts.push({ sides });
        }
      }
    }
  }
  return conflicts;
}

/** Words between a verb and the date it governs ('completed in 1887', 'opened on 31 March'). */
const SLOT_LINKS = new Set(['in', 'on', 'at', 'by', 'around', 'about', 'during', 'the', 'early', 'late', 'mid']);
/** Irregular participles that take a date as -ed verbs do. */
const PARTICIPLES = new Set([
  'built',
  'born',
  'begun',
  'won',
  'held',
  'made',
  'laid',
  'sold',
  'shot',
  'struck',
  'sunk',
]);

/** The verb a date is the date of: 'completed' in 'was completed in 1887' and in a label 'Completed: March 1889'. */
function slotOf(value: ClaimValue): string | null {
  const tokens = value.claim.tokens;
  let k = value.start - 1;
  while (k >= 0 && SLOT_LINKS.has(tokens[k]!.lower)) k -= 1;
  let verb = tokens[k];
  if (verb?.text === ':' && k === 1) verb = tokens[0];
  if (!verb || verb.kind !== 'word' || !isContentWord(verb.lower)) return null;
  if (!verb.lower.endsWith('ed') && !PARTICIPLES.has(verb.lower)) return null;
  return stem(verb.lower);
}

/** Words that make an answer's topic: in this share of its claims ('tower' in an answer about the Eiffel Tower). */
const TOPIC_SHARE = 0.15;

/**
 * A verb that each answer dates exactly once, with dates that differ ('was completed in 1887',
 * 'Completed: March 1889'): the answers disagree on when it happened. The two sentences must share a
 * word beyond the verb, unless one is a label line, whose subject is the answer's own; then the other
 * sentence's subject must be a topic word of both answers.
 */
function slotConflicts(answers: Claim[][], settledClaims: Set<number>, used: Set<number>): TwinConflict[] {
  const slots = answers.map((claims) => {
    const bySlot = new Map<string, ClaimValue[]>();
    for (const claim of claims) {
      if (claim.heading || settledClaims.has(claim.id)) continue;
      for (const value of claim.values) {
        if (value.data.kind !== 'date' || value.data.year === undefined) continue;
        const slot = slotOf(value);
        if (slot) bySlot.set(slot, [...(bySlot.get(slot) ?? []), value]);
      }
    }
    return bySlot;
  });
  // A claim's words and the words of the names it gives ('Eiffel Tower').
  const wordsOf = (claim: Claim) => [
    ...new Set([
      ...claim.stems,
      ...claim.values.flatMap((value) => (value.data.kind === 'name' ? value.data.key : [])),
    ]),
  ];
  // Counted only when a label line asks: most analyses never need them.
  const topics: Set<string>[] = [];
  const topicWordsOf = (answer: number) => {
    if (!topics[answer]) {
      const claims = answers[answer]!;
      const counts = new Map<string, number>();
      for (const claim of claims) for (const word of wordsOf(claim)) counts.set(word, (counts.get(word) ?? 0) + 1);
      topics[answer] = new Set([...counts].filter(([, n]) => n >= TOPIC_SHARE * claims.length).map(([word]) => word));
    }
    return topics[answer];
  };
  const conflicts: TwinConflict[] = [];
  for (let i = 0; i < answers.length; i++) {
    for (let j = i + 1; j < answers.length; j++) {
      for (const [slot, ours] of slots[i]!) {
        const theirs = slots[j]!.get(slot);
        if (!theirs || ours.length !== 1 || theirs.length !== 1) continue;
        const [va, vb] = [ours[0]!, theirs[0]!];
        if (used.has(va.id) || used.has(vb.id) || relate(va.data, vb.data) !== 'different') continue;
        const [a, b] = [va.claim, vb.claim];
        // 'Python 2.0 followed in 2000 … and Python 3.0 arrived in 2008' also states the other's 2008.
        if (a.values.some((v) => same(v, vb)) || b.values.some((w) => same(w, va))) continue;
        const shared = a.stems.filter((word) => word !== slot && b.stems.includes(word));
        const labelled = labelOf(a) !== null ? b : labelOf(b) !== null ? a : null;
        const aboutTopic =
          labelled !== null && wordsOf(labelled).some((word) => topicWordsOf(i).has(word) && topicWordsOf(j).has(word));
        if (shared.length === 0 && !aboutTopic) continue;
        const sides: ClaimValue[][] = [[va], [vb]];
        // Another answer that dates the verb once stands with the date it gives.
        slots.forEach((other, k) => {
          const only = other.get(slot);
          if (k === i || k === j || only?.length !== 1) return;
          sides.find((side) => same(side[0]!, only[0]!))?.push(only[0]!);
        });
        for (const value of sides.flat()) used.add(value.id);
        conflicts.push({ sides });
      }
    }
  }
  return conflicts;
}
