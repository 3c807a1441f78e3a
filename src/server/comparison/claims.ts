// One answer as the analyser sees it: claims with their content words, polarity, yes/no verdict and
// typed values (docs/architecture.md, "The local analyser", steps 1 and 2).

import { extractDates } from './dates';
import { addToLexicon, extractNames, type NameLexicon } from './names';
import { extractNumbers } from './quantities';
import { splitIntoClaims, type ClaimText } from './text-normalise';
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
  /** Index of the clause of the claim the value stands in. */
  clause: number;
  /** The letter of the named thing the value's clause is about before it ('B' in 'each Plan B workout lasts 45 minutes'), if any. */
  label: string | null;
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
  /** Names of the claim before, in the same case: whom the pronoun stands for. */
  inheritedNames: ClaimValue[];
  /** True when one of its statements is negated. */
  negated: boolean;
  statements: Statement[];
  values: ClaimValue[];
}

export interface Statement {
  id: number;
  stems: string[];
  negated: boolean;
  /** The stems a negation denies ('visible space' in 'not visible from space'). */
  denied: string[];
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

const BARE_VERDICT = /^(?:the )?(?:short answer(?: is)?:?\s*)?(?:yes|no)\s*[.!:—–-]?$/i;

/** 'Yes.' alone says nothing until joined to the sentence it answers with. */
function withVerdictsJoined(claims: ClaimText[]): ClaimText[] {
  const joined: ClaimText[] = [];
  for (let i = 0; i < claims.length; i++) {
    const claim = claims[i] as ClaimText;
    const next = claims[i + 1];
    if (!claim.heading && next && !next.heading && BARE_VERDICT.test(claim.text)) {
      joined.push({ text: `${claim.text} ${next.text}`, heading: false });
      i += 1;
    } else {
      joined.push(claim);
    }
  }
  return joined;
}

export function verdictOf(claim: Claim): Verdict | null {
  const end = verdictEnd(claim.tokens);
  return end === 0 ? null : (claim.tokens[end - 1]?.lower as Verdict);
}

// Number, ordinal and month words that are not part of a value ('First, ...', 'one of') say nothing
// about what a claim is about.
function isClaimWord(lower: string): boolean {
  return isContentWord(lower) && !NUMBER_WORDS.has(lower) && !ORDINAL_WORDS.has(lower) && !MONTHS.has(lower);
}

const DENIED_WORDS = 3;

/**
 * One clause as a statement that can be affirmed or denied. A clause is negated when it holds an odd
 * number of negations ('It is a myth that lightning never strikes twice' affirms).
 */
function statementsOf(tokens: Token[], clauseAt: number[], content: ContentWord[], next: () => number): Statement[] {
  const negations = new Map<number, number[]>();
  for (let i = verdictEnd(tokens); i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || !isNegator(token.lower)) continue;
    if (NON_NEGATING_FOLLOWERS.has(tokens[i + 1]?.lower ?? '')) continue;
    const clause = clauseAt[i] ?? 0;
    negations.set(clause, [...(negations.get(clause) ?? []), i]);
  }
  const clauses = [...new Set(content.map((entry) => entry.clause))];
  return clauses.map((clause) => {
    const stems = [...new Set(content.filter((entry) => entry.clause === clause).map((entry) => entry.stem))];
    const positions = negations.get(clause) ?? [];
    const negated = positions.length % 2 === 1;
    const first = positions[0] ?? tokens.length;
    const inClause = content.filter((entry) => entry.clause === clause);
    // 'not visible' denies what follows; 'X is false' denies what comes before.
    const following = inClause.filter((entry) => entry.at > first);
    const denied = negated
      ? (following.length > 0 ? following : inClause).slice(0, DENIED_WORDS).map((entry) => entry.stem)
      : [];
    return { id: next(), stems, negated, denied };
  });
}

// Words that start a new clause: a value's own clause says what it is the value of ('insects have six
// legs' in 'a spider has eight legs, while insects have six legs'); words beyond count for less.
/** Words and signs that start a new clause of a claim (`clausesOf`). */
export const CLAUSE_BREAKS = new Set(
  '; : ( ) — while whereas but although though unlike and or which who because when where if'.split(' '),
);
const OTHER_CLAUSE_WEIGHT = 0.3;
const INHERITED_CONTEXT_WEIGHT = 0.3;

interface ContentWord {
  at: number;
  stem: string;
  clause: number;
}

/**
 * The letter that tells one named thing from its sibling ('Plan A', 'Plan B', 'Vitamin C'): too short for a
 * content word, yet all that sets the two apart.
 */
function isLetterLabel(tokens: Token[], at: number): boolean {
  const [token, before] = [tokens[at]!, tokens[at - 1]];
  return (
    /^[A-Z]$/.test(token.text) &&
    token.text !== 'I' &&
    before?.kind === 'word' &&
    /^[A-Z][a-z]/.test(before.text) &&
    tokens[at + 1]?.text !== '.'
  );
}

/** Breaks that restate the figure before them ('3/4 or 0.75 hours (45 minutes)') rather than start another clause. */
const RESTATING = new Set(['or', '(', ')']);

