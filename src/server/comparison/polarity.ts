// Statements that deny what another answer affirms, and opposite yes/no verdicts
// (docs/architecture.md, "The local analyser", step 4). Polarity is read per clause, so 'X is not A, but B' is not
// 'X is not B'.

import { verdictOf, type Claim, type Statement } from './claims';
import { THRESHOLDS, type Findings } from './findings';
import type { Similarity } from './similarity';
import { relate } from './value-compare';
import { isContentWord, isNegator, stem } from './words';

export const polarityOf = (statement: Statement) => (statement.negated ? 'negated' : 'affirmed');

/** Claims alike enough to be one statement need the same names in the answer's slot and no differing values. */
function sameValues(a: Claim, b: Claim): boolean {
  const covered = (x: Claim, y: Claim) =>
    x.values.every((v) => {
      const relations = y.values.map((w) => relate(v.data, w.data));
      if (relations.includes('same')) return true;
      if (v.data.kind === 'name') return !v.data.predicative;
      return !relations.includes('different');
    });
  return covered(a, b) && covered(b, a);
}

/** The negated statement must deny something the other asserts, not a detail it adds ('not insects'). */
function deniesWhatOtherSays(negated: Statement, other: Statement): boolean {
  return negated.denied.length > 0 && negated.denied.every((word) => other.stems.includes(word));
}

export interface Polar {
  claim: Claim;
  statement: Statement;
}

const polarCache = new WeakMap<Claim[], Polar[]>();

/** An answer's statements of two words or more; read once per answer however many answers it is compared with. */
export function polarStatements(claims: Claim[]): Polar[] {
  let polar = polarCache.get(claims);
  if (!polar) {
    polar = claims
      .filter((claim) => !claim.heading)
      .flatMap((claim) =>
        claim.statements.filter((s) => s.stems.length >= 2).map((statement) => ({ claim, statement })),
      );
    polarCache.set(claims, polar);
  }
  return polar;
}

/** Statements of opposite polarity that say the same thing otherwise: 'X is visible' against 'X is not visible'. */
export function comparePolarity(a: Claim[], b: Claim[], similarity: Similarity, findings: Findings): void {
  const polarA = polarStatements(a);
  const polarB = polarStatements(b);
  const pairs: Array<{ x: Polar; y: Polar; score: number }> = [];
  // Negated statements are few: pair each with the other answer's affirmed ones, and the reverse.
  const consider = (x: Polar, y: Polar) => {
    const score = similarity.statement(x.statement, y.statement);
    if (score < THRESHOLDS.polarity) return;
    const denial = x.statement.negated
      ? deniesWhatOtherSays(x.statement, y.statement)
      : deniesWhatOtherSays(y.statement, x.statement);
    if (denial && sameValues(x.claim, y.claim)) pairs.push({ x, y, score });
  };
  // A denial needs every denied word in the affirmed statement: the affirmed ones are found through the
  // denied words they hold, not by pairing every statement with every other (issue 32, H2; decision 0058).
  // Candidates keep polarB's order, so the pairs come out as a scan of every statement would give them.
  const affirmedByWord = new Map<string, number[]>();
  const negatedByWord = new Map<string, number[]>();
  const file = (index: Map<string, number[]>, word: string, k: number) => {
    const list = index.get(word);
    if (!list) index.set(word, [k]);
    else if (list[list.length - 1] !== k) list.push(k);
  };
  polarB.forEach(({ statement }, k) => {
    if (!statement.negated) for (const word of statement.stems) file(affirmedByWord, word, k);
    else if (statement.denied.length > 0) file(negatedByWord, statement.denied[0]!, k);
  });
  for (const x of polarA) {
    let found: number[];
    if (x.statement.negated) {
      const postings = x.statement.denied.map((word) => affirmedByWord.get(word) ?? []);
      found = postings.length === 0 ? [] : postings.reduce((p, q) => (q.length < p.length ? q : p));
    } else {
      found = [...new Set(x.statement.stems.flatMap((word) => negatedByWord.get(word) ?? []))].sort((p, q) => p - q);
    }
    for (const k of found) consider(x, polarB[k]!);
  }
  // An answer that also states the other answer's polarity elsewhere has not contradicted it.
  const restated = (own: Polar[], target: Statement, score: number) =>
    own.some(
      (p) => p.statement.negated === target.negated && similarity.statement(p.statement, target) >= 0.85 * score,
    );
  for (const pair of pairs) {
    if (restated(polarA, pair.y.statement, pair.score) || restated(polarB, pair.x.statement, pair.score)) continue;
    const beaten = pairs.some(
      (other) =>
        other !== pair &&
        (other.x.claim === pair.x.claim || other.y.claim === pair.y.claim) &&
        other.score > pair.score,
    );
    if (beaten) continue;
    findings.claimConflicts.push({
      kind: 'polarity',
      a: pair.x.claim,
      b: pair.y.claim,
      sideA: polarityOf(pair.x.statement),
      sideB: polarityOf(pair.y.statement),
      statements: [pair.x.statement, pair.y.statement],
      score: pair.score,
    });
  }
}

