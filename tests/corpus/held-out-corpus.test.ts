// Integrity of the held-out comparison corpus (bench/corpus/held-out-*.ts): the benchmark can only
// score the analyser fairly if every planted value really is in the answer that is said to state it,
// and if the corpus is as large and as varied as the comparison issue asks.

import { describe, expect, it } from 'vitest';
import { heldOutConflictCases } from '../../bench/corpus/held-out-conflicts';
import { type HeldOutCase, VALUE_KINDS } from '../../bench/corpus/held-out-corpus';
import { heldOutStyleCases } from '../../bench/corpus/held-out-style';
import { modelKeys } from '../../src/common/models';

const files = [
  { file: 'held-out-conflicts.ts', cases: heldOutConflictCases, fewest: 1, most: 2, minCases: 40, minLong: 12 },
  { file: 'held-out-style.ts', cases: heldOutStyleCases, fewest: 0, most: 0, minCases: 20, minLong: 6 },
];

/** Words as a reader counts them: markdown pipes, bullets and rules are not words. */
function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

function answerText(heldOut: HeldOutCase, model: string): string | undefined {
  return heldOut.answers.find((answer) => answer.model === model)?.text ?? undefined;
}

describe.each(files)('$file', ({ cases, fewest, most, minCases, minLong }) => {
  it(`has at least ${minCases} cases, ${minLong} of them with an answer over 250 words`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(minCases);
    const long = cases.filter((heldOut) => heldOut.answers.some((a) => wordCount(a.text ?? '') > 250));
    expect(long.length).toBeGreaterThanOrEqual(minLong);
  });

  it.each(cases.map((heldOut) => [heldOut.name, heldOut] as const))(
    '%s: a question and at least two answers from distinct known models',
    (_name, heldOut) => {
      expect(heldOut.question.trim()).not.toBe('');
      expect(heldOut.answers.length).toBeGreaterThanOrEqual(2);
      const models = heldOut.answers.map((answer) => answer.model);
      expect(new Set(models).size).toBe(models.length);
      for (const answer of heldOut.answers) {
        expect(modelKeys).toContain(answer.model);
        expect(answer.error).toBeNull();
        expect(answer.text?.trim()).toBeTruthy();
      }
    },
  );

  it.each(cases.map((heldOut) => [heldOut.name, heldOut] as const))(
    '%s: planted conflicts quote each model verbatim',
    (_name, heldOut) => {
      expect(heldOut.conflicts.length).toBeGreaterThanOrEqual(fewest);
      expect(heldOut.conflicts.length).toBeLessThanOrEqual(most);
      for (const conflict of heldOut.conflicts) {
        expect(VALUE_KINDS).toContain(conflict.kind);
        const entries = Object.entries(conflict.values);
        expect(entries.length).toBeGreaterThanOrEqual(2);
        // A disagreement needs two sides: at least two different values.
        expect(new Set(entries.map(([, value]) => value.toLowerCase())).size).toBeGreaterThanOrEqual(2);
        for (const [model, value] of entries) {
          expect(value.trim(), `${model}'s value`).not.toBe('');
          expect(answerText(heldOut, model), `${model}'s answer`).toContain(value);
        }
      }
    },
  );
});

describe('the corpus as a whole', () => {
  const all = [...heldOutConflictCases, ...heldOutStyleCases];

  it('names every case once', () => {
    const names = all.map((heldOut) => heldOut.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('plants every value kind at least three times', () => {
    const kinds = all.flatMap((heldOut) => heldOut.conflicts.map((conflict) => conflict.kind));
    const tooFew = VALUE_KINDS.filter((kind) => kinds.filter((k) => k === kind).length < 3);
    expect(tooFew).toEqual([]);
  });
});
