import { describe, expect, it } from 'vitest';
import { buildClaims } from './claims';
import { CANDIDATES_PER_VALUE, compareAnswers } from './matching';
import { Similarity } from './similarity';

// The matcher's work is bounded by the values compared, not by their square (issue 32, H2; decision 0058):
// however long the answers, it looks at no more than CANDIDATES_PER_VALUE pairs for each value it compares
// with each other answer.

/** Numbered facts, the shape an asker can ask for by the thousand: every value of a kind alike in its words. */
function numberedFacts(lines: number, slot: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `${i + 1}. Item ${i + 1} weighs ${i * 3 + slot} kg and was made in ${1800 + ((i + slot) % 200)}.`,
  ).join('\n');
}

function measured(lines: number) {
  const claims = buildClaims([0, 1, 2].map((slot) => numberedFacts(lines, slot)));
  const values = claims.flat().reduce((sum, claim) => sum + claim.values.length, 0);
  const { valuePairsConsidered } = compareAnswers(claims, new Similarity(claims.flat()));
  return { values, valuePairsConsidered };
}

describe('the matcher', () => {
  it('looks at a bounded number of pairs for each value, however long the answers', () => {
    for (const lines of [50, 200, 800]) {
      const { values, valuePairsConsidered } = measured(lines);
      // Each value meets each of the two other answers once.
      expect(valuePairsConsidered).toBeLessThanOrEqual(2 * CANDIDATES_PER_VALUE * values);
    }
  });
});
