import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerForComparison } from '../../common/comparison';
import { analyseLocally } from './local-analyser';
import { ComparisonUnavailable, ComparisonWorkers } from './worker-pool';

// The comparison's worker threads (decision 0058): the same analysis as on the loop, and a task that
// outgrows its time or heap ends its worker with an error the caller falls back on, while the pool
// goes on serving.

const answers: AnswerForComparison[] = [
  { model: 'chatgpt', text: 'The Eiffel Tower is 330 m tall. It opened in 1889.', error: null },
  { model: 'claude', text: 'The Eiffel Tower is 324 m tall. It opened in 1889.', error: null },
];
const question = 'How tall is the Eiffel Tower?';

/** Numbered facts, as an asker can request thousands of: a long answer in little code. */
const facts = (n: number, offset: number) =>
  Array.from(
    { length: n },
    (_, i) => `${i + 1}. Item ${i + 1} weighs ${i * 3 + offset} kg and was made in ${1800 + ((i + offset) % 200)}.`,
  ).join('\n');

const pools: ComparisonWorkers[] = [];
const pool = (options: ConstructorParameters<typeof ComparisonWorkers>[0]) => {
  const made = new ComparisonWorkers(options);
  pools.push(made);
  return made;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('the comparison workers', () => {
  it('give the same analysis as the analyser run in place', async () => {
    const workers = pool({ size: 1 });
    expect(await workers.analyse(answers, question)).toEqual(analyseLocally(answers, question));
  });

  it('end a task that runs past its time budget with a time error, and serve the next task', async () => {
    const workers = pool({ size: 1, timeBudgetMs: 60_000 });
    // Started and warm first, so the next budget is the task's own.
    await workers.analyse(answers, question);
    const slow = pool({ size: 1, timeBudgetMs: 1 });
    const long = [
      { model: 'chatgpt', text: facts(400, 1), error: null },
      { model: 'claude', text: facts(400, 2), error: null },
    ];
    await expect(slow.analyse(long, question)).rejects.toMatchObject({ reason: 'time' });
    await expect(slow.analyse(long, question)).rejects.toBeInstanceOf(ComparisonUnavailable);
    expect((await workers.analyse(answers, question)).disagreements).toHaveLength(1);
  });

  it('end a task that outgrows its heap with a memory error, and serve the next task on a fresh worker', async () => {
    const workers = pool({ size: 1, heapMb: 16, timeBudgetMs: 120_000 });
    const huge = [
      { model: 'chatgpt', text: facts(6000, 1), error: null },
      { model: 'claude', text: facts(6000, 2), error: null },
      { model: 'gemini', text: facts(6000, 3), error: null },
    ];
    await expect(workers.analyse(huge, question)).rejects.toMatchObject({ reason: 'memory' });
    expect((await workers.analyse(answers, question)).disagreements).toHaveLength(1);
  }, 120_000);
});
