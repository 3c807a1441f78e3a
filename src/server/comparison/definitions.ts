// Superlative definitions beyond the question (comparison issue, item 1, long answers): 'The longest
// bone is the tibia', 'Longest bone: the femur', a table row 'Longest and strongest | Femur'. Each names
// the one thing a superlative picks out, usually in lower case, so it is no value the claims carry; two
// answers that pick out different things under one superlative disagree, unless either also names the
// other's thing under it.

import type { Claim } from './claims';
import type { MainValue } from './main-candidates';
import type { MainFinding } from './main-values';
import { phraseAt } from './main-candidates';
import { isContentWord, isNegator, stem } from './words';

/** Words ending in -est that are no superlatives, alone or as the end of a compound ('rainforest'). */
const NOT_SUPERLATIVE =
  /(?:forest|interest|harvest|protest|request|suggest|digest|arrest|invest|contest|modest|manifest|conquest|chest|guest|priest|everest)$|^(?:test|rest|nest|west|east|vest|pest|zest|crest|quest|honest)$/;
const COPULAS = new Set(['is', 'was', 'are', 'were']);
/** How far into a sentence its superlative subject may start ('By far the longest bone is'). */
const SUBJECT_START = 4;
/** Words of the subject from the superlative to the verb or colon. */
const SUBJECT_WORDS = 4;

const isSuperlative = (lower: string) => lower.length > 4 && lower.endsWith('est') && !NOT_SUPERLATIVE.test(lower);

interface Definition {
  claim: Claim;
  superlative: string;
  /** Other content stems of the subject ('bone' in 'the longest bone'). */
  nouns: string[];
  display: string;
  head: string;
}

/** 'The longest bone is the tibia' / 'Longest bone: the femur' / a row 'Longest and strongest, Femur, ...'. */
function definitionOf(claim: Claim): Definition | null {
  const tokens = claim.tokens;
  // The superlative opens the subject: first, or after 'the' ('The longest bone', 'By far the largest').
  const at = tokens.findIndex(
    (token, i) =>
      i <= SUBJECT_START &&
      token.kind === 'word' &&
      isSuperlative(token.lower) &&
      (i === 0 || tokens[i - 1]!.lower === 'the'),
  );
  if (at < 0) return null;
  let end = at + 1;
  while (end < tokens.length && end - at <= SUBJECT_WORDS) {
    const token = tokens[end]!;
    if (COPULAS.has(token.lower) || token.text === ':' || (token.text === ',' && at === 0)) break;
    if (token.kind !== 'word') return null;
    end += 1;
  }
  const joint = tokens[end];
  if (!joint || !(COPULAS.has(joint.lower) || joint.text === ':' || joint.text === ',')) return null;
  // Adverbs leave the thing as it is ('is actually mercury'); a denial names no thing ('is not Mars').
  let from = end + 1;
  while (tokens[from]?.kind === 'word' && /^[a-z]{2,}ly$/.test(tokens[from]!.lower)) from += 1;
  if (tokens[from] && isNegator(tokens[from]!.lower)) return null;
  const phrase = phraseAt(tokens, from);
  if (!phrase) return null;
  const words = tokens.slice(phrase.start, phrase.end);
  // A figure or a date after the verb is a value the other comparisons read.
  if (
    claim.values.some((value) => value.data.kind !== 'name' && value.start >= phrase.start && value.start < phrase.end)
  ) {
    return null;
  }
  const subject = tokens.slice(at + 1, end).filter((token) => token.kind === 'word' && isContentWord(token.lower));
  return {
    claim,
    superlative: stem(tokens[at]!.lower),
    nouns: subject.filter((token) => !isSuperlative(token.lower)).map((token) => stem(token.lower)),
    display: words.map((token) => token.text).join(' '),
    head: stem(words[words.length - 1]!.lower),
  };
}

/** Same superlative, and the same thing it ranks where both say what ('longest bone', 'longest and strongest'). */
const sameSubject = (a: Definition, b: Definition) =>
  a.superlative === b.superlative &&
  (a.nouns.length === 0 || b.nouns.length === 0 || a.nouns.some((noun) => b.nouns.includes(noun)));

export function compareDefinitions(claims: Claim[][], settled: ReadonlySet<number>): MainFinding[] {
  const definitions = claims.map((answerClaims) =>
    answerClaims.flatMap((claim) => {
      if (claim.heading || settled.has(claim.id)) return [];
      const definition = definitionOf(claim);
      return definition ? [definition] : [];
    }),
  );
  const findings: MainFinding[] = [];
  const used = new Set<Definition>();
  const says = (answer: number, subject: Definition, head: string) =>
    definitions[answer]!.some((d) => sameSubject(d, subject) && d.head === head);
  for (const [i, own] of definitions.entries()) {
    for (const a of own) {
      if (used.has(a)) continue;
      const sides: Definition[][] = [[a]];
      definitions.forEach((others, j) => {
        if (j <= i) return;
        const b = others.find((d) => !used.has(d) && sameSubject(a, d));
        if (!b) return;
        const side = sides.find((s) => s[0]!.head === b.head);
        if (side) side.push(b);
        else if (!says(i, a, b.head) && !says(j, b, a.head)) sides.push([b]);
      });
      if (sides.length < 2) continue;
      for (const d of sides.flat()) used.add(d);
      findings.push({
        expectation: { kind: 'thing', focus: [a.superlative, ...a.nouns] },
        sides: sides.map((side) => side.map((d) => mainValueOf(d))),
        topic: topicOf([...sides.flat()].sort((x, y) => y.nouns.length - x.nouns.length)[0]!),
      });
    }
  }
  return findings;
}

function mainValueOf(definition: Definition): MainValue {
  return {
    answer: definition.claim.answer,
    claim: definition.claim,
    display: definition.display,
    comparable: { kind: 'thing', stems: [definition.head] },
    score: 1,
  };
}

function topicOf(definition: Definition): string {
  const words = definition.claim.tokens
    .filter(
      (token) => token.kind === 'word' && (isSuperlative(token.lower) || definition.nouns.includes(stem(token.lower))),
    )
    .slice(0, 3)
    .map((token) => token.lower);
  const text = [...new Set(words)].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
