import { conversationMessages } from '../../common/conversation-messages';
import { describe, expect, it } from 'vitest';
import { CONTEXT_TOKENS } from '../../common/context-windows';
import { MAX_FOLLOW_UPS_PER_QUESTION } from '../../common/limits';
import { fillMessage } from '../../common/messages';
import { modelCatalogue, type ModelKey } from '../../common/models';
import { queryMessages } from '../../common/query-messages';
import type { QueryResult, SavedQuery } from '../../common/query-schemas';
import type { RecordedVendorRequest } from '../../../tests/fakes/vendor-wire';
import { askOverSocket, freeLeft, visitor } from '../../../tests/faults/asking';
import { parseSse } from '../../../tests/helpers/sse';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';

// Follow-up turns (issue 13, item 3) through the route and the real SDKs against the vendor fakes: each
// model gets its own thread as the conversation's messages in its vendor's wire format, each turn is
// compared and saved with its first question, costs one question (once, however many are sent at once),
// and a thread too long for a model's context window is refused before anything is charged.

// Questions in flight are not limited here: the tests race the turns and the allowance themselves.
const app = useAppWithVendorFakes({
  JUDGE_MODEL: 'local',
  MODEL_TIMEOUT_SECONDS: '5',
  MAX_CONCURRENT_QUESTIONS_PER_USER: '0',
});

const version = (model: ModelKey) => modelCatalogue[model].defaultVersion;
const QUESTION = 'What is the capital of France?';
const FOLLOW_UP = 'How many people live there?';
const answers: Partial<Record<ModelKey, string>> = {
  chatgpt: 'The capital of France is Paris.',
  claude: 'Paris is the capital of France.',
  gemini: 'France’s capital is Paris.',
};

async function asked(models: ModelKey[] = ['chatgpt', 'claude', 'gemini'], free = 33) {
  for (const model of models) app.fakes.script(version(model), { text: answers[model] ?? `${model} says Paris.` });
  const { sessionId, userId } = await visitor(app.t.db, free);
  const run = await askOverSocket(app.port, { sessionId, selectedModels: models, text: QUESTION });
  const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  return { sessionId, userId, saved };
}

const followUp = (id: number, body: { text: string; model?: string; sessionId?: string; webSearch?: boolean }) =>
  app.t.app.inject({ method: 'POST', url: `/api/query/${id}/follow-up`, payload: body });
const savedOf = (body: string) =>
  (parseSse(body).find((e) => e.type === 'query') as { query: QueryResult } | undefined)?.query;
const allRequests = () => [...app.fakes.openai.requests, ...app.fakes.anthropic.requests, ...app.fakes.gemini.requests];
const lastRequestOf = (model: ModelKey): RecordedVendorRequest =>
  allRequests()
    .filter((r) => r.model === version(model))
    .at(-1)!;
const read = async (id: number, sessionId: string) =>
  (await app.t.app.inject({ url: `/api/query/${id}?sessionId=${sessionId}` })).json() as SavedQuery;

/** The conversation a vendor received, as [role, text] pairs in its own wire format. */
function conversationOf(request: RecordedVendorRequest): [string, string][] {
  const body = request.body as Record<string, unknown>;
  const textOf = (content: unknown): string =>
    typeof content === 'string' ? content : (content as { text?: string }[]).map((part) => part.text ?? '').join('');
  if (request.vendor === 'gemini') {
    return (body.contents as { role: string; parts: { text?: string }[] }[]).map((c) => [c.role, textOf(c.parts)]);
  }
  // The OpenAI Responses API (ChatGPT searching the web) sends `input` items; chat completions `messages`.
  const items = (request.api === 'responses' ? body.input : body.messages) as { role: string; content: unknown }[];
  return items.filter((m) => m.role !== 'system' && m.role !== 'developer').map((m) => [m.role, textOf(m.content)]);
}

