// How much two claims, or the surroundings of two values, talk about the same thing
// (docs/architecture.md, "The local analyser", step 3): cosine similarity of content stems weighted by rarity across
// all answers, so that the topic every claim shares ('wall' in an answer about the Berlin Wall) counts less than the
// predicate that tells the claims apart ('built' against 'fell').

import type { Claim, ClaimValue, ContextWord, Statement } from './claims';
import { nameKey } from './names';
import { stem } from './words';

/** Sparse vector: word ids in increasing order with their weights. */
interface Vector {
  ids: Int32Array;
  weights: Float64Array;
  norm: number;
}

/** Shared names say more about a shared subject than shared common words. */
const NAME_BOOST = 1.5;
const CLAIM_SHARE = 0.35;
/**
 * Claim pairs cached in a flat matrix up to this many cells (1,000 claims, 8 MB): the matrix grows with the
 * square of the claims, so past it nothing is cached and each asked-for pair is computed again from the
 * cached vectors, which costs about what a map look-up would; the matcher asks for a bounded number of
 * pairs per value (matching.ts, CANDIDATES_PER_VALUE; decision 0058).
 */
const MAX_MATRIX_CELLS = 1_000_000;
/** Words a pronoun stands for count, but less than words the claim states. */
const INHERITED_WEIGHT = 0.5;

function cosine(a: Vector, b: Vector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i] as number;
    const y = b.ids[j] as number;
    if (x === y) dot += (a.weights[i++] as number) * (b.weights[j++] as number);
    else if (x < y) i++;
    else j++;
  }
  return dot / (a.norm * b.norm);
}

export class Similarity {
  private readonly idf = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  /** Indexed by claim id and by value id, both numbered from 0 in one analysis. */
  private readonly claimVectors: (Vector | null)[];
  private readonly contextVectors: (Vector | null)[];
  /**
   * Claim similarities, computed once each; -1 until then. Claim ids run from 0 to the number of claims.
   * A flat matrix is fastest for answers of normal length; for very long ones (null) nothing is cached,
   * so that the matrix cannot grow with the square of the claims (MAX_MATRIX_CELLS).
   */
  private readonly claimCache: Float64Array | null;
  private readonly statementVectors = new Map<number, Vector>();

  constructor(private readonly claims: Claim[]) {
    const cells = claims.length * claims.length;
    // Filled arrays stay fast to index; ones written out of order would not.
    this.claimVectors = new Array<Vector | null>(claims.length).fill(null);
    const values = claims.reduce((sum, claim) => sum + claim.values.length, 0);
    this.contextVectors = new Array<Vector | null>(values).fill(null);
    this.claimCache = cells <= MAX_MATRIX_CELLS ? new Float64Array(cells).fill(-1) : null;
    const documentFrequency = new Map<string, number>();
    for (const claim of claims) {
      for (const word of claim.stems) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
    const total = Math.max(claims.length, 1);
    for (const [word, count] of documentFrequency) this.idf.set(word, Math.log(1 + total / count));
  }

  /** Vectors are built when first asked for: most values of a long answer are never compared. */
  private claimVector(claim: Claim): Vector {
    let vector = this.claimVectors[claim.id];
    if (!vector) {
      const own = claim.stems.map((word) => ({ stem: word, weight: 1 }));
      const inherited = claim.inherited.map((word) => ({ stem: word, weight: INHERITED_WEIGHT }));
      vector = this.vector([...own, ...inherited], this.namesOf(claim), NAME_BOOST);
      this.claimVectors[claim.id] = vector;
    }
    return vector;
  }

  private contextVector(value: ClaimValue): Vector {
    let vector = this.contextVectors[value.id];
    if (!vector) {
      vector = this.vector(value.context, this.namesOf(value.claim), NAME_BOOST);
      this.contextVectors[value.id] = vector;
    }
    return vector;
  }

  private readonly claimNames = new Map<number, Set<string>>();
  private namesOf(claim: Claim): Set<string> {
    let names = this.claimNames.get(claim.id);
    if (!names) {
      names = new Set(
        claim.values.flatMap((value) => (value.data.kind === 'name' ? nameKey(value.data.key).map(stem) : [])),
      );
      this.claimNames.set(claim.id, names);
    }
    return names;
  }

  private vector(words: ContextWord[], names: Set<string>, nameFactor: number): Vector {
    // Few words per vector: sorting (id, weight) entries beats a map.
    const entries: [number, number][] = [];
    for (const { stem: word, weight: factor } of words) {
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(word, id);
      }
      entries.push([id, (this.idf.get(word) ?? Math.log(2)) * (names.has(word) ? nameFactor : 1) * factor]);
    }
    entries.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
    const ids: number[] = [];
    const weights: number[] = [];
    let squares = 0;
    for (const [id, weight] of entries) {
      // A word listed twice counts once, at its highest weight (sorted first).
      if (ids[ids.length - 1] === id) continue;
      ids.push(id);
      weights.push(weight);
      squares += weight * weight;
    }
    return { ids: Int32Array.from(ids), weights: Float64Array.from(weights), norm: Math.sqrt(squares) };
  }

  claim(a: Claim, b: Claim): number {
    const cache = this.claimCache;
    if (!cache) return cosine(this.claimVector(a), this.claimVector(b));
    const key = Math.min(a.id, b.id) * this.claims.length + Math.max(a.id, b.id);
    let value = cache[key] as number;
    if (value < 0) {
      value = cosine(this.claimVector(a), this.claimVector(b));
      cache[key] = value;
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
          1,
        );
        this.statementVectors.set(statement.id, vector);
      }
      return vector;
    };
    return cosine(vectorOf(x), vectorOf(y));
  }

  context(v: ClaimValue, w: ClaimValue): number {
    return cosine(this.contextVector(v), this.contextVector(w));
  }

  /**
   * How strongly two values fill the same role. The words next to a value say most about its role
   * ('fell in 1989'); the whole claim, which may carry unrelated detail, says the rest.
   */
  value(v: ClaimValue, w: ClaimValue): number {
    return CLAIM_SHARE * this.claim(v.claim, w.claim) + (1 - CLAIM_SHARE) * this.context(v, w);
  }
}
