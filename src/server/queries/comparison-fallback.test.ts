import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComparisonWorkers } from '../comparison/worker-pool';
import { AppMetrics } from '../http/metrics';
import { CredentialStore } from '../providers/credentials';
import { createSecretBox } from '../settings/secret-box';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { QueryService } from './service';

// A comparison that outgrows its worker's time or heap (decision 0058) costs the question its
// comparison, not its answers: compareAnswers gives null (the card's "Comparison unavailable"), the
// question is saved without one, and the next comparison runs on a fresh worker.

let t: TestApp;
const pools: ComparisonWorkers[] = [];
beforeAll(async () => {
  t = await createTestApp({ JUDGE_MODEL: 'local' });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await t?.close();
});

function service(workers: ComparisonWorkers): QueryService {
  pools.push(workers);
  const credentials = new CredentialStore(t.db, createSecretBox('comparison-fallback-secret'), t.config);
  return new QueryService(t.db, credentials, t.config, t.app.log, new AppMetrics({ db: t.db }), workers);
}

const facts = (n: number, offset: number) =>
  Array.from({ length: n }, (_, i) => `${i + 1}. Item ${i + 1} weighs ${i * 3 + offset} kg.`).join('\n');
const answer = (model: 'chatgpt' | 'grok', text: string) => ({ model, text, error: null, failure: null });
const none = { chatgpt: null, grok: null, gemini: null, deepseek: null, llama: null, claude: null, perplexity: null };
const signal = new AbortController().signal;

describe('a comparison that cannot be completed', () => {
  it('leaves the answers without a comparison when the analysis runs out of time, and the next one runs', async () => {
    const slow = service(new ComparisonWorkers({ size: 1, timeBudgetMs: 1 }));
    const long = [answer('chatgpt', facts(300, 1)), answer('grok', facts(300, 2))];
    await expect(slow.compareAnswers('How heavy?', ['chatgpt', 'grok'], long, none, signal)).resolves.toBeNull();

    const roomy = service(new ComparisonWorkers({ size: 1, timeBudgetMs: 60_000 }));
    const short = [answer('chatgpt', 'The tower is 330 m tall.'), answer('grok', 'The tower is 324 m tall.')];
    const compared = await roomy.compareAnswers('How tall?', ['chatgpt', 'grok'], short, none, signal);
    expect(compared?.disagreements).toHaveLength(1);
  }, 60_000);

  it('leaves the answers without a comparison when the analysis runs out of memory', async () => {
    const small = service(new ComparisonWorkers({ size: 1, heapMb: 16, timeBudgetMs: 60_000 }));
    const huge = [answer('chatgpt', facts(6000, 1)), answer('grok', facts(6000, 2))];
    await expect(small.compareAnswers('How heavy?', ['chatgpt', 'grok'], huge, none, signal)).resolves.toBeNull();
  }, 60_000);
});
