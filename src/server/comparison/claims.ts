// One answer as the analyser sees it: claims with their content words, polarity, yes/no verdict and
// typed values (DESIGN.md section 5a, steps 1 and 2).

import { extractDates } from './dates';
import { addToLexicon, extractNames, type NameLexicon } from './names';
import { extractNumbers } from './quantities';
import { splitIntoClaims } from './text-normalise';
import { MONTHS, NUMBER_WORDS, ORDINAL_WORDS } from './units';
import type { FoundValue } from './value-types';
import { isContentWord, isNegator, NON_NEGATING_FOLLOWERS, stem, tokenise, type Token } from './words';

export interface ContextWord {
  stem: string;
  weight: number;
}

export interface ClaimValue extends FoundValue {
  id: number;
  claim: Claim;
  /** Content stems around the value, nearer ones weighing more: what it is the value of. */
  context: ContextWord[];
}

export interface Claim {
  id: number;
  /** Index of the answer in the analyser's canonical order. */
  answer: number;
  /** Position within its answer. */
  index: number;
  text: string;
  heading: boolean;
  tokens: Token[];
  /** Distinct content stems, values excluded. */
  stems: string[];
  /** Stems of the claim before, when this one starts with a pronoun ('It was built in 1961'). */
  inherited: string[];
  negated: boolean;
  values: ClaimValue[];
}

export type Verdict = 'yes' | 'no';

const CONTEXT_WINDOW = 5;
const VERDICT_FOLLOWERS = new Set([',', '.', '!', ':', ';', '—', '–', '-']);

function displayer(tokens: Token[]) {
  return (start: number, end: number) =>
    tokens
      .slice(start, end)
      .map((token, k) => `${k > 0 && token.spaceBefore ? ' ' : ''}${token.text}${token.suffix}`)
      .join('');
}

/** Index after a leading 'Yes,' / 'No.' / 'Short answer: no' marker, or 0. */
function verdictEnd(tokens: Token[]): number {
  let i = 0;
  if (tokens[0]?.lower === 'the') i += 1;
  if (tokens[i]?.lower === 'short' && tokens[i + 1]?.lower === 'answer') {
    i += 2;
    if (tokens[i]?.lower === 'is') i += 1;
    if (tokens[i]?.text === ':') i += 1;
  }
  const word = tokens[i]?.lower;
  if (word !== 'yes' && word !== 'no') return 0;
  const next = tokens[i + 1];
  return next === undefined || VERDICT_FOLLOWERS.has(next.text) ? i + 1 : 0;
}

export function verdictOf(claim: Claim): Verdict | null {
  const end = verdictEnd(claim.tokens);
  return end === 0 ? null : (claim.tokens[end - 1]?.lower as Verdict);
}

function isNegated(tokens: Token[]): boolean {
  let count = 0;
  for (let i = verdictEnd(tokens); i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || !isNegator(token.lower)) continue;
    if (NON_NEGATING_FOLLOWERS.has(tokens[i + 1]?.lower ?? '')) continue;
    count += 1;
  }
  return count % 2 === 1;
}

// Number, ordinal and month words that are not part of a value ('First, ...', 'one of') say nothing
// about what a claim is about.
function isClaimWord(lower: string): boolean {
  return (
    isContentWord(lower) &&
    NUMBER_WORDS[lower] === undefined &&
    ORDINAL_WORDS[lower] === undefined &&
    MONTHS[lower] === undefined
  );
}

function contextOf(value: FoundValue, content: Array<{ at: number; stem: string }>): ContextWord[] {
  const before = content.filter((entry) => entry.at < value.start).slice(-CONTEXT_WINDOW).reverse();
  const after = content.filter((entry) => entry.at >= value.end).slice(0, CONTEXT_WINDOW);
  const weights = new Map<string, number>();
  for (const side of [before, after]) {
    side.forEach((entry, distance) => {
      const weight = 1 / (1 + 0.5 * distance);
      weights.set(entry.stem, Math.max(weights.get(entry.stem) ?? 0, weight));
    });
  }
  return [...weights].map(([stem, weight]) => ({ stem, weight }));
}

const PRONOUNS = new Set(['it', 'its', 'they', 'their', 'this', 'these', 'he', 'she', 'his', 'her', 'that', 'there']);

/** Splits every answer into claims and extracts their values; answers share one name lexicon. */
export function buildClaims(texts: string[]): Claim[][] {
  const split = texts.map((text) =>
    splitIntoClaims(text).map((claim) => ({ ...claim, tokens: tokenise(claim.text) })),
  );
  const lexicon: NameLexicon = { midSentence: new Set(), lowerCase: new Set() };
  for (const claims of split) for (const claim of claims) if (!claim.heading) addToLexicon(claim.tokens, lexicon);
  let nextClaimId = 0;
  let nextValueId = 0;
  return split.map((claims, answer) =>
    claims.map((raw, index) => {
      const { tokens } = raw;
      const display = displayer(tokens);
      const taken = new Array<boolean>(tokens.length).fill(false);
      const found = [...extractDates(tokens, taken, display), ...extractNumbers(tokens, taken, display)];
      const numeric = [...taken];
      if (!raw.heading) found.push(...extractNames(tokens, taken, lexicon, display));
      const content: Array<{ at: number; stem: string }> = [];
      tokens.forEach((token, at) => {
        if (token.kind === 'word' && !numeric[at] && isClaimWord(token.lower)) content.push({ at, stem: stem(token.lower) });
      });
      const claim: Claim = {
        id: nextClaimId++,
        answer,
        index,
        text: raw.text,
        heading: raw.heading,
        tokens,
        stems: [...new Set(content.map((entry) => entry.stem))],
        inherited: [],
        negated: isNegated(tokens),
        values: [],
      };
      claim.values = found
        .sort((a, b) => a.start - b.start)
        .map((value) => ({
          ...value,
          id: nextValueId++,
          claim,
          context: contextOf(value, content.filter((entry) => entry.at < value.start || entry.at >= value.end)),
        }));
      return claim;
    }),
  ).map((claims) => {
    claims.forEach((claim, index) => {
      const previous = claims[index - 1];
      if (previous && !claim.heading && PRONOUNS.has(claim.tokens[0]?.lower ?? '')) {
        claim.inherited = previous.stems.filter((word) => !claim.stems.includes(word));
      }
    });
    return claims;
  });
}
