import { conversationMessages } from '../../common/conversation-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_SETTLEMENTS_PER_QUESTION } from '../../common/limits';
import { modelCatalogue } from '../../common/models';
import type { QueryResult, SavedQuery, StreamEvent } from '../../common/query-schemas';
import { askOverSocket, freeLeft, ledgerReasons, visitor } from '../../../tests/faults/asking';
import { parseSse } from '../../../tests/helpers/sse';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';
import { disagreementKey } from '../comparison/cross-examination';
import { questionReservations, settlements } from '../db/schema';

// 'Settle this' (issue 13, item 2) through the route and the real SDKs against the vendor fakes: each
// model in the disagreement is asked blind to re-check, its reply streams and is read as held, changed
// or uncertain, the comparison is updated and stored; one question per round, charged once however many
// clicks arrive at once, given back when no model replies; one round per disagreement, three per question.

// Questions in flight are not limited here: the tests race the rounds and the allowance themselves.
const app = useAppWithVendorFakes({
  JUDGE_MODEL: 'local',
  MODEL_TIMEOUT_SECONDS: '5',
  MAX_CONCURRENT_QUESTIONS_PER_USER: '0',
});

const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const TOWER_A =
  'The Eiffel Tower is 330 metres tall. It was completed in 1889. It weighs about 10,100 tonnes. It has 1,665 steps to the top.';
const TOWER_B =
  'The Eiffel Tower is 300 metres tall. It was completed in 1887. It weighs about 7,300 tonnes. It has 1,710 steps to the top.';
const RECHECK = 'Re-check and answer';

/** ChatGPT and Claude disagree on four facts of the Eiffel Tower. */
async function askedAboutTheTower() {
  app.fakes.openai.script(version('chatgpt'), { text: TOWER_A });
  app.fakes.anthropic.script(version('claude'), { text: TOWER_B });
  const { sessionId, userId } = await visitor(app.t.db);
  const run = await askOverSocket(app.port, {
    sessionId,
    selectedModels: ['chatgpt', 'claude'],
    text: 'Tell me about the Eiffel Tower',
  });
  const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  expect(saved.comparisonSummary!.disagreements).toHaveLength(4);
  return { sessionId, userId, saved };
}

const settle = (id: number, body: { topic: string; sessionId?: string }) =>
  app.t.app.inject({ method: 'POST', url: `/api/query/${id}/settle`, payload: body });
const savedOf = (events: StreamEvent[]) => (events.find((e) => e.type === 'query') as { query: QueryResult }).query;
const topicOf = (query: SavedQuery, words: string) =>
  query.comparisonSummary!.disagreements.find((d) => d.topic.includes(words))!.topic;
const recheckRequests = () =>
  [...app.fakes.openai.requests, ...app.fakes.anthropic.requests].filter((r) => r.prompt.includes(RECHECK));

