import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// The judge model through the real app and the real AI SDK, with the vendors faked on the wire: it
// is chosen among configured models that did not answer, sees anonymous labels, its disputes and
// agreements are kept only when its quotes are in the answers, the local analysis fills what it
// missed, and a bad or failed judge leaves the local analysis alone (decisions 0010, 0024 and 0064).
// Planted judge mistakes scored for precision: judge-precision.test.ts.

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

async function ask(selectedModels: string[], text = 'When did the Berlin Wall fall?'): Promise<QueryResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text, sessionId: `judge-session-${++counter}`, selectedModels },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const chatgpt = modelCatalogue.chatgpt.defaultVersion;
const grok = modelCatalogue.grok.defaultVersion;
const claude = modelCatalogue.claude.defaultVersion;

const judgeReplies = (verdict: unknown) => fakes.anthropic.script(claude, { text: JSON.stringify(verdict) });

describe('the judge', () => {
  it('is Claude when Claude did not answer, sees the answers as A and B, and keeps only the disputes it can quote', async () => {
    const lengthA = 'The Wall was **155 kilometres** long and fell in 1989.';
    const lengthB = 'It fell in 1989; the Wall was 140 kilometres long.';
    fakes.openai.script(chatgpt, { text: lengthA });
    fakes.openai.script(grok, { text: lengthB });
    judgeReplies({
      summary: 'Answer A and Answer B disagree on the length and on who opened the border.',
      agreements: [
        {
          fact: 'The Wall fell in 1989.',
          positions: [
            { answer: 'A', value: '1989', quote: 'The Wall was 155 kilometres long and fell in 1989.' },
            { answer: 'B', value: '1989', quote: 'It fell in 1989; the Wall was 140 kilometres long.' },
          ],
        },
        // A fact of another question's answers: no answer here says it.
        {
          fact: 'The Eiffel Tower was completed in 1889.',
          positions: [
            { answer: 'A', value: '1889', quote: 'The Eiffel Tower was completed in 1889.' },
            { answer: 'B', value: '1889', quote: 'It was completed in 1889.' },
          ],
        },
      ],
      disputes: [
        {
          topic: 'Length of the Wall',
          positions: [
            // Quoted without the bold markers, as models do.
            { answer: 'A', value: '155 kilometres', quote: 'The Wall was 155 kilometres long and fell in 1989.' },
            { answer: 'B', value: '140 kilometres', quote: 'the Wall was 140 kilometres long.' },
          ],
        },
        {
          // Neither answer says this: the judge made it up.
          topic: 'Who opened the border',
          positions: [
            { answer: 'A', value: 'Schabowski', quote: 'Günter Schabowski opened the border.' },
            { answer: 'B', value: 'Krenz', quote: 'Egon Krenz opened the border.' },
          ],
        },
      ],
    });
    const query = await ask(['chatgpt', 'grok']);
    const comparison = query.comparisonSummary!;

    expect(comparison.disagreements).toEqual([
      {
        topic: 'Length of the Wall',
        source: 'judge',
        positions: [
          { model: 'chatgpt', value: '155 kilometres', claim: 'The Wall was 155 kilometres long and fell in 1989.' },
          {
            model: 'grok',
            value: '140 kilometres',
            claim: 'It fell in 1989; the Wall was 140 kilometres long.',
          },
        ],
      },
    ]);
    // The card names the judge, the version the vendor says answered, and how long it took.
    expect(comparison.judge).toEqual({
      kind: 'model',
      model: 'claude',
      displayName: 'Claude',
      modelVersion: claude,
      durationMs: expect.any(Number),
    });
    // The summary counts what is shown, by the models' names, not the judge's letters.
    expect(comparison.summary).toContain('Length of the Wall');
    expect(comparison.summary).not.toMatch(/Answer A|border/);
    expect(comparison.agreements[0]).toBe('The Wall fell in 1989.');
    expect(comparison.agreements.join(' ')).not.toMatch(/Eiffel|1889/);

    // Each answer's disputed value is marked where it stands in the raw text.
    const marks = (model: string, text: string) =>
      comparison.claims
        ?.find((entry) => entry.model === model)
        ?.claims.filter((claim) => claim.source === 'judge')
        .map((claim) => text.slice(claim.start, claim.end));
    expect(marks('chatgpt', lengthA)).toEqual(['155 kilometres', '1989']);
    expect(marks('grok', lengthB)).toEqual(['1989', '140 kilometres']);
    // The shared year is marked as agreed with the other model, the lengths as contradicted.
    const grokYear = comparison.claims?.find((entry) => entry.model === 'grok')?.claims[0];
    expect(grokYear).toMatchObject({ status: 'agreed', agreedBy: ['chatgpt'], source: 'judge' });

    // Confidence comes from the checked claims, with the reason, not from the judge.
    for (const model of ['chatgpt', 'grok']) {
      expect(comparison.confidenceRanking.find((entry) => entry.model === model)).toMatchObject({
        contradicted: 1,
        reason: expect.stringMatching(/contradicted/i),
      });
    }

    // The comparison is the judge's only call: the one shared year stands in sentences that also state the
    // disputed lengths, so the Parallax answer has no shared sentence for it to word (issue 33, item 4;
    // queries/written-consensus.test.ts covers the wording call).
    const [judged, ...more] = fakes.anthropic.requests;
    expect(more).toEqual([]);
    expect(comparison.consensus?.sentences ?? []).toEqual([]);
    expect(judged!.json).toBe(true);
    expect(judged!.prompt).toContain('Answer A');
    expect(judged!.prompt).toContain('Answer B');
    expect(judged!.system).toMatch(/verbatim/i);
    expect(`${judged!.prompt} ${judged!.system ?? ''}`).not.toMatch(/chatgpt|grok|gpt-4o|openai|xai/i);
    expect(query.responses.find((r) => r.model === 'comparison')?.text).toContain('Length of the Wall');
  });

  it('leaves in the local finding the judge missed, marked as local', async () => {
    fakes.openai.script(chatgpt, { text: 'The Berlin Wall fell on 9 November 1989.' });
    fakes.openai.script(grok, { text: 'The Berlin Wall fell on 9 November 1990.' });
    judgeReplies({
      summary: 'Both answers say when the Wall fell.',
      // A bare sentence, as judges answered before decision 0064: nothing ties it to the answers.
      agreements: ['The Berlin Wall fell on 9 November.'],
      disputes: [],
    });
    const query = await ask(['chatgpt', 'grok']);
    const comparison = query.comparisonSummary!;
    expect(comparison.judge).toMatchObject({ kind: 'model', model: 'claude' });
    expect(comparison.agreements).not.toContain('The Berlin Wall fell on 9 November.');
    expect(comparison.disagreements).toHaveLength(1);
    expect(comparison.disagreements[0]).toMatchObject({
      source: 'local',
      positions: [
        { model: 'chatgpt', claim: 'The Berlin Wall fell on 9 November 1989.' },
        { model: 'grok', claim: 'The Berlin Wall fell on 9 November 1990.' },
      ],
    });
  });

  it('is another configured model when the preferred ones all answered', async () => {
    fakes.openai.script(grok, {
      text: JSON.stringify({ summary: 'The answers agree.', agreements: [], disputes: [] }),
    });
    const query = await ask(['claude', 'chatgpt', 'gemini']);
    expect(query.comparisonSummary?.judge).toMatchObject({ kind: 'model', model: 'grok', modelVersion: grok });
  });

  it('falls back to the local analysis when its verdict is out of shape', async () => {
    fakes.openai.script(chatgpt, { text: 'The Berlin Wall fell on 9 November 1989.' });
    fakes.openai.script(grok, { text: 'The Berlin Wall fell on 9 November 1990.' });
    // The verdict shape before decision 0024: no disputes, no quotes.
    judgeReplies({
      summary: 'The answers disagree on the year.',
      agreements: [],
      disagreements: [{ topic: 'Year', positions: [{ answer: 'A', claim: '1989' }] }],
      confidence: [{ answer: 'A', score: 0.9 }],
    });
    const query = await ask(['chatgpt', 'grok']);
    expect(query.comparisonSummary?.judge).toEqual({ kind: 'local' });
    expect(query.comparisonSummary?.confidenceRanking.every((entry) => ['chatgpt', 'grok'].includes(entry.model))).toBe(
      true,
    );
    expect(query.comparisonSummary?.disagreements.map((d) => d.positions.map((p) => p.model))).toEqual([
      ['chatgpt', 'grok'],
    ]);
  });

  it('falls back to the local analysis when its verdict echoes its own field names or leaves texts empty', async () => {
    const echoed = {
      summary: 'summary',
      agreements: ['agreements'],
      disputes: [{ topic: 'topic', positions: [{ answer: 'A', value: 'value', quote: 'quote' }] }],
    };
    const empty = { summary: 'The answers differ on the year.', agreements: ['  '], disputes: [] };
    // Only one echo among real texts is enough: the judge filled the form in rather than reading.
    const oneEcho = {
      summary: 'The answers differ on the year.',
      agreements: ['The Wall fell in November.', 'Agreements: string'],
      disputes: [],
    };
    // Unscripted, the fake fills the schema in with '<model>: <field name>' for every text, as a confused judge would.
    for (const verdict of [echoed, empty, oneEcho, null]) {
      fakes.openai.script(chatgpt, { text: 'The Berlin Wall fell on 9 November 1989.' });
      fakes.openai.script(grok, { text: 'The Berlin Wall fell on 9 November 1990.' });
      if (verdict) judgeReplies(verdict);
      else fakes.anthropic.reset();
      const comparison = (await ask(['chatgpt', 'grok'])).comparisonSummary!;
      expect(comparison.judge).toEqual({ kind: 'local' });
      expect(comparison.agreements.join(' ')).not.toMatch(/agreements|string/i);
      expect(comparison.agreements).not.toContain('  ');
      expect(comparison.disagreements.map((d) => [d.source, d.positions.map((p) => p.model)])).toEqual([
        ['local', ['chatgpt', 'grok']],
      ]);
    }
  });

  it('falls back to the local analysis when the judge fails', async () => {
    fakes.openai.script(chatgpt, { text: 'The Berlin Wall fell on 9 November 1989.' });
    fakes.openai.script(grok, { text: 'The Berlin Wall fell on 9 November 1990.' });
    fakes.anthropic.script(claude, { error: { status: 529, message: 'overloaded' } });
    const query = await ask(['chatgpt', 'grok']);
    expect(query.comparisonSummary?.judge).toEqual({ kind: 'local' });
    expect(query.comparisonSummary?.disagreements.map((d) => d.positions.map((p) => p.model))).toEqual([
      ['chatgpt', 'grok'],
    ]);
  });
});