describe('a follow-up', () => {
  it("sends each model its own thread in its vendor's format, compares the turn and keeps it with the question", async () => {
    const { sessionId, userId, saved } = await asked();
    app.fakes.script(version('chatgpt'), {
      whenPromptIncludes: FOLLOW_UP,
      text: 'About 2.1 million people live in Paris.',
    });
    app.fakes.script(version('claude'), {
      whenPromptIncludes: FOLLOW_UP,
      text: 'Paris has about 2.1 million inhabitants.',
    });
    app.fakes.script(version('gemini'), {
      whenPromptIncludes: FOLLOW_UP,
      text: 'Roughly 3.5 million people live in Paris.',
    });
    const res = await followUp(saved.id, { text: FOLLOW_UP, sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ type: 'start', models: ['chatgpt', 'claude', 'gemini'] });
    expect(events.slice(-2).map((e) => e.type)).toEqual(['comparison', 'query']);
    const turn = savedOf(res.body)!;
    expect(turn).toMatchObject({
      text: FOLLOW_UP,
      followUpOf: saved.id,
      selectedModels: ['chatgpt', 'claude', 'gemini'],
    });
    expect(turn.comparisonSummary!.disagreements.map((d) => d.positions.map((p) => p.model))).toEqual([
      expect.arrayContaining(['gemini']),
    ]);

    // OpenAI chat completions, Anthropic messages and Gemini contents, each with this model's own answer.
    expect(lastRequestOf('chatgpt').path).toMatch(/chat\/completions$/);
    expect(conversationOf(lastRequestOf('chatgpt'))).toEqual([
      ['user', QUESTION],
      ['assistant', answers.chatgpt],
      ['user', FOLLOW_UP],
    ]);
    expect(conversationOf(lastRequestOf('claude'))).toEqual([
      ['user', QUESTION],
      ['assistant', answers.claude],
      ['user', FOLLOW_UP],
    ]);
    expect(conversationOf(lastRequestOf('gemini'))).toEqual([
      ['user', QUESTION],
      ['model', answers.gemini],
      ['user', FOLLOW_UP],
    ]);

    // One question per turn; the page reads the whole conversation by either id; the history lists the question once.
    expect(await freeLeft(app.t.db, userId)).toBe(31);
    expect(turn.subscriptionInfo.freeQuestionsRemaining).toBe(31);
    const page = await read(saved.id, sessionId);
    expect(page.followUps!.map((f) => [f.id, f.text])).toEqual([[turn.id, FOLLOW_UP]]);
    expect(page.followUps![0]!.comparisonSummary).toEqual(turn.comparisonSummary);
    expect((await read(turn.id, sessionId)).id).toBe(saved.id);
    const history = (await app.t.app.inject({ url: `/api/history/${sessionId}` })).json() as SavedQuery[];
    expect(history.map((q) => q.id)).toEqual([saved.id]);
  });

  it("sends the thread as the Responses API's input when ChatGPT searches the web", async () => {
    const { sessionId, saved } = await asked(['chatgpt', 'claude']);
    const res = await followUp(saved.id, { text: FOLLOW_UP, model: 'chatgpt', sessionId, webSearch: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(savedOf(res.body)!.webSearch).toBe(true);
    const request = lastRequestOf('chatgpt');
    expect(request.api).toBe('responses');
    expect(conversationOf(request)).toEqual([
      ['user', QUESTION],
      ['assistant', answers.chatgpt],
      ['user', FOLLOW_UP],
    ]);
  });

  it('to one model: only it is asked, and only the turns it answered are in its thread', async () => {
    const { sessionId, saved } = await asked(['chatgpt', 'claude']);
    app.fakes.script(version('claude'), { whenPromptIncludes: 'Second', text: 'Second answer from Claude.' });
    const second = await followUp(saved.id, { text: 'Second: and its river?', model: 'claude', sessionId });
    expect(second.statusCode, second.body).toBe(200);
    expect(savedOf(second.body)!.selectedModels).toEqual(['claude']);
    expect(allRequests().filter((r) => r.prompt.includes('Second'))).toHaveLength(1);

    const third = await followUp(saved.id, { text: 'Third: and its mayor?', sessionId });
    expect(third.statusCode).toBe(200);
    expect(conversationOf(lastRequestOf('chatgpt'))).toEqual([
      ['user', QUESTION],
      ['assistant', answers.chatgpt],
      ['user', 'Third: and its mayor?'],
    ]);
    expect(conversationOf(lastRequestOf('claude'))).toEqual([
      ['user', QUESTION],
      ['assistant', answers.claude],
      ['user', 'Second: and its river?'],
      ['assistant', 'Second answer from Claude.'],
      ['user', 'Third: and its mayor?'],
    ]);
    // Asked on a follow-up's id, it joins the same conversation.
    const fourth = await followUp(savedOf(third.body)!.id, { text: 'Fourth?', model: 'chatgpt', sessionId });
    expect(savedOf(fourth.body)!.followUpOf).toBe(saved.id);
    expect((await read(saved.id, sessionId)).followUps!.map((f) => f.text)).toEqual([
      'Second: and its river?',
      'Third: and its mayor?',
      'Fourth?',
    ]);
  });

  it("retries a turn's failed model in its conversation", async () => {
    const { sessionId, saved } = await asked(['chatgpt', 'claude']);
    app.fakes.script(version('chatgpt'), {
      whenPromptIncludes: FOLLOW_UP,
      error: { status: 500, message: 'internal error' },
      times: 1,
    });
    const turn = savedOf((await followUp(saved.id, { text: FOLLOW_UP, sessionId })).body)!;
    expect(turn.responses.find((r) => r.model === 'chatgpt')!.error).not.toBeNull();
    app.fakes.script(version('chatgpt'), { whenPromptIncludes: FOLLOW_UP, text: 'About 2.1 million.' });
    const retried = await app.t.app.inject({
      method: 'POST',
      url: `/api/query/${turn.id}/retry`,
      payload: { model: 'chatgpt', sessionId },
    });
    expect(retried.statusCode).toBe(200);
    expect(conversationOf(lastRequestOf('chatgpt'))).toEqual([
      ['user', QUESTION],
      ['assistant', answers.chatgpt],
      ['user', FOLLOW_UP],
    ]);
    const page = await read(saved.id, sessionId);
    expect(page.followUps![0]!.responses.find((r) => r.model === 'chatgpt')!.text).toBe('About 2.1 million.');
  });

  it('charges one question per turn however many are sent at once, and refuses those beyond the allowance', async () => {
    const { sessionId, userId, saved } = await asked(['chatgpt'], 3);
    expect(await freeLeft(app.t.db, userId)).toBe(2);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => followUp(saved.id, { text: `Follow-up ${i}?`, sessionId })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 402, 402, 402]);
    expect(await freeLeft(app.t.db, userId)).toBe(0);
    expect((await read(saved.id, sessionId)).followUps).toHaveLength(2);
  });

  it("refuses a thread too long for a model's context window before anything is charged", async () => {
    // DeepSeek has the smallest window; an answer of that many characters alone fills it.
    const long = `${'Paris is large. '.repeat(Math.ceil((CONTEXT_TOKENS.deepseek * 3) / 16))}`;
    app.fakes.script(version('deepseek'), { chunks: [long] });
    const { sessionId, userId } = await visitor(app.t.db);
    const run = await askOverSocket(app.port, { sessionId, selectedModels: ['deepseek', 'claude'], text: QUESTION });
    const saved = (run.events.find((e) => e.type === 'query') as { query: QueryResult }).query;
    const before = allRequests().length;
    const res = await followUp(saved.id, { text: FOLLOW_UP, sessionId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: fillMessage(conversationMessages.threadTooLong, { model: 'DeepSeek' }),
      threadTooLong: true,
    });
    expect(allRequests()).toHaveLength(before);
    expect(await freeLeft(app.t.db, userId)).toBe(32);
    // Claude's own thread still fits: it can be asked alone.
    expect((await followUp(saved.id, { text: FOLLOW_UP, model: 'claude', sessionId })).statusCode).toBe(200);
  });

  it(`is refused for a model not asked, someone else's question, and after ${MAX_FOLLOW_UPS_PER_QUESTION} turns`, async () => {
    const { sessionId, saved } = await asked(['chatgpt']);
    const notAsked = await followUp(saved.id, { text: FOLLOW_UP, model: 'grok', sessionId });
    expect(notAsked.statusCode).toBe(400);
    expect(notAsked.json().message).toBe(conversationMessages.followUpModelNotAsked);
    const stranger = await visitor(app.t.db);
    expect((await followUp(saved.id, { text: FOLLOW_UP, sessionId: stranger.sessionId })).statusCode).toBe(404);
    expect((await followUp(saved.id, { text: '   ', sessionId })).json().message).toBe(queryMessages.emptyQuery);

    for (let i = 0; i < MAX_FOLLOW_UPS_PER_QUESTION; i++) {
      expect((await followUp(saved.id, { text: `Turn ${i}?`, sessionId })).statusCode).toBe(200);
    }
    const over = await followUp(saved.id, { text: 'One more?', sessionId });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(conversationMessages.followUpsUsed);
  });
});
