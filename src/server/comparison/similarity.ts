// How much two claims, or the surroundings of two values, talk about the same thing (DESIGN.md section
// 5a, step 3): cosine similarity of content stems weighted by rarity across all answers, so that the
// topic every claim shares ('wall' in an answer about the Berlin Wall) counts less than the predicate
// that tells the claims apart ('built' against 'fell').

import type { Claim, ClaimValue, ContextWord, Statement } from './claims';
import { nameKey } from './names';
import { stem } from './words';

interface Vector {
  weights: Map<string, number>;
  norm: number;
}

/** Shared names say more about a shared subject than shared common words. */
const NAME_BOOST = 1.5;
const CLAIM_SHARE = 0.35;
/** Words a pronoun stands for count, but less than words the claim states. */
const INHERITED_WEIGHT = 0.5;

function cosine(a: Vector, b: Vector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [word, weight] of small.weights) {
    const other = large.weights.get(word);
    if (other !== undefined) dot += weight * other;
  }
  return dot / (a.norm * b.norm);
}

export class Similarity {
  private readonly idf = new Map<string, number>();
  private readonly claimVectors = new Map<number, Vector>();
  private readonly contextVectors = new Map<number, Vector>();
  private readonly claimCache = new Map<number, number>();
  private readonly statementVectors = new Map<number, Vector>();

  constructor(private readonly claims: Claim[]) {
    const documentFrequency = new Map<string, number>();
    for (const claim of claims) {
      for (const word of claim.stems) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
    const total = Math.max(claims.length, 1);
    for (const [word, count] of documentFrequency) this.idf.set(word, Math.log(1 + total / count));
    for (const claim of claims) {
      const names = new Set(
        claim.values.flatMap((value) => (value.data.kind === 'name' ? nameKey(value.data.key).map(stem) : [])),
      );
      const own = claim.stems.map((word) => ({ stem: word, weight: 1 }));
      const inherited = claim.inherited.map((word) => ({ stem: word, weight: INHERITED_WEIGHT }));
      this.claimVectors.set(claim.id, this.vector([...own, ...inherited], names));
      for (const value of claim.values) this.contextVectors.set(value.id, this.vector(value.context, names));
    }
  }

  private vector(words: ContextWord[], names: Set<string>): Vector {
    const weights = new Map<string, number>();
    let squares = 0;
    for (const { stem: word, weight: factor } of words) {
      const weight = (this.idf.get(word) ?? Math.log(2)) * (names.has(word) ? NAME_BOOST : 1) * factor;
      weights.set(word, weight);
      squares += weight * weight;
    }
    return { weights, norm: Math.sqrt(squares) };
  }

  claim(a: Claim, b: Claim): number {
    const key = a.id < b.id ? a.id * this.claims.length + b.id : b.id * this.claims.length + a.id;
    let value = this.claimCache.get(key);
    if (value === undefined) {
      value = cosine(this.claimVectors.get(a.id) as Vector, this.claimVectors.get(b.id) as Vector);
      this.claimCache.set(key, value);
    }
    return value;
  }

  statement(x: Statement, y: Statement): number {
    const vectorOf = (statement: Statement) => {
      let vector = this.statementVectors.get(statement.id);
      if (!vector) {
        vector = this.vector(
          statement.stems.map((word) => ({ stem: word, weight: 1 })),
          new Set(),
        );
        this.statementVectors.set(statement.id, vector);
      }
      return vector;
    };
    return cosine(vectorOf(x), vectorOf(y));
  }

  context(v: ClaimValue, w: ClaimValue): number {
    return cosine(this.contextVectors.get(v.id) as Vector, this.contextVectors.get(w.id) as Vector);
  }

  /**
   * How strongly two values fill the same role. The words next to a value say most about its role
   * ('fell in 1989'); the whole claim, which may carry unrelated detail, says the rest.
   */
  value(v: ClaimValue, w: ClaimValue): number {
    return CLAIM_SHARE * this.claim(v.claim, w.claim) + (1 - CLAIM_SHARE) * this.context(v, w);
  }
}
