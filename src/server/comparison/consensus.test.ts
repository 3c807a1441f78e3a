import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The Parallax answer (issue 13, item 1), assembled from the claims: what two or more answers state
// alike, each sentence with its supporters and their own words, and each dispute as a dispute. Stored
// with the question and read back with it.

let fakes: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

describe('the Parallax answer', () => {
  it('states only what the answers share, with who states it, and names the dispute without settling it', async () => {
    fakes.openai.script('gpt-4o', {
      text: 'The Berlin Wall fell on 9 November 1989. The wall was 155 kilometres long.',
    });
    fakes.openai.script('grok-3', {
      text: 'The Berlin Wall came down on 9 November 1989. The wall was 140 kilometres long.',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: {
        text: 'Tell me about the Berlin Wall.',
        sessionId: 'consensus-session-1',
        selectedModels: ['chatgpt', 'grok'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const consensus = response.json<QueryResult>().comparisonSummary!.consensus!;
    expect(consensus.writtenBy).toBe('assembled');
    expect(consensus.sentences).toEqual([
      {
        text: 'The Berlin Wall fell on 9 November 1989.',
        models: ['chatgpt', 'grok'],
        quotes: [
          { model: 'chatgpt', text: 'The Berlin Wall fell on 9 November 1989.' },
          { model: 'grok', text: 'The Berlin Wall came down on 9 November 1989.' },
        ],
      },
    ]);
    expect(consensus.disputes).toHaveLength(1);
    expect(consensus.disputes[0]!.sides).toEqual([
      { value: '155 kilometres', models: ['chatgpt'] },
      { value: '140 kilometres', models: ['grok'] },
    ]);
    // Nothing disputed reads as agreed.
    expect(JSON.stringify(consensus.sentences)).not.toMatch(/kilometres/);

    const id = response.json<QueryResult>().id;
    const read = await t.app.inject({ method: 'GET', url: `/api/query/${id}?sessionId=consensus-session-1` });
    expect(read.json<QueryResult>().comparisonSummary!.consensus).toEqual(consensus);
    // History pages leave it out (the chosen question is read whole), and keep the rest of the comparison.
    const history = await t.app.inject({ method: 'GET', url: '/api/history/consensus-session-1' });
    const listed = history.json<QueryResult[]>().find((q) => q.id === id)!;
    expect(listed.comparisonSummary!.consensus).toBeUndefined();
    expect(listed.comparisonSummary!.disagreements).toHaveLength(1);
  });
});

describe('the Parallax answer tells only what was checked (issue 33, item 4)', () => {
  /** A claim mark on `value` in `text`, agreed by one other model. */
  const mark = (text: string, value: string, agreedBy: string) => ({
    start: text.indexOf(value),
    end: text.indexOf(value) + value.length,
    text,
    status: 'agreed' as const,
    agreedBy: [agreedBy],
    contradictedBy: [],
    source: 'local' as const,
  });

  it('never tells a sentence as shared when one supporter wrote another name or figure in it', async () => {
    // Both answers agree on the Red Sea; Claude's sentence also names the Gulf of Suez, DeepSeek's the
    // Mediterranean: the sentence is not theirs to share, whatever their other words have in common.
    const assemble = (await import('./consensus')).assembleConsensus;
    const chatgpt = 'The Suez Canal connects the Red Sea with the Gulf of Suez, so ships avoid Africa.';
    const deepseek = 'The Suez Canal connects the Mediterranean Sea with the Red Sea, so ships avoid Africa.';
    const consensus = assemble(
      {
        disagreements: [],
        claims: [
          { model: 'chatgpt', claims: [mark(chatgpt, 'Red Sea', 'deepseek')] },
          { model: 'deepseek', claims: [mark(deepseek, 'Red Sea', 'chatgpt')] },
        ],
      },
      [
        { model: 'chatgpt', text: chatgpt },
        { model: 'deepseek', text: deepseek },
      ],
    );
    expect(consensus?.sentences ?? []).toEqual([]);

    const same = 'The Suez Canal connects the Mediterranean Sea with the Red Sea.';
    const alike = 'The Suez Canal connects the Red Sea with the Mediterranean Sea.';
    const shared = assemble(
      {
        disagreements: [],
        claims: [
          { model: 'chatgpt', claims: [mark(same, 'Red Sea', 'deepseek')] },
          { model: 'deepseek', claims: [mark(alike, 'Red Sea', 'chatgpt')] },
        ],
      },
      [
        { model: 'chatgpt', text: same },
        { model: 'deepseek', text: alike },
      ],
    );
    expect(shared?.sentences.map((s) => [s.text, s.models])).toEqual([[same, ['chatgpt', 'deepseek']]]);
  });

  it("never credits a model with a sentence that says more than the model's own", async () => {
    // Claude's sentence says only who crosses first; ChatGPT's adds why, and Claude may deny the why.
    const assemble = (await import('./consensus')).assembleConsensus;
    const chatgpt =
      'The farmer takes the goat across the river first, because left alone with the cabbage it would eat it.';
    const claude = 'The farmer first takes the goat across the river.';
    const consensus = assemble(
      {
        disagreements: [],
        claims: [
          { model: 'chatgpt', claims: [mark(chatgpt, 'goat', 'claude')] },
          { model: 'claude', claims: [mark(claude, 'goat', 'chatgpt')] },
        ],
      },
      [
        { model: 'chatgpt', text: chatgpt },
        { model: 'claude', text: claude },
      ],
    );
    // Told in Claude's words, which ChatGPT's sentence states whole; never in ChatGPT's longer ones.
    expect(consensus?.sentences.map((s) => [s.text, [...s.models].sort()])).toEqual([[claude, ['chatgpt', 'claude']]]);
  });
});
