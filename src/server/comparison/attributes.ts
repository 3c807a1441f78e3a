// What a thing is, out of a closed set of kinds that exclude each other (issue 33, item 1, 'a named thing'):
// 'Python is an interpreted language' against 'Python is a compiled language'. Each answer's clauses that
// say, of one named subject and without negation, exactly one member of a set are its attributes; two
// answers giving one subject different members of one set disagree. Nothing else is read: a set the
// sentence does not name, a subject told by a pronoun, or two members of one set in one clause say nothing.

import type { Claim } from './claims';
import type { MainValue } from './main-candidates';
import type { MainFinding } from './main-values';

interface AttributeSet {
  /** What the card calls the set ('Python: how it runs'). */
  label: string;
  /** Each member and how answers write it. */
  members: ReadonlyArray<readonly [string, RegExp]>;
}

// 'Dynamically and weakly typed' says both: an adverb of a set counts when 'typed' ends the run it stands in.
const SETS: readonly AttributeSet[] = [
  {
    label: 'interpreted or compiled',
    members: [
      ['interpreted', /\binterpreted\b/i],
      ['compiled', /\bcompiled\b/i],
    ],
  },
  {
    label: 'static or dynamic typing',
    members: [
      [
        'statically typed',
        /\bstatically[- ]typed\b|\bstatically(?=(?:\s*(?:,|and)\s*\w+ly)+[- ]typed\b)|\bstatic typing\b/i,
      ],
      [
        'dynamically typed',
        /\bdynamically[- ]typed\b|\bdynamically(?=(?:\s*(?:,|and)\s*\w+ly)+[- ]typed\b)|\bdynamic typing\b/i,
      ],
    ],
  },
  {
    label: 'strong or weak typing',
    members: [
      ['strongly typed', /\bstrongly[- ]typed\b|\bstrongly(?=(?:\s*(?:,|and)\s*\w+ly)+[- ]typed\b)|\bstrong typing\b/i],
      ['weakly typed', /\bweakly[- ]typed\b|\bweakly(?=(?:\s*(?:,|and)\s*\w+ly)+[- ]typed\b)|\bweak typing\b/i],
    ],
  },
  {
    label: 'mutable or immutable',
    members: [
      ['mutable', /(?<![-\w])mutable\b/i],
      ['immutable', /\bimmutable\b/i],
    ],
  },
  {
    label: 'single- or multi-threaded',
    members: [
      ['single-threaded', /\bsingle[- ]threaded\b/i],
      ['multi-threaded', /\bmulti[- ]?threaded\b/i],
    ],
  },
  {
    label: 'open source or proprietary',
    members: [
      ['open source', /\bopen[- ]source\b/i],
      ['proprietary', /\bproprietary\b|\bclosed[- ]source\b/i],
    ],
  },
  {
    label: 'renewable or not',
    members: [
      ['renewable', /(?<![-\w])renewable\b/i],
      ['non-renewable', /\bnon[- ]?renewable\b/i],
    ],
  },
  {
    label: 'what it eats',
    members: [
      ['herbivore', /\bherbivor(?:e|es|ous)\b/i],
      ['carnivore', /\bcarnivor(?:e|es|ous)\b/i],
      ['omnivore', /\bomnivor(?:e|es|ous)\b/i],
    ],
  },
  {
    label: 'which class of animal',
    members: [
      ['mammal', /\bmammals?\b/i],
      ['reptile', /\breptiles?\b/i],
      ['amphibian', /\bamphibians?\b/i],
      ['bird', /\bbirds?\b/i],
      ['fish', /\bfish(?:es)?\b/i],
      ['insect', /\binsects?\b/i],
    ],
  },
  {
    label: 'metal or not',
    members: [
      ['metal', /(?<![-\w])metals?\b/i],
      ['non-metal', /\bnon[- ]?metals?\b/i],
      ['metalloid', /\bmetalloids?\b/i],
    ],
  },
];

