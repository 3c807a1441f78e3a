import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The judge model: chosen among configured models that did not answer, sees anonymous labels,
// and its verdict is mapped back to the models; a bad verdict falls back to local analysis.

let fakes: FakeAiVendors;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

async function ask(selectedModels: string[]): Promise<QueryResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text: 'When did the Berlin Wall fall?', sessionId: `judge-session-${++counter}`, selectedModels },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const claude = modelCatalogue.claude.defaultVersion;

describe('the judge', () => {
  it('is Claude when Claude did not answer, sees the answers as A and B, and its verdict names the models', async () => {
    fakes.openai.script(modelCatalogue.chatgpt.defaultVersion, { text: 'The Berlin Wall fell on 9 November 1989.' });
    fakes.openai.script(modelCatalogue.grok.defaultVersion, { text: 'It fell in 1991.' });
    fakes.anthropic.script(claude, {
      text: JSON.stringify({
        summary: 'The answers disagree on the year.',
        agreements: ['Both discuss the fall of the Berlin Wall.'],
        disagreements: [
          {
            topic: 'Year the Wall fell',
            positions: [
              { answer: 'A', claim: '1989' },
              { answer: 'B', claim: '1991' },
            ],
          },
        ],
        confidence: [
          { answer: 'A', score: 0.92 },
          { answer: 'B', score: 0.2 },
        ],
      }),
    });
    const query = await ask(['chatgpt', 'grok']);
    expect(query.comparisonSummary).toMatchObject({
      summary: 'The answers disagree on the year.',
      judge: { kind: 'model', model: 'claude', displayName: 'Claude' },
      disagreements: [
        {
          topic: 'Year the Wall fell',
          positions: [
            { model: 'chatgpt', claim: '1989' },
            { model: 'grok', claim: '1991' },
          ],
        },
      ],
      confidenceRanking: [
        { model: 'chatgpt', displayName: 'ChatGPT', score: 0.92 },
        { model: 'grok', displayName: 'Grok', score: 0.2 },
      ],
    });
    const judged = fakes.anthropic.lastRequest!;
    expect(judged.json).toBe(true);
    expect(judged.prompt).toContain('Answer A');
    expect(judged.prompt).toContain('Answer B');
    expect(`${judged.prompt} ${judged.system ?? ''}`).not.toMatch(/chatgpt|grok|gpt-4o|openai|xai/i);
    expect(query.responses.find((r) => r.model === 'chatgpt')?.confidenceScore).toBeCloseTo(0.92);
    expect(query.responses.find((r) => r.model === 'comparison')?.text).toContain('The answers disagree on the year.');
  });

  it('is another configured model when the preferred ones all answered', async () => {
    const query = await ask(['claude', 'chatgpt', 'gemini']);
    expect(query.comparisonSummary?.judge).toMatchObject({ kind: 'model', model: 'grok' });
  });

  it('falls back to the local analysis when its verdict is out of shape', async () => {
    fakes.anthropic.script(claude, { text: '{"summary": 42}' });
    const query = await ask(['chatgpt', 'gemini']);
    expect(query.comparisonSummary?.judge).toEqual({ kind: 'local' });
    expect(query.comparisonSummary?.confidenceRanking).toHaveLength(2);
  });

  it('falls back to the local analysis when the judge fails', async () => {
    fakes.anthropic.script(claude, { error: { status: 529, message: 'overloaded' } });
    const query = await ask(['chatgpt', 'gemini']);
    expect(query.comparisonSummary?.judge).toEqual({ kind: 'local' });
  });
});
