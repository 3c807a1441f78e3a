import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerClaims, ComparisonAnalysis } from '../../common/comparison';
import { modelCatalogue } from '../../common/models';
import type { QueryResult, SavedQuery } from '../../common/query-schemas';
import { queries, responses } from '../db/schema';
import { findSessionUser } from '../users/repository';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { saveQuery, type NewResponse } from './repository';
import { bothContradictedOnce } from '../../../tests/helpers/comparisons';

// The comparison's claims (issue 11, item 2) are stored with the query in their own column: one
// query's page gets them back, history lists do not, and queries stored before them still show.

let fakes: FakeAiVendors;
let t: TestApp;
let counter = 0;
const newSession = () => `claims-session-${++counter}-${Date.now()}`;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.stop();
});

const CHATGPT = 'The Berlin Wall fell on 9 November 1989, opening the border.';
const GROK = 'It came down in 1991, after the border opened.';

/** A visitor with one question already asked, so the session user exists; its id for saveQuery. */
async function visitor(): Promise<{ sessionId: string; userId: number }> {
  const sessionId = newSession();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text: 'warm-up question', sessionId, selectedModels: ['chatgpt'] },
  });
  expect(res.statusCode).toBe(200);
  return { sessionId, userId: (await findSessionUser(t.db, sessionId))!.id };
}

const span = (text: string, value: string) => ({ start: text.indexOf(value), end: text.indexOf(value) + value.length });

function claimsFor(chatgpt: string, grok: string): AnswerClaims[] {
  return [
    {
      model: 'chatgpt',
      claims: [
        {
          ...span(chatgpt, '1989'),
          text: 'The Berlin Wall fell on 9 November 1989.',
          status: 'contradicted',
          agreedBy: [],
          contradictedBy: [{ model: 'grok', value: '1991', claim: 'It came down in 1991.' }],
          source: 'local',
        },
      ],
    },
    {
      model: 'grok',
      claims: [
        {
          ...span(grok, '1991'),
          text: 'It came down in 1991.',
          status: 'contradicted',
          agreedBy: [],
          contradictedBy: [{ model: 'chatgpt', value: '1989', claim: 'The Berlin Wall fell on 9 November 1989.' }],
          source: 'local',
        },
      ],
    },
  ];
}

function analysis(claims?: AnswerClaims[]): ComparisonAnalysis {
  return {
    summary: 'The answers disagree on the year the Berlin Wall fell.',
    agreements: ['The border opened.'],
    disagreements: [
      {
        topic: 'Year the Berlin Wall fell',
        positions: [
          { model: 'chatgpt', claim: 'The Berlin Wall fell on 9 November 1989.', value: '1989' },
          { model: 'grok', claim: 'It came down in 1991.', value: '1991' },
        ],
        source: 'local',
      },
    ],
    confidenceRanking: bothContradictedOnce(),
    judge: { kind: 'local' },
    ...(claims && { claims }),
  };
}

const answer = (model: string, text: string): NewResponse => ({
  model,
  modelVersion: modelCatalogue[model as keyof typeof modelCatalogue].defaultVersion,
  text,
  error: null,
  failure: null,
  responseTimeMs: 900,
  confidenceScore: 0.5,
  inputTokens: null,
  outputTokens: null,
  sources: [],
  citationMarks: [],
  reasoning: null,
  thinkingMs: null,
  firstTokenMs: null,
});

const save = async (userId: number, comparison: ComparisonAnalysis, texts = { chatgpt: CHATGPT, grok: GROK }) =>
  (
    await saveQuery(t.db, {
      userId,
      text: 'When did the Berlin Wall fall?',
      selectedModels: ['chatgpt', 'grok'],
      webSearch: false,
      comparison,
      charged: null,
      answers: [answer('chatgpt', texts.chatgpt), answer('grok', texts.grok)],
    })
  ).query;

