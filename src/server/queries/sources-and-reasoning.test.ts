import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue, type ModelKey } from '../../common/models';
import type { ModelResponse, QueryResult, StreamEvent } from '../../common/query-schemas';
import { webSearchTexts } from '../../common/web-search';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { parseSse } from '../../../tests/helpers/sse';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';

// Issue 17, items 2 and 3, through the real SDKs and the vendor fakes: "Search the web" turns on each
// vendor's own search, the sources each vendor cites come back on the stream, are stored with the answer
// and read back on /api/query/:id, with marks where the answer cites them; the comparison says which
// side of a dispute cites a source; thinking models stream their reasoning apart from the answer, with
// the thinking time apart from the time to the first answer word.

let fakes: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({
    ...fakes.env,
    JUDGE_MODEL: 'local',
    MODEL_TIMEOUT_SECONDS: '10',
    ANONYMOUS_SESSIONS_PER_ADDRESS_PER_DAY: '100',
    ANONYMOUS_QUESTIONS_PER_ADDRESS_PER_DAY: '100',
  });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const version = (model: ModelKey) => modelCatalogue[model].defaultVersion;
let sessions = 0;

async function ask(models: ModelKey[], options: { webSearch?: boolean; text?: string } = {}) {
  const sessionId = `sources-session-${++sessions}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/query/stream',
    payload: {
      text: options.text ?? 'How tall is the Eiffel Tower?',
      sessionId,
      selectedModels: models,
      ...(options.webSearch !== undefined && { webSearch: options.webSearch }),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const events = parseSse(response.body);
  const saved = (events.find((e) => e.type === 'query') as { query: QueryResult }).query;
  return { events, saved, sessionId };
}

const answerOf = (query: { responses: ModelResponse[] }, model: ModelKey) =>
  query.responses.find((r) => r.model === model)!;

/** The text each citation mark stands after (or over), to read marks as a person would. */
function citedWords(answer: ModelResponse): string[] {
  return (answer.citationMarks ?? []).map((mark) => {
    const before = answer.text!.slice(0, mark.start).trimEnd();
    // The sentence it ends: from after the previous sentence's end (and that one's own markers).
    const ends = [...before.slice(0, -1).matchAll(/[.!?](?:\[\d+\]|\[\[\d+\]\]\([^)]*\))*\s+/g)];
    const last = ends.at(-1);
    const sentence = before.slice(last ? last.index + last[0].length : 0);
    return `${sentence} -> ${mark.start === mark.end ? '' : answer.text!.slice(mark.start, mark.end) + ' '}#${mark.source + 1}`;
  });
}