function labelBefore(tokens: Token[], start: number): string | null {
  for (let at = start - 1; at >= 0; at--) {
    const token = tokens[at]!;
    if (CLAUSE_BREAKS.has(token.lower) && !RESTATING.has(token.lower)) return null;
    if (isLetterLabel(tokens, at)) return token.text;
  }
  return null;
}

/** `content` is in token order; words inside the value's own span are skipped. */
function contextOf(value: FoundValue, content: ContentWord[], clauseAt: number[]): ContextWord[] {
  const own = clauseAt[value.start] ?? 0;
  const weights = new Map<string, number>();
  const add = (entry: ContentWord, distance: number) => {
    const weight = (1 / (1 + distance)) * (entry.clause === own ? 1 : OTHER_CLAUSE_WEIGHT);
    weights.set(entry.stem, Math.max(weights.get(entry.stem) ?? 0, weight));
  };
  let firstAfter = content.findIndex((entry) => entry.at >= value.start);
  if (firstAfter === -1) firstAfter = content.length;
  for (let k = firstAfter - 1, distance = 0; k >= 0 && distance < CONTEXT_WINDOW; k--, distance++) {
    add(content[k] as ContentWord, distance);
  }
  let distance = 0;
  for (let k = firstAfter; k < content.length && distance < CONTEXT_WINDOW; k++) {
    const entry = content[k] as ContentWord;
    if (entry.at < value.end) continue;
    add(entry, distance++);
  }
  return [...weights].map(([stem, weight]) => ({ stem, weight }));
}

function clausesOf(tokens: Token[]): number[] {
  let clause = 0;
  return tokens.map((token) => (CLAUSE_BREAKS.has(token.lower) ? ++clause : clause));
}

const PRONOUNS = new Set(['it', 'its', 'they', 'their', 'this', 'these', 'he', 'she', 'his', 'her', 'that', 'there']);

/** Splits every answer into claims and extracts their values; answers share one name lexicon. */
export function buildClaims(texts: string[]): Claim[][] {
  const split = texts.map((text) =>
    withVerdictsJoined(splitIntoClaims(text)).map((claim) => ({
      text: claim.text,
      heading: claim.heading,
      tokens: tokenise(claim.text),
    })),
  );
  const lexicon: NameLexicon = { midSentence: new Set(), lowerCase: new Set() };
  for (const claims of split) for (const claim of claims) if (!claim.heading) addToLexicon(claim.tokens, lexicon);
  let nextClaimId = 0;
  let nextValueId = 0;
  let nextStatementId = 0;
  return split
    .map((claims, answer) =>
      claims.map((raw, index) => {
        const { tokens } = raw;
        const display = displayer(tokens);
        const taken = new Array<boolean>(tokens.length).fill(false);
        const found = [...extractDates(tokens, taken, display), ...extractNumbers(tokens, taken, display)];
        const numeric = [...taken];
        if (!raw.heading) found.push(...extractNames(tokens, taken, lexicon, display));
        const clauseAt = clausesOf(tokens);
        const content: ContentWord[] = [];
        tokens.forEach((token, at) => {
          if (token.kind === 'word' && !numeric[at] && isClaimWord(token.lower)) {
            content.push({ at, stem: stem(token.lower), clause: clauseAt[at] ?? 0 });
          }
        });
        const statements = statementsOf(tokens, clauseAt, content, () => nextStatementId++);
        const claim: Claim = {
          id: nextClaimId++,
          answer,
          index,
          text: raw.text,
          heading: raw.heading,
          tokens,
          stems: [...new Set(content.map((entry) => entry.stem))],
          inherited: [],
          inheritedNames: [],
          negated: statements.some((statement) => statement.negated),
          statements,
          values: [],
        };
        claim.values = found
          .sort((a, b) => a.start - b.start)
          .map((value) => ({
            // Spelled out rather than spread: one object shape for every value keeps the hot paths fast.
            data: value.data,
            start: value.start,
            end: value.end,
            display: value.display,
            id: nextValueId++,
            claim,
            clause: clauseAt[value.start] ?? 0,
            context: contextOf(value, content, clauseAt),
            label: labelBefore(tokens, value.start),
          }));
        return claim;
      }),
    )
    .map(resolvePronouns);
}

/**
 * A claim that opens with a pronoun ('It was built in 1961') is about what the claim before it was
 * about: it inherits that claim's words and names, and its values inherit them as surroundings.
 */
function resolvePronouns(claims: Claim[]): Claim[] {
  claims.forEach((claim, index) => {
    const previous = claims[index - 1];
    if (!previous || claim.heading || !PRONOUNS.has(claim.tokens[0]?.lower ?? '')) return;
    const before = [...new Set([...previous.stems, ...previous.inherited])];
    claim.inherited = before.filter((word) => !claim.stems.includes(word));
    const names = previous.values.filter((value) => value.data.kind === 'name');
    claim.inheritedNames = names.length > 0 ? names : previous.inheritedNames;
    for (const value of claim.values) {
      const own = new Set(value.context.map((word) => word.stem));
      for (const word of claim.inherited) {
        if (!own.has(word)) value.context.push({ stem: word, weight: INHERITED_CONTEXT_WEIGHT });
      }
    }
  });
  return claims;
}