const readQuery = (id: number, sessionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/query/${id}?sessionId=${sessionId}` });

async function history(sessionId: string): Promise<SavedQuery[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/history/${sessionId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('claims stored with the query', () => {
  it('returns the claims on the query page and in the answer to the question, not in history', async () => {
    const { sessionId, userId } = await visitor();
    const claims = claimsFor(CHATGPT, GROK);
    const saved = await save(userId, analysis(claims));
    expect(saved.comparisonSummary).toEqual(analysis(claims));

    const page = await readQuery(saved.id, sessionId);
    expect(page.statusCode).toBe(200);
    const shown = (page.json() as SavedQuery).comparisonSummary!;
    expect(shown).toEqual(analysis(claims));
    const chatgptText = (page.json() as SavedQuery).responses.find((r) => r.model === 'chatgpt')!.text!;
    const [mark] = shown.claims![0]!.claims;
    expect(chatgptText.slice(mark!.start, mark!.end)).toBe('1989');

    const listed = (await history(sessionId)).find((q) => q.id === saved.id)!;
    expect(listed.comparisonSummary).toEqual(analysis());
    expect(listed.comparisonSummary).not.toHaveProperty('claims');
    // Lean in the table too, not only in the answer: a history page never reads the claims.
    const [row] = await t.db
      .select({ summaryHasClaims: sql<boolean>`${queries.comparisonSummary} ? 'claims'` })
      .from(queries)
      .where(eq(queries.id, saved.id));
    expect(row!.summaryHasClaims).toBe(false);
  });

  it("keeps the comparison row's Markdown as it was", async () => {
    const { userId } = await visitor();
    const saved = await save(userId, analysis(claimsFor(CHATGPT, GROK)));
    expect(saved.responses.map((r) => r.model)).toEqual(['chatgpt', 'grok', 'comparison']);
    expect(saved.responses.at(-1)!.text).toBe(
      [
        'The answers disagree on the year the Berlin Wall fell.',
        '**Agreements**\n- The border opened.',
        '**Disagreements**\n- Year the Berlin Wall fell: chatgpt says "The Berlin Wall fell on 9 November 1989."; grok says "It came down in 1991."',
      ].join('\n\n'),
    );
  });

  it('keeps an analysis that checked nothing as an empty claims list, not as an old query', async () => {
    const { sessionId, userId } = await visitor();
    const saved = await save(userId, analysis([]));
    const shown = ((await readQuery(saved.id, sessionId)).json() as SavedQuery).comparisonSummary;
    expect(shown?.claims).toEqual([]);
  });

  it('moves the marks with the answer when storing drops a U+0000 before them', async () => {
    const { sessionId, userId } = await visitor();
    const raw = 'The Berlin\u0000 Wall fell\u0000 on 9 November 1989.';
    const saved = await save(userId, analysis(claimsFor(raw, GROK)), { chatgpt: raw, grok: GROK });
    const page = (await readQuery(saved.id, sessionId)).json() as SavedQuery;
    const stored = page.responses.find((r) => r.model === 'chatgpt')!.text!;
    expect(stored).toBe('The Berlin Wall fell on 9 November 1989.');
    const [mark] = page.comparisonSummary!.claims![0]!.claims;
    expect(stored.slice(mark!.start, mark!.end)).toBe('1989');
    const [grokMark] = page.comparisonSummary!.claims![1]!.claims;
    expect(GROK.slice(grokMark!.start, grokMark!.end)).toBe('1991');
  });

  it('streams the same analysis the query page shows later, claims included, and lists it without them', async () => {
    fakes.openai.script(modelCatalogue.chatgpt.defaultVersion, { text: CHATGPT });
    fakes.openai.script(modelCatalogue.grok.defaultVersion, { text: GROK });
    const sessionId = newSession();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/query/stream',
      payload: { text: 'When did the Berlin Wall fall?', sessionId, selectedModels: ['chatgpt', 'grok'] },
    });
    const events = parseSse(res.body);
    const streamed = events.find((e) => e.type === 'comparison')!.comparison;
    const query = (events.at(-1) as { query: QueryResult }).query;
    expect(query.comparisonSummary).toEqual(streamed);
    // The local analyser's claims travel in the stream: each answer's year of the fall is marked contradicted.
    const contradicted = streamed.claims?.map((c) => [
      c.model,
      c.claims.filter((m) => m.status === 'contradicted').length,
    ]);
    expect(contradicted).toEqual([
      ['chatgpt', 1],
      ['grok', 1],
    ]);

    const page = (await readQuery(query.id, sessionId)).json() as SavedQuery;
    expect(page.comparisonSummary).toEqual(streamed);
    // History pages leave out the claims and the Parallax answer: the chosen question is read whole.
    expect(streamed.consensus?.disputes).toHaveLength(1);
    const { claims: _claims, consensus: _consensus, ...lean } = streamed;
    expect((await history(sessionId))[0]!.comparisonSummary).toEqual(lean);
  });
});

describe('queries stored before claims existed', () => {
  // What an older deployment left: the old analysis shape whole in comparison_summary, no claims
  // column value, and the comparison's Markdown row.
  const oldAnalysis = {
    summary: 'The answers agree on the capital.',
    agreements: ['Paris is the capital of France.'],
    disagreements: [{ topic: 'Population', positions: [{ model: 'chatgpt', claim: 'About 2 million.' }] }],
    confidenceRanking: [
      { model: 'chatgpt', displayName: 'ChatGPT', score: 0.8 },
      { model: 'grok', displayName: 'Grok', score: 0.7 },
    ],
    judge: { kind: 'model', model: 'claude', displayName: 'Claude' },
  };

  async function insertOldQuery(userId: number): Promise<number> {
    // Both drivers answer execute() with { rows }; Drizzle types it per driver, hence the cast.
    const result = (await t.db.execute(sql`
      INSERT INTO queries (user_id, text, selected_models, comparison_summary, charged_to)
      VALUES (${userId}, 'What is the capital of France?', '["chatgpt","grok"]'::jsonb,
              ${JSON.stringify(oldAnalysis)}::jsonb, 'free')
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    const id = result.rows[0]!.id;
    await t.db.insert(responses).values([
      {
        queryId: id,
        model: 'chatgpt',
        modelVersion: 'gpt-4o',
        text: 'Paris.',
        responseTimeMs: 700,
        confidenceScore: 0.8,
      },
      {
        queryId: id,
        model: 'grok',
        modelVersion: 'grok-3',
        text: 'Paris, France.',
        responseTimeMs: 800,
        confidenceScore: 0.7,
      },
      { queryId: id, model: 'comparison', modelVersion: 'claude', text: 'The answers agree on the capital.' },
    ]);
    return id;
  }

  it('still shows on the query page, with the analysis and no claims', async () => {
    const { sessionId, userId } = await visitor();
    const id = await insertOldQuery(userId);
    const page = await readQuery(id, sessionId);
    expect(page.statusCode).toBe(200);
    const query = page.json() as SavedQuery;
    expect(query.comparisonSummary).toEqual(oldAnalysis);
    expect(query.comparisonSummary).not.toHaveProperty('claims');
    expect(query.responses.map((r) => r.model)).toEqual(['chatgpt', 'grok', 'comparison']);
  });

  it('still appears in history next to a query stored with claims', async () => {
    const { sessionId, userId } = await visitor();
    const oldId = await insertOldQuery(userId);
    const saved = await save(userId, analysis(claimsFor(CHATGPT, GROK)));
    const listed = await history(sessionId);
    expect(listed.map((q) => q.id)).toEqual(expect.arrayContaining([oldId, saved.id]));
    expect(listed.find((q) => q.id === oldId)!.comparisonSummary).toEqual(oldAnalysis);
  });
});