const TOWER = 'The Eiffel Tower is 330 metres tall. It was finished in 1889. Gustave Eiffel’s company built it.';
const SOURCES = [
  { url: 'https://www.toureiffel.paris/en/the-monument/key-figures', title: 'Key figures' },
  { url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', title: 'Eiffel Tower - Wikipedia' },
];

describe('Search the web', () => {
  it('turns on Claude’s web search tool and marks each cited passage, stored and read back', async () => {
    fakes.anthropic.script(version('claude'), { text: TOWER, sources: SOURCES });
    const { events, saved, sessionId } = await ask(['claude'], { webSearch: true });

    const tools = fakes.anthropic.lastRequest!.body!.tools as { type: string }[];
    expect(tools.map((tool) => tool.type)).toEqual(['web_search_20250305']);
    const streamed = events.filter((e) => e.type === 'sources').at(-1) as Extract<StreamEvent, { type: 'sources' }>;
    expect(streamed.sources).toEqual(SOURCES);
    const claude = answerOf(saved, 'claude');
    expect(claude.text).toBe(TOWER);
    expect(claude.sources).toEqual(SOURCES);
    expect(citedWords(claude)).toEqual([
      'The Eiffel Tower is 330 metres tall. -> #1',
      'It was finished in 1889. -> #2',
    ]);
    expect(saved.webSearch).toBe(true);

    const read = await t.app.inject({ method: 'GET', url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    const again = answerOf(read.json<QueryResult>(), 'claude');
    expect(again.sources).toEqual(SOURCES);
    expect(again.citationMarks).toEqual(claude.citationMarks);
  });

  it('keeps the marks on their words when the stored answer loses a vendor’s U+0000', async () => {
    fakes.anthropic.script(version('claude'), {
      text: 'The\u0000 tower is 330 m tall. It opened in 1889.',
      sources: SOURCES,
    });
    const { saved, sessionId } = await ask(['claude'], { webSearch: true });
    const read = await t.app.inject({ method: 'GET', url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    const claude = answerOf(read.json<QueryResult>(), 'claude');
    expect(claude.text).toBe('The tower is 330 m tall. It opened in 1889.');
    expect(citedWords(claude)).toEqual(['The tower is 330 m tall. -> #1', 'It opened in 1889. -> #2']);
  });

  it('asks nothing of the vendors’ search tools when the switch is off', async () => {
    fakes.anthropic.script(version('claude'), { text: TOWER, sources: SOURCES });
    fakes.gemini.script(version('gemini'), { text: TOWER, sources: SOURCES });
    const { saved } = await ask(['claude', 'gemini']);
    expect(fakes.anthropic.lastRequest!.body!.tools).toBeUndefined();
    expect(fakes.gemini.lastRequest!.body!.tools).toBeUndefined();
    expect(answerOf(saved, 'claude').sources).toBeUndefined();
    expect(answerOf(saved, 'gemini').sources).toBeUndefined();
    expect(saved.webSearch).toBe(false);
  });

  it('grounds Gemini in Google Search and places its marks from the byte ranges it gives', async () => {
    const text = 'Der Eiffelturm ist 330 Meter hoch – höher als gedacht. Er wurde 1889 fertiggestellt.';
    fakes.gemini.script(version('gemini'), { text, sources: SOURCES });
    const { saved } = await ask(['gemini'], { webSearch: true });
    expect(JSON.stringify(fakes.gemini.lastRequest!.body!.tools)).toContain('google');
    const gemini = answerOf(saved, 'gemini');
    expect(gemini.sources!.map((s) => s.url)).toEqual(SOURCES.map((s) => s.url));
    // Offsets counted in UTF-8 bytes by Gemini land after the same words in the UTF-16 text.
    expect(citedWords(gemini)).toEqual([
      'Der Eiffelturm ist 330 Meter hoch – höher als gedacht. -> #1',
      'Er wurde 1889 fertiggestellt. -> #2',
    ]);
  });

  it('sends ChatGPT and Grok to their Responses APIs with the web search tool', async () => {
    fakes.openai.script(version('chatgpt'), { text: TOWER, sources: SOURCES });
    fakes.openai.script(version('grok'), { text: TOWER, sources: SOURCES });
    const { saved } = await ask(['chatgpt', 'grok'], { webSearch: true });
    for (const [model, vendor] of [
      ['chatgpt', 'openai'],
      ['grok', 'xai'],
    ] as const) {
      const request = fakes.openai.requests.find((r) => r.vendor === vendor && r.method === 'POST')!;
      expect(request.path).toMatch(/\/responses$/);
      expect((request.body!.tools as { type: string }[]).map((tool) => tool.type)).toContain('web_search');
      const answer = answerOf(saved, model);
      expect(answer.sources!.map((s) => s.url)).toEqual(SOURCES.map((s) => s.url));
      // ChatGPT's annotations follow the words they cite; Grok links its sources in the text itself.
      expect(citedWords(answer)).toEqual(
        model === 'chatgpt'
          ? ['The Eiffel Tower is 330 metres tall. -> #1', 'It was finished in 1889. -> #2']
          : [
              `The Eiffel Tower is 330 metres tall. -> [[1]](${SOURCES[0]!.url}) #1`,
              `It was finished in 1889. -> [[2]](${SOURCES[1]!.url}) #2`,
            ],
      );
    }
  });

  it('asks Perplexity through its Agent API, always searching, and keeps its own [n] markers as the marks', async () => {
    fakes.openai.script(version('perplexity'), { text: TOWER, sources: SOURCES });
    const { saved } = await ask(['perplexity']);
    const request = fakes.openai.requests.find((r) => r.vendor === 'perplexity')!;
    expect(request.path).toBe('/perplexity/v1/responses');
    expect(request.model).toBe('perplexity/sonar');
    expect((request.body!.tools as { type: string }[]).map((tool) => tool.type)).toEqual(['web_search']);
    const perplexity = answerOf(saved, 'perplexity');
    expect(perplexity.sources).toEqual(SOURCES);
    expect(citedWords(perplexity)).toEqual([
      'The Eiffel Tower is 330 metres tall. -> [1] #1',
      'It was finished in 1889. -> [2] #2',
    ]);
  });

  it('answers from DeepSeek without search: it has none', async () => {
    fakes.openai.script(version('deepseek'), { text: TOWER });
    const { saved } = await ask(['deepseek'], { webSearch: true });
    const request = fakes.openai.requests.find((r) => r.vendor === 'deepseek')!;
    expect(request.path).toMatch(/\/chat\/completions$/);
    expect(request.body!.tools).toBeUndefined();
    expect(answerOf(saved, 'deepseek').text).toBe(TOWER);
  });

  it('searches again when a model of a question asked with search on is retried', async () => {
    fakes.anthropic.script(version('claude'), { error: { status: 500 }, times: 1 });
    const { saved, sessionId } = await ask(['claude'], { webSearch: true });
    expect(answerOf(saved, 'claude').error).not.toBeNull();
    fakes.anthropic.script(version('claude'), { text: TOWER, sources: SOURCES });
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/query/${saved.id}/retry`,
      payload: { model: 'claude', sessionId },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const tools = fakes.anthropic.lastRequest!.body!.tools as { type: string }[];
    expect(tools.map((tool) => tool.type)).toEqual(['web_search_20250305']);
    const read = await t.app.inject({ method: 'GET', url: `/api/query/${saved.id}?sessionId=${sessionId}` });
    const claude = answerOf(read.json<QueryResult>(), 'claude');
    expect(claude.sources).toEqual(SOURCES);
    expect(citedWords(claude)).toHaveLength(2);
  });

  it('says which side of a dispute cites a source', async () => {
    fakes.anthropic.script(version('claude'), {
      text: 'The Eiffel Tower is 330 metres tall. It opened in 1889.',
      sources: SOURCES.slice(0, 1),
    });
    fakes.openai.script(version('deepseek'), { text: 'The Eiffel Tower is 300 metres tall. It opened in 1889.' });
    const { saved } = await ask(['claude', 'deepseek'], { webSearch: true });
    const dispute = saved.comparisonSummary!.disagreements.find((d) =>
      d.positions.some((p) => p.value?.includes('330')),
    )!;
    const sides = Object.fromEntries(dispute.positions.map((p) => [p.model, p.citedSources?.map((s) => s.url)]));
    expect(sides).toEqual({ claude: [SOURCES[0]!.url], deepseek: [] });
  });

  it('is refused while the administrator has turned it off, and offered again once back on', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const off = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/web-search', { allowed: false });
    expect(off.json()).toEqual({ allowed: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/query-options' })).json()).toEqual({
      webSearchAllowed: false,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/query/stream',
      payload: { text: 'Anything?', sessionId: 'sources-refused-1', selectedModels: ['claude'], webSearch: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(webSearchTexts.disabled);
    expect(fakes.anthropic.requests).toHaveLength(0);

    await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/web-search', { allowed: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/query-options' })).json()).toEqual({
      webSearchAllowed: true,
    });
  });
});

describe('reasoning models', () => {
  const REASONING = 'The user wants the height. The tip carries antennas, so the total differs.';

  it('streams DeepSeek reasoner’s thinking apart from its answer, with the two times apart', async () => {
    const admin = await signInAdmin(t.app, t.db);
    await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/deepseek/version', {
      version: 'deepseek-reasoner',
    });
    try {
      fakes.openai.script('deepseek-reasoner', { reasoning: REASONING, text: TOWER, chunkDelayMs: 15 });
      const { events, saved } = await ask(['deepseek']);
      const thinking = events.filter((e) => e.type === 'reasoning').map((e) => (e as { text: string }).text);
      // The card says "Thinking…" before any thought arrives: the version is known to think.
      expect(thinking[0]).toBe('');
      expect(thinking.join('')).toBe(REASONING);
      const firstThought = events.findIndex((e) => e.type === 'reasoning' && e.text !== '');
      const firstWord = events.findIndex((e) => e.type === 'delta');
      expect(firstThought).toBeLessThan(firstWord);
      const deepseek = answerOf(saved, 'deepseek');
      expect(deepseek.text).toBe(TOWER);
      expect(deepseek.reasoning).toBe(REASONING);
      expect(deepseek.modelVersion).toBe('deepseek-reasoner');
      // Each thought and word came 15 ms apart: the thinking took a while, and the first word came after it.
      expect(deepseek.thinkingTime).toBeGreaterThanOrEqual(100);
      expect(deepseek.firstTokenTime).toBeGreaterThan(deepseek.thinkingTime!);
      expect(deepseek.responseTime).toBeGreaterThan(deepseek.firstTokenTime!);
    } finally {
      await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/deepseek/version', {
        version: version('deepseek'),
      });
    }
  });

  it('asks Claude and Gemini to show their thinking, and keeps what they show', async () => {
    fakes.anthropic.script(version('claude'), { reasoning: REASONING, text: TOWER });
    fakes.gemini.script(version('gemini'), { reasoning: REASONING, text: TOWER });
    const { saved } = await ask(['claude', 'gemini']);
    expect(fakes.anthropic.lastRequest!.body!.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    const thinkingConfig = (fakes.gemini.lastRequest!.body!.generationConfig as { thinkingConfig?: unknown })
      .thinkingConfig;
    expect(thinkingConfig).toMatchObject({ includeThoughts: true });
    for (const model of ['claude', 'gemini'] as const) {
      const answer = answerOf(saved, model);
      expect(answer.text).toBe(TOWER);
      expect(answer.reasoning).toBe(REASONING);
      expect(answer.thinkingTime).not.toBeNull();
    }
  });

  it('asks OpenAI’s reasoning models for a summary on the Responses API', async () => {
    const admin = await signInAdmin(t.app, t.db);
    await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/chatgpt/version', { version: 'o4-mini' });
    try {
      fakes.openai.script('o4-mini', { reasoning: REASONING, text: TOWER });
      const { saved } = await ask(['chatgpt']);
      const request = fakes.openai.requests.find((r) => r.vendor === 'openai' && r.method === 'POST')!;
      expect(request.path).toMatch(/\/responses$/);
      expect(request.body!.reasoning).toMatchObject({ summary: 'auto' });
      expect(answerOf(saved, 'chatgpt').reasoning).toBe(REASONING);
    } finally {
      await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/chatgpt/version', {
        version: version('chatgpt'),
      });
    }
  });

  it('takes a leading <think> block (open reasoning models on a Llama host) as reasoning, not answer', async () => {
    const admin = await signInAdmin(t.app, t.db);
    await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/llama/version', { version: 'deepseek-r1:8b' });
    try {
      fakes.openai.script('deepseek-r1:8b', { text: `<think>\n${REASONING}\n</think>\n\n${TOWER}` });
      const { events, saved } = await ask(['llama']);
      // The version is known to think, so its card says so before anything arrives.
      expect(events.find((e) => e.type === 'reasoning')).toEqual({ type: 'reasoning', model: 'llama', text: '' });
      const llama = answerOf(saved, 'llama');
      expect(llama.text).toBe(TOWER);
      expect(llama.reasoning?.trim()).toBe(REASONING);
    } finally {
      await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/llama/version', { version: version('llama') });
    }
  });
});