const COPULAS = new Set(['is', 'are', 'was', 'were', "isn't", "aren't", "wasn't", "weren't"]);
/** Words between a copula and its predicate that leave the predicate as it is ('is generally not customary'). */
const PREDICATE_FILLERS = new Set(['a', 'an', 'the', 'generally', 'usually', 'really', 'very', 'always', 'considered']);

/** 'Tipping is not customary': what is said of what, and whether it is denied. */
export interface CopulaStatement {
  claim: Claim;
  subject: string;
  predicate: string;
  negated: boolean;
}

/** The copular statements of a claim whose subject and predicate are content words next to the verb. */
export function copulasOf(claim: Claim): CopulaStatement[] {
  const found: CopulaStatement[] = [];
  const { tokens } = claim;
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' || !COPULAS.has(token.lower)) return;
    const before = tokens[i - 1];
    if (!before || before.kind !== 'word' || !isContentWord(before.lower)) return;
    let negated = isNegator(token.lower);
    let k = i + 1;
    for (; k < tokens.length; k++) {
      const word = tokens[k]!;
      if (word.kind !== 'word') return;
      if (isNegator(word.lower)) negated = !negated;
      else if (!PREDICATE_FILLERS.has(word.lower)) break;
    }
    const predicate = tokens[k];
    if (!predicate || predicate.kind !== 'word' || !isContentWord(predicate.lower)) return;
    found.push({ claim, subject: stem(before.lower), predicate: stem(predicate.lower), negated });
  });
  return found;
}

const copulaCache = new WeakMap<Claim[], CopulaStatement[]>();

const statementWith = (claim: Claim, copula: CopulaStatement) =>
  claim.statements.find((s) => s.stems.includes(copula.subject) && s.stems.includes(copula.predicate)) ??
  claim.statements[0];

/**
 * The same thing said of the same subject, once affirmed and once denied ('a 10% tip is customary',
 * 'tipping is not customary'), however much else each sentence says around it. An answer that also says
 * it the other way has not contradicted anything.
 */
export function compareCopulas(a: Claim[], b: Claim[], findings: Findings): void {
  const of = (claims: Claim[]) => {
    let copulas = copulaCache.get(claims);
    if (!copulas) {
      copulas = claims.filter((claim) => !claim.heading).flatMap(copulasOf);
      copulaCache.set(claims, copulas);
    }
    return copulas;
  };
  const copulasA = of(a);
  const copulasB = of(b);
  const key = (c: CopulaStatement) => `${c.subject} ${c.predicate}`;
  const says = (copulas: CopulaStatement[], c: CopulaStatement, negated: boolean) =>
    copulas.some((other) => key(other) === key(c) && other.negated === negated);
  const reported = new Set(findings.claimConflicts.map((conflict) => `${conflict.a.id} ${conflict.b.id}`));
  const keys = new Set<string>();
  for (const x of copulasA) {
    for (const y of copulasB) {
      if (key(x) !== key(y) || x.negated === y.negated || keys.has(key(x))) continue;
      if (says(copulasA, x, !x.negated) || says(copulasB, y, !y.negated)) continue;
      if (reported.has(`${x.claim.id} ${y.claim.id}`)) continue;
      keys.add(key(x));
      findings.claimConflicts.push({
        kind: 'polarity',
        a: x.claim,
        b: y.claim,
        sideA: x.negated ? 'negated' : 'affirmed',
        sideB: y.negated ? 'negated' : 'affirmed',
        statements: [statementWith(x.claim, x), statementWith(y.claim, y)].filter((s) => s !== undefined),
        score: 1,
      });
    }
  }
}

export function compareVerdicts(a: Claim[], b: Claim[], findings: Findings): void {
  const x = a[0];
  const y = b[0];
  if (!x || !y) return;
  const verdictA = verdictOf(x);
  const verdictB = verdictOf(y);
  if (verdictA && verdictB && verdictA !== verdictB) {
    findings.claimConflicts.push({
      kind: 'verdict',
      a: x,
      b: y,
      sideA: verdictA,
      sideB: verdictB,
      statements: [],
      score: 1,
    });
  }
}