describe('settle this', () => {
  it('re-checks blind, streams the replies, marks each position and updates the comparison, for one question', async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    expect(await freeLeft(app.t.db, userId)).toBe(32);
    app.fakes.openai.script(version('chatgpt'), {
      whenPromptIncludes: RECHECK,
      text: 'KEEP. 330 metres is the height with its antennas, as measured today.',
    });
    app.fakes.anthropic.script(version('claude'), {
      whenPromptIncludes: RECHECK,
      text: 'REVISE: 330 metres. I gave the height before the antennas were added.',
    });
    const topic = topicOf(saved, 'tall');
    const res = await settle(saved.id, { topic, sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ type: 'start', models: ['chatgpt', 'claude'] });
    expect(events.filter((e) => e.type === 'recheck').length).toBeGreaterThan(2);
    expect(events.filter((e) => e.type === 'delta')).toEqual([]);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['comparison', 'query']);
    const done = events.filter((e) => e.type === 'recheck-done');
    expect(done.map((e) => [e.model, e.outcome.verdict, e.outcome.value])).toEqual(
      expect.arrayContaining([
        ['chatgpt', 'held', undefined],
        ['claude', 'changed', '330 metres'],
      ]),
    );
    // Blind: each model saw the other side's sentence and its own, never a model's name.
    const prompts = recheckRequests();
    expect(prompts).toHaveLength(2);
    const claudePrompt = prompts.find((r) => r.model === version('claude'))!.prompt;
    expect(claudePrompt).toContain('Another assistant states: "The Eiffel Tower is 330 metres tall."');
    expect(claudePrompt).toContain('You stated: "The Eiffel Tower is 300 metres tall."');
    for (const { prompt } of prompts) expect(prompt).not.toMatch(/chatgpt|claude|gpt|openai|anthropic/i);

    const after = savedOf(events);
    const settled = after.comparisonSummary!.disagreements.find((d) => d.topic === topic)!;
    expect(settled.settlement).toMatchObject({ settled: true, value: '330 metres' });
    expect(settled.positions.map((p) => p.value)).toEqual(['330 metres', '300 metres']);
    const before = (model: string) => saved.comparisonSummary!.confidenceRanking.find((e) => e.model === model)!;
    const now = (model: string) => after.comparisonSummary!.confidenceRanking.find((e) => e.model === model)!;
    expect(now('chatgpt').contradicted).toBe(before('chatgpt').contradicted! - 1);
    expect(now('chatgpt').score).toBeGreaterThan(before('chatgpt').score);
    expect(after.responses.find((r) => r.model === 'chatgpt')!.confidenceScore).toBe(now('chatgpt').score);
    expect(after.comparisonSummary!.consensus!.sentences.find((s) => s.settled)).toMatchObject({
      text: 'The Eiffel Tower is 330 metres tall.',
      models: ['chatgpt', 'claude'],
    });
    expect(after.comparisonSummary!.consensus!.disputes.map((d) => d.topic)).not.toContain(topic);

    // One question for the round, and the page shows what the stream ended with.
    expect(await freeLeft(app.t.db, userId)).toBe(31);
    expect(after.subscriptionInfo.freeQuestionsRemaining).toBe(31);
    expect(await ledgerReasons(app.t.db, userId)).toEqual(['account-opened', 'question-asked', 'question-asked']);
    const page = await app.t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(page.json()).toEqual({ ...after, subscriptionInfo: undefined });

    // One round per disagreement.
    const again = await settle(saved.id, { topic, sessionId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(conversationMessages.disagreementSettled);
    expect(await freeLeft(app.t.db, userId)).toBe(31);
  });

  it('settles when the models end on one value written in other units and spellings (issue 33, item 6)', async () => {
    app.fakes.openai.script(version('chatgpt'), {
      text: 'The Eiffel Tower stands 330 m tall, including its antennas. It was completed in 1889 for the World’s Fair in Paris, and it is made of wrought iron.',
    });
    app.fakes.openai.script(version('grok'), {
      text: 'Including the antennas at its top, the Eiffel Tower is 330 metres high. Gustave Eiffel’s company finished it in 1889, in time for the Exposition Universelle.',
    });
    app.fakes.gemini.script(version('gemini'), {
      text: 'The Eiffel Tower is 300 metres tall. It opened in 1889 as the entrance arch to the World’s Fair, and for 41 years it was the tallest structure in the world.',
    });
    const { sessionId, userId } = await visitor(app.t.db);
    const run = await askOverSocket(app.port, {
      sessionId,
      selectedModels: ['chatgpt', 'grok', 'gemini'],
      text: 'How tall is the Eiffel Tower?',
    });
    const saved = savedOf(run.events);
    const height = saved.comparisonSummary!.disagreements.find((d) =>
      d.positions.some((p) => p.value === '300 metres'),
    )!;
    expect(height.positions.map((p) => [p.model, p.value])).toEqual([
      ['chatgpt', '330 m'],
      ['grok', '330 metres'],
      ['gemini', '300 metres'],
    ]);

    app.fakes.openai.script(version('chatgpt'), {
      whenPromptIncludes: RECHECK,
      text: 'KEEP. 330 metres is the official height with the antennas, as the tower’s operator gives it.',
    });
    app.fakes.openai.script(version('grok'), {
      whenPromptIncludes: RECHECK,
      text: 'KEEP. The tower measures 330 meters to the tip of its antenna since 2022.',
    });
    app.fakes.gemini.script(version('gemini'), {
      whenPromptIncludes: RECHECK,
      text: 'REVISE: 1,083 ft. The 300 metres I gave was the height of the original structure without the antennas.',
    });
    const res = await settle(saved.id, { topic: height.topic, sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const events = parseSse(res.body);
    const done = events.filter((e) => e.type === 'recheck-done');
    expect(done.map((e) => [e.model, e.outcome.verdict, e.outcome.value])).toEqual(
      expect.arrayContaining([
        ['chatgpt', 'held', undefined],
        ['grok', 'held', undefined],
        ['gemini', 'changed', '330 m'],
      ]),
    );
    // Blind, and each model shown only the side that differs from it: ChatGPT is not told Grok's 330 metres.
    const prompts = [...app.fakes.openai.requests, ...app.fakes.gemini.requests].filter((r) =>
      r.prompt.includes(RECHECK),
    );
    expect(prompts).toHaveLength(3);
    const chatgptPrompt = prompts.find((r) => r.model === version('chatgpt'))!.prompt;
    expect(chatgptPrompt).toContain('Another assistant states: "The Eiffel Tower is 300 metres tall."');
    expect(chatgptPrompt).not.toContain('330 metres high');

    // Stored settled, in one form, and the page shows it so: the card reads 'Settled' from it.
    const page = (
      await app.t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` })
    ).json() as SavedQuery;
    const round = page.comparisonSummary!.disagreements.find((d) => d.topic === height.topic)!.settlement!;
    expect(round).toMatchObject({ settled: true, value: '330 m' });
    expect(page.comparisonSummary!.consensus!.disputes.map((d) => d.topic)).not.toContain(height.topic);
    expect(page.comparisonSummary!.consensus!.sentences.find((s) => s.settled)).toMatchObject({
      text: 'The Eiffel Tower stands 330 m tall, including its antennas.',
      models: ['chatgpt', 'grok', 'gemini'],
    });
    expect(await freeLeft(app.t.db, userId)).toBe(31);
  });

  it('charges one question however many clicks arrive at once, and runs one round', async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    app.fakes.script('*', { whenPromptIncludes: RECHECK, text: 'KEEP. I checked it.', chunkDelayMs: 20 });
    const topic = topicOf(saved, 'year');
    const replies = await Promise.all(Array.from({ length: 8 }, () => settle(saved.id, { topic, sessionId })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await freeLeft(app.t.db, userId)).toBe(31);
    expect(recheckRequests()).toHaveLength(2);
    const page = (
      await app.t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` })
    ).json() as SavedQuery;
    const round = page.comparisonSummary!.disagreements.find((d) => d.topic === topic)!.settlement!;
    expect(round.outcomes.map((o) => [o.model, o.verdict, o.reply])).toEqual([
      ['chatgpt', 'held', 'KEEP. I checked it.'],
      ['claude', 'held', 'KEEP. I checked it.'],
    ]);
  });

  it(`allows ${MAX_SETTLEMENTS_PER_QUESTION} rounds per question, even when asked for all at once`, async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    app.fakes.script('*', { whenPromptIncludes: RECHECK, text: 'UNCERTAIN. Sources differ.' });
    const topics = saved.comparisonSummary!.disagreements.map((d) => d.topic);
    const replies = await Promise.all(topics.map((topic) => settle(saved.id, { topic, sessionId })));
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(MAX_SETTLEMENTS_PER_QUESTION);
    expect(refused.map((r) => r.json().message)).toEqual([conversationMessages.settlementsUsed]);
    expect(await freeLeft(app.t.db, userId)).toBe(32 - MAX_SETTLEMENTS_PER_QUESTION);
    const page = await app.t.app.inject({ url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    const rounds = (page.json() as SavedQuery).comparisonSummary!.disagreements.filter((d) => d.settlement);
    expect(rounds).toHaveLength(MAX_SETTLEMENTS_PER_QUESTION);
    for (const round of rounds) {
      expect(round.settlement!.outcomes.map((o) => o.verdict)).toEqual(['uncertain', 'uncertain']);
      expect(round.settlement!.settled).toBe(false);
    }
  });

  it('gives the question and the round back when no model replies, so it can be asked again', async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    app.fakes.script('*', { whenPromptIncludes: RECHECK, error: { status: 500, message: 'internal error' }, times: 2 });
    const topic = topicOf(saved, 'weight');
    const failed = await settle(saved.id, { topic, sessionId });
    expect(failed.statusCode).toBe(200);
    const events = parseSse(failed.body);
    expect(events.at(-1)).toEqual({ type: 'error', message: conversationMessages.noModelRechecked });
    expect(await freeLeft(app.t.db, userId)).toBe(32);
    expect(await ledgerReasons(app.t.db, userId)).toEqual([
      'account-opened',
      'question-asked',
      'question-asked',
      'question-refunded',
    ]);

    app.fakes.openai.script(version('chatgpt'), { whenPromptIncludes: RECHECK, text: 'KEEP.' });
    app.fakes.anthropic.script(version('claude'), { whenPromptIncludes: RECHECK, text: 'REVISE: 10,100 tonnes.' });
    const retried = await settle(saved.id, { topic, sessionId });
    expect(retried.statusCode).toBe(200);
    const after = savedOf(parseSse(retried.body));
    expect(after.comparisonSummary!.disagreements.find((d) => d.topic === topic)!.settlement).toMatchObject({
      settled: true,
      value: '10,100 tonnes',
    });
    expect(await freeLeft(app.t.db, userId)).toBe(31);
  });

  it("is refused before anything is charged: someone else's question, a topic not in it, no questions left", async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    const topic = topicOf(saved, 'tall');
    const stranger = await visitor(app.t.db);
    expect((await settle(saved.id, { topic, sessionId: stranger.sessionId })).statusCode).toBe(404);
    const unknown = await settle(saved.id, { topic: 'Colour of the tower', sessionId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(conversationMessages.disagreementNotFound);
    expect((await settle(saved.id, { topic: '', sessionId })).statusCode).toBe(400);

    await app.t.writeFromAnotherInstance(`UPDATE users SET free_questions_remaining = 0 WHERE id = $1`, [userId]);
    expect((await settle(saved.id, { topic, sessionId })).statusCode).toBe(402);
    expect(recheckRequests()).toHaveLength(0);
    // The refused round was not spent: with a question again, it runs.
    await app.t.writeFromAnotherInstance(`UPDATE users SET free_questions_remaining = 1 WHERE id = $1`, [userId]);
    app.fakes.script('*', { whenPromptIncludes: RECHECK, text: 'KEEP.' });
    expect((await settle(saved.id, { topic, sessionId })).statusCode).toBe(200);
    expect(await freeLeft(app.t.db, userId)).toBe(0);
  });

  it('charges a round whose replies were cut off, without reading them as verdicts', async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    app.fakes.script('*', {
      whenPromptIncludes: RECHECK,
      text: 'REVISE: 330 metres. I was wrong.',
      failure: 'truncated',
      failAfterChunks: 2,
    });
    const topic = topicOf(saved, 'tall');
    const res = await settle(saved.id, { topic, sessionId });
    const after = savedOf(parseSse(res.body));
    const round = after.comparisonSummary!.disagreements.find((d) => d.topic === topic)!.settlement!;
    expect(round.outcomes.map((o) => [o.verdict, o.error !== null, o.reply !== null])).toEqual([
      ['uncertain', true, true],
      ['uncertain', true, true],
    ]);
    expect(round.settled).toBe(false);
    // The words were read: the round is charged, and the comparison is as it was.
    expect(await freeLeft(app.t.db, userId)).toBe(31);
    expect(after.comparisonSummary!.confidenceRanking).toEqual(saved.comparisonSummary!.confidenceRanking);
  });

  it('clears a round that died with its instance once its question was given back', async () => {
    const { sessionId, userId, saved } = await askedAboutTheTower();
    const topic = topicOf(saved, 'tall');
    // The round's row as a killed instance leaves it: no outcome, its question still reserved.
    const [reservation] = await app.t.db
      .insert(questionReservations)
      .values({ userId, bucket: 'free' })
      .returning({ id: questionReservations.id });
    await app.t.db
      .insert(settlements)
      .values({ queryId: saved.id, disagreementKey: disagreementKey({ topic }), reservationId: reservation!.id });
    expect((await settle(saved.id, { topic, sessionId })).statusCode).toBe(409);
    // The reconciliation gives the question back: the disagreement may be re-checked again.
    await app.t.db
      .update(questionReservations)
      .set({ settledAt: new Date(), outcome: 'refunded' })
      .where(eq(questionReservations.id, reservation!.id));
    app.fakes.script('*', { whenPromptIncludes: RECHECK, text: 'KEEP.' });
    const res = await settle(saved.id, { topic, sessionId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await freeLeft(app.t.db, userId)).toBe(31);
  });

  it("answers with the question's follow-up turns, and refuses a deleted conversation's turns", async () => {
    const { sessionId, saved } = await askedAboutTheTower();
    app.fakes.script('*', { whenPromptIncludes: 'How heavy', text: 'It weighs about 10,100 tonnes.' });
    const turn = await app.t.app.inject({
      method: 'POST',
      url: `/api/query/${saved.id}/follow-up`,
      payload: { text: 'How heavy is it?', sessionId },
    });
    const turnId = savedOf(parseSse(turn.body)).id;
    app.fakes.script('*', { whenPromptIncludes: RECHECK, text: 'KEEP.' });
    const res = await settle(saved.id, { topic: topicOf(saved, 'tall'), sessionId });
    expect(savedOf(parseSse(res.body)).followUps!.map((f) => f.id)).toEqual([turnId]);

    const deleted = await app.t.app.inject({ method: 'DELETE', url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    expect(deleted.statusCode).toBe(200);
    const retry = await app.t.app.inject({
      method: 'POST',
      url: `/api/query/${turnId}/retry`,
      payload: { model: 'chatgpt', sessionId },
    });
    expect(retry.statusCode).toBe(404);
    expect((await settle(turnId, { topic: 'anything', sessionId })).statusCode).toBe(404);
  });
});