/** Clauses of a sentence that may each say something of their own subject ('A is x, while B is y'). */
const CLAUSE_BREAK = /\s*;\s*|,?\s+(?:while|whereas|but|and)\s+(?=[A-Z0-9])/;
const LABEL = /^\W*[A-Z][\w -]{0,30}:\s+(?=[A-Z])/;
const EXPLANATION = /,|;|\s+(?:meaning|which|so that)\b/;
/** A named subject, then the verb that gives it its kind. */
const SUBJECT = /^\W*(?:the\s+)?((?:[A-Z0-9][\w+#.'-]*)(?:\s+[A-Z0-9][\w+#.'-]*){0,3})\s+(?:is|are|was|were)\s+(.+)$/;
const NOT_SUBJECTS = new Set([
  'it',
  'this',
  'that',
  'they',
  'these',
  'those',
  'he',
  'she',
  'there',
  'both',
  'all',
  'each',
]);
/** A predicate that denies, hedges or pairs what it says. */
const UNSURE = /\b(?:not|never|no|neither|nor|either|partly|partially|sometimes|often|usually|can be|may be)\b|n't\b/i;
/** A set's member only in its own phrase: 'compiled to bytecode first' still says compiled, 'a compiled list of' does not. */
const FOLLOWED_BY_NOUN_ONLY = /^\s+(?:list|version|collection|set|file|files|data|output|results?)\b/i;

interface Stated {
  subject: string;
  set: AttributeSet;
  member: string;
  claim: Claim;
  display: string;
}

function statedIn(claim: Claim): Stated[] {
  const found: Stated[] = [];
  // 'Typing: Python is ...': a label line's label is not the subject.
  for (const clause of claim.text.replace(LABEL, '').split(CLAUSE_BREAK)) {
    const match = SUBJECT.exec(clause.trim());
    if (!match) continue;
    const subject = match[1]!;
    // What follows the predicate's first comma explains it ('meaning that type errors may not be caught').
    const predicate = match[2]!.split(EXPLANATION)[0]!;
    if (NOT_SUBJECTS.has(subject.toLowerCase()) || UNSURE.test(predicate)) continue;
    for (const set of SETS) {
      const hits = set.members.flatMap(([member, pattern]) => {
        const hit = pattern.exec(predicate);
        if (!hit || FOLLOWED_BY_NOUN_ONLY.test(predicate.slice(hit.index + hit[0].length))) return [];
        return [{ member, display: hit[0] }];
      });
      // Each member's pattern keeps clear of the others' ('renewable' is not read inside 'non-renewable').
      if (hits.length !== 1) continue;
      found.push({ subject, set, member: hits[0]!.member, claim, display: hits[0]!.display });
    }
  }
  return found;
}

/**
 * One finding per named subject and set on which two answers give different members, each answer with one
 * member only (an answer that gives the subject two members of a set takes no side).
 */
export function compareAttributes(claims: Claim[][]): MainFinding[] {
  const byFact = new Map<string, Map<number, Stated[]>>();
  claims.forEach((answerClaims, answer) => {
    for (const claim of answerClaims) {
      for (const stated of statedIn(claim)) {
        const key = `${stated.subject.toLowerCase()}\u0000${stated.set.label}`;
        const answers = byFact.get(key) ?? new Map<number, Stated[]>();
        answers.set(answer, [...(answers.get(answer) ?? []), stated]);
        byFact.set(key, answers);
      }
    }
  });
  const findings: MainFinding[] = [];
  for (const answers of byFact.values()) {
    const sides = new Map<string, MainValue[]>();
    for (const [answer, stated] of answers) {
      if (new Set(stated.map((s) => s.member)).size !== 1) continue;
      const first = stated[0]!;
      const main: MainValue = {
        answer,
        claim: first.claim,
        display: first.display,
        comparable: { kind: 'thing', stems: [first.member] },
        score: 1,
      };
      sides.set(first.member, [...(sides.get(first.member) ?? []), main]);
    }
    if (sides.size < 2) continue;
    const { subject, set } = [...answers.values()][0]![0]!;
    findings.push({
      expectation: { kind: 'thing', focus: [] },
      sides: [...sides.values()],
      topic: `${subject}: ${set.label}`,
    });
  }
  return findings;
}
