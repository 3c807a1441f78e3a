import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import { createXai } from '@ai-sdk/xai';
import { generateText, streamText, type LanguageModel, type TextStreamPart, type ToolSet } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiVendors, type AiProviderId, type FakeAiVendors } from './ai-vendors';
import { splitWords } from './vendor-wire';

// What the real SDKs make of each vendor's reasoning and web-search formats as the fakes speak
// them: the stream parts the app gets (reasoning deltas, sources and where they fall among the text
// parts), the provider metadata that locates a citation in the text, and the usage.

globalThis.AI_SDK_LOG_WARNINGS = false;

const KEY = 'test-key';
let vendors: FakeAiVendors;
beforeAll(async () => {
  vendors = await startFakeAiVendors({ apiKeys: [KEY] });
});
afterEach(() => vendors.reset());
afterAll(() => vendors.stop());

const settings = (id: AiProviderId) => ({ apiKey: KEY, baseURL: vendors.baseUrls[id] });
const openai = () => createOpenAI(settings('chatgpt'));
const xai = () => createXai(settings('grok'));
const anthropic = () => createAnthropic(settings('claude'));
const google = () => createGoogleGenerativeAI(settings('gemini'));

const text = 'Paris is the capital of France. It has about two million people. The Seine runs through it.';
// No word twice in a row: @ai-sdk/xai drops a reasoning delta equal to the one before it.
const reasoning = 'The user wants facts about Paris, so recall its size and river.';
const sources = [
  { url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia' },
  { url: 'https://www.insee.fr/en/paris', title: 'Paris population | Insee' },
];
const sentences = ['Paris is the capital of France.', 'It has about two million people.'];
const TEXT_TOKENS = splitWords(text).length;
const REASONING_TOKENS = splitWords(reasoning).length;

type Part = TextStreamPart<ToolSet>;
type Options = Pick<Parameters<typeof streamText>[0], 'tools' | 'providerOptions'>;
/** Provider tools are typed apart from ToolSet (as src/server/providers/language-models.ts casts them too). */
const tool = (providerTool: unknown) => providerTool as ToolSet[string];

/** streamText on `model` with every stream part collected. */
async function run(model: LanguageModel, options: Options = {}) {
  const errors: unknown[] = [];
  const result = streamText({
    model,
    prompt: 'Tell me about Paris.',
    maxRetries: 0,
    onError: ({ error }) => void errors.push(error),
    ...options,
  });
  const parts: Part[] = [];
  for await (const part of result.fullStream) parts.push(part);
  expect(errors).toEqual([]);
  return { parts, result };
}

const reasoningDeltas = (parts: Part[]) =>
  parts.flatMap((p) => (p.type === 'reasoning-delta' && p.text !== '' ? [p.text] : []));
const textDeltas = (parts: Part[]) => parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));
const sourcesIn = (parts: Part[]) =>
  parts.flatMap((p) => (p.type === 'source' && p.sourceType === 'url' ? [{ url: p.url, title: p.title }] : []));
/** The answer text the app had shown when each source part arrived. */
const textBeforeSources = (parts: Part[]) =>
  parts.flatMap((p, i) => (p.type === 'source' ? [textDeltas(parts.slice(0, i)).join('')] : []));
const LIFECYCLE = new Set(['start', 'start-step', 'finish-step', 'finish']);
/** The parts' types, the step and stream boundaries left out. */
const types = (parts: Part[]) => parts.map((p) => p.type).filter((type) => !LIFECYCLE.has(type));

describe('reasoning, streamed before the answer where the vendor shows it', () => {
  const cases: {
    name: string;
    model: () => LanguageModel;
    options?: Options;
    /** The reasoning tokens the app's usage shows (undefined where the SDK does not break them out). */
    reasoningTokens: number | undefined;
  }[] = [
    {
      name: 'DeepSeek reasoner (reasoning_content)',
      // @ai-sdk/deepseek 2.x is the AI SDK 6 line (v3 spec), so its model is used as is.
      model: () => createDeepSeek(settings('deepseek'))('deepseek-reasoner') as LanguageModel,
      reasoningTokens: REASONING_TOKENS,
    },
    {
      name: 'xAI grok-3-mini on chat completions (reasoning_content)',
      model: () => xai().chat('grok-3-mini'),
      reasoningTokens: REASONING_TOKENS,
    },
    {
      name: 'Anthropic with thinking enabled (a thinking block)',
      model: () => anthropic()('claude-sonnet-4-5'),
      options: { providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } } },
      reasoningTokens: undefined,
    },
    {
      name: 'Gemini with includeThoughts (thought parts)',
      model: () => google()('gemini-2.5-flash'),
      options: { providerOptions: { google: { thinkingConfig: { includeThoughts: true } } } },
      reasoningTokens: REASONING_TOKENS,
    },
    {
      name: 'OpenAI Responses with a reasoning summary',
      model: () => openai().responses('gpt-5-mini'),
      options: { providerOptions: { openai: { reasoningSummary: 'auto', reasoningEffort: 'low' } } },
      reasoningTokens: REASONING_TOKENS,
    },
    {
      name: 'xAI Responses (summary unasked)',
      model: () => xai().responses('grok-4'),
      reasoningTokens: REASONING_TOKENS,
    },
  ];

  it.each(cases)('$name', async ({ model, options, reasoningTokens }) => {
    vendors.script('*', { text, reasoning });
    const { parts, result } = await run(model(), options);

    expect(reasoningDeltas(parts)).toEqual(splitWords(reasoning));
    const kinds = types(parts);
    expect(kinds.lastIndexOf('reasoning-delta')).toBeLessThan(kinds.indexOf('text-start'));
    expect(await result.text).toBe(text);
    expect(await result.reasoningText).toBe(reasoning);
    const usage = await result.totalUsage;
    expect(usage.outputTokens).toBe(TEXT_TOKENS + REASONING_TOKENS);
    expect(usage.outputTokenDetails.reasoningTokens).toBe(reasoningTokens);

    const generated = await generateText({ model: model(), prompt: 'Tell me about Paris.', maxRetries: 0, ...options });
    expect([generated.text, generated.reasoningText]).toEqual([text, reasoning]);
  });

  const unasked: { name: string; model: () => LanguageModel; options?: Options }[] = [
    { name: 'Anthropic without thinking', model: () => anthropic()('claude-sonnet-4-5') },
    { name: 'Gemini without includeThoughts', model: () => google()('gemini-2.5-flash') },
    {
      name: 'OpenAI Responses without a summary',
      model: () => openai().responses('gpt-5-mini'),
      options: { providerOptions: { openai: { reasoningEffort: 'low' } } },
    },
    { name: 'OpenAI chat completions', model: () => openai().chat('o4-mini') },
    {
      name: 'Llama (OpenAI-compatible)',
      model: () => createOpenAICompatible({ name: 'llama', ...settings('llama') }).chatModel('llama-4-maverick'),
    },
  ];

  it.each(unasked)('$name: no reasoning text, the answer alone', async ({ model, options }) => {
    vendors.script('*', { text, reasoning });
    const { parts, result } = await run(model(), options);
    expect(reasoningDeltas(parts)).toEqual([]);
    expect(await result.text).toBe(text);
  });

  it('OpenAI Responses without a summary still sends the empty reasoning item of a reasoning model', async () => {
    vendors.script('*', { text, reasoning });
    const { parts, result } = await run(openai().responses('gpt-5-mini'));
    expect(types(parts).filter((t) => t.startsWith('reasoning'))).toEqual(['reasoning-start', 'reasoning-end']);
    expect((await result.totalUsage).outputTokenDetails.reasoningTokens).toBe(REASONING_TOKENS);
  });

  it('Gemini counts its thinking in the usage even when the thoughts were not asked for', async () => {
    vendors.script('*', { text, reasoning });
    const { result } = await run(google()('gemini-2.5-flash'));
    expect((await result.totalUsage).outputTokenDetails.reasoningTokens).toBe(REASONING_TOKENS);
  });

  it('Anthropic thinks only when asked', async () => {
    vendors.script('*', { text, reasoning });
    const { result } = await run(anthropic()('claude-sonnet-4-5'));
    expect((await result.totalUsage).outputTokens).toBe(TEXT_TOKENS);
    expect(vendors.anthropic.lastRequest?.body).not.toHaveProperty('thinking');
  });

  it('Perplexity writes its thinking as <think>…</think> at the start of the text, which the SDK passes on', async () => {
    vendors.openai.script('sonar-reasoning-pro', { text, reasoning });
    const { parts, result } = await run(createPerplexity(settings('perplexity'))('sonar-reasoning-pro'));
    expect(reasoningDeltas(parts)).toEqual([]);
    expect(await result.text).toBe(`<think>${reasoning}</think>${text}`);
  });

  it('streams the thinking with the chunk delay, and counts its deltas in failAfterChunks', async () => {
    vendors.openai.script('deepseek-reasoner', {
      text,
      reasoning,
      chunkDelayMs: 5,
      failure: 'truncated',
      failAfterChunks: 3,
    });
    const model = createDeepSeek(settings('deepseek'))('deepseek-reasoner') as LanguageModel;
    const result = streamText({ model, prompt: 'x', maxRetries: 0, onError: () => {} });
    const parts: Part[] = [];
    const cut = await (async () => {
      for await (const part of result.fullStream) parts.push(part);
    })().catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
    expect(reasoningDeltas(parts)).toEqual(splitWords(reasoning).slice(0, 3));
    const sentAt = vendors.openai.lastRequest?.deltaSentAt ?? [];
    expect(sentAt).toHaveLength(3);
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(4);
  });
});

describe('web-search sources', () => {
  it('Perplexity: its citations as url sources before the text (no titles: the SDK reads only `citations`)', async () => {
    vendors.openai.script('sonar', { text, sources });
    const { parts, result } = await run(createPerplexity(settings('perplexity'))('sonar'));
    expect(sourcesIn(parts)).toEqual(sources.map(({ url }) => ({ url, title: undefined })));
    expect(types(parts).lastIndexOf('source')).toBeLessThan(types(parts).indexOf('text-start'));
    // Its markers number the `citations`, written after each cited sentence.
    expect(await result.text).toBe(
      'Paris is the capital of France.[1] It has about two million people.[2] The Seine runs through it.',
    );
    const generated = await generateText({ model: createPerplexity(settings('perplexity'))('sonar'), prompt: 'x' });
    expect([generated.text, generated.sources.length]).toEqual([await result.text, 2]);
  });

  it('Perplexity: every chunk also carries search_results with titles, which the SDK leaves unread', async () => {
    vendors.openai.script('sonar', { text, sources });
    const response = await fetch(`${vendors.baseUrls.perplexity}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: 'sonar', stream: true, messages: [{ role: 'user', content: 'x' }] }),
    });
    const chunks = (await response.text())
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice('data: '.length)) as { citations?: string[]; search_results?: unknown });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.citations).toEqual(sources.map((s) => s.url));
      expect(chunk.search_results).toEqual(sources.map((s) => ({ title: s.title, url: s.url, date: null })));
    }
  });

  describe('Anthropic with the web search tool', () => {
    const model = () => anthropic()('claude-sonnet-4-5');
    const tools = () => ({ web_search: tool(anthropic().tools.webSearch_20250305()) });

    it('sends the search, its results as sources, then each citation inside its sentence block', async () => {
      vendors.anthropic.script('*', { text, sources });
      const { parts, result } = await run(model(), { tools: tools() });

      expect(types(parts).slice(0, 8)).toEqual([
        'tool-input-start',
        'tool-input-delta',
        'tool-input-end',
        'tool-call',
        'tool-result',
        'source',
        'source',
        'text-start',
      ]);
      // The results first (titles, page age), then one source per citation right after the text-start
      // of the cited sentence's block, before its first delta.
      expect(sourcesIn(parts)).toEqual([...sources, ...sources]);
      expect(textBeforeSources(parts)).toEqual(['', '', '', `${sentences[0]} `]);
      const citationSources = parts.filter((p) => p.type === 'source').slice(2);
      for (const [k, source] of citationSources.entries()) {
        const at = parts.indexOf(source);
        expect(parts[at - 1]?.type).toBe('text-start');
        expect(parts[at + 1]?.type).toBe('text-delta');
        expect(source.providerMetadata?.anthropic).toMatchObject({ citedText: sentences[k] });
      }
      // One text block per sentence; the cited ones end with their citations.
      const ends = parts.filter((p) => p.type === 'text-end');
      expect(ends).toHaveLength(3);
      expect(ends.map((p) => p.providerMetadata?.anthropic?.citations)).toEqual([
        [
          expect.objectContaining({
            type: 'web_search_result_location',
            cited_text: sentences[0],
            url: sources[0]!.url,
          }),
        ],
        [expect.objectContaining({ cited_text: sentences[1], url: sources[1]!.url })],
        undefined,
      ]);
      expect(await result.text).toBe(text);
      expect(vendors.anthropic.lastRequest?.body?.tools).toMatchObject([{ type: 'web_search_20250305' }]);
      expect((await result.providerMetadata)?.anthropic?.usage).toMatchObject({
        server_tool_use: { web_search_requests: 1 },
      });
    });

    it('quotes citedText when the script gives one, and answers generateText the same way', async () => {
      vendors.anthropic.script('*', { text, sources: [{ ...sources[0]!, citedText: 'Paris, capital of France' }] });
      const generated = await generateText({ model: model(), prompt: 'x', tools: tools(), maxRetries: 0 });
      expect(generated.text).toBe(text);
      expect(generated.sources.map((s) => s.providerMetadata?.anthropic?.citedText)).toEqual([
        undefined,
        'Paris, capital of France',
      ]);
    });

    it('without the tool: no search, no sources, one text block', async () => {
      vendors.anthropic.script('*', { text, sources });
      const { parts, result } = await run(model());
      expect(sourcesIn(parts)).toEqual([]);
      expect(parts.filter((p) => p.type === 'text-start')).toHaveLength(1);
      expect(await result.text).toBe(text);
    });
  });

  describe('Gemini with Google Search', () => {
    const model = () => google()('gemini-2.5-flash');
    const tools = () => ({ google_search: tool(google().tools.googleSearch({})) });

    it('sends groundingMetadata on the last chunk: sources after the text, supports on finish', async () => {
      vendors.gemini.script('*', { text, sources });
      const { parts, result } = await run(model(), { tools: tools() });
      expect(sourcesIn(parts)).toEqual(sources);
      expect(textBeforeSources(parts)).toEqual([text, text]);
      expect(types(parts).indexOf('source')).toBeLessThan(types(parts).indexOf('text-end'));
      expect(await result.text).toBe(text);

      const grounding = (await result.providerMetadata)?.google?.groundingMetadata as {
        webSearchQueries: string[];
        groundingChunks: unknown[];
        groundingSupports: {
          segment: { startIndex?: number; endIndex: number; text: string };
          groundingChunkIndices: number[];
        }[];
      };
      expect(grounding.webSearchQueries).toEqual(['Tell me about Paris.']);
      expect(grounding.groundingChunks).toEqual(sources.map((s) => ({ web: { uri: s.url, title: s.title } })));
      // As protobuf JSON has it, a zero startIndex is left out.
      expect(grounding.groundingSupports.map((s) => [s.segment, s.groundingChunkIndices])).toEqual([
        [{ endIndex: 31, text: sentences[0] }, [0]],
        [{ startIndex: 32, endIndex: 64, text: sentences[1] }, [1]],
      ]);
    });

    it('counts segment offsets in UTF-8 bytes', async () => {
      const accented = 'Zürich liegt am See. Genève aussi.';
      vendors.gemini.script('*', { text: accented, sources });
      const generated = await generateText({ model: model(), prompt: 'x', tools: tools(), maxRetries: 0 });
      const supports = (
        generated.providerMetadata?.google?.groundingMetadata as {
          groundingSupports: { segment: { startIndex?: number; endIndex: number; text: string } }[];
        }
      ).groundingSupports;
      const bytes = Buffer.from(accented);
      expect(
        supports.map(({ segment }) => bytes.subarray(segment.startIndex ?? 0, segment.endIndex).toString()),
      ).toEqual(['Zürich liegt am See.', 'Genève aussi.']);
      expect(generated.sources).toHaveLength(2);
    });

    it('without the tool: no grounding, no sources', async () => {
      vendors.gemini.script('*', { text, sources });
      const { parts, result } = await run(model());
      expect(sourcesIn(parts)).toEqual([]);
      expect((await result.providerMetadata)?.google?.groundingMetadata).toBeNull();
    });
  });

  describe('OpenAI Responses with web search', () => {
    const model = () => openai().responses('gpt-5-mini');
    const tools = () => ({ web_search: tool(openai().tools.webSearch()) });

    it('sends a web_search_call, then each url_citation right after the delta that ends its sentence', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts, result } = await run(model(), { tools: tools() });
      expect(types(parts).slice(0, 5)).toEqual([
        'tool-input-start',
        'tool-input-end',
        'tool-call',
        'tool-result',
        'text-start',
      ]);
      expect(sourcesIn(parts)).toEqual(sources);
      expect(textBeforeSources(parts)).toEqual([`${sentences[0]} `, `${sentences[0]} ${sentences[1]} `]);
      const end = parts.find((p) => p.type === 'text-end');
      const annotations = end?.providerMetadata?.openai?.annotations as {
        start_index: number;
        end_index: number;
        url: string;
      }[];
      expect(annotations.map((a) => [text.slice(a.start_index, a.end_index), a.url])).toEqual([
        [sentences[0], sources[0]!.url],
        [sentences[1], sources[1]!.url],
      ]);
      expect(await result.text).toBe(text);
      const request = vendors.openai.lastRequest;
      expect(request).toMatchObject({ api: 'responses', path: '/v1/responses', prompt: 'Tell me about Paris.' });
      expect(request?.body?.tools).toMatchObject([{ type: 'web_search' }]);

      const generated = await generateText({ model: model(), prompt: 'x', tools: tools(), maxRetries: 0 });
      expect(generated.sources.map((s) => s.sourceType === 'url' && s.url)).toEqual(sources.map((s) => s.url));
    });

    it('without the tool: no search, no sources', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts } = await run(model());
      expect(types(parts)).not.toContain('tool-call');
      expect(sourcesIn(parts)).toEqual([]);
    });
  });

  describe('xAI Responses with web search', () => {
    const model = () => xai().responses('grok-4');
    const tools = () => ({ web_search: tool(xai().tools.webSearch()) });
    const marked =
      'Paris is the capital of France.[[1]](https://en.wikipedia.org/wiki/Paris) It has about two million people.[[2]](https://www.insee.fr/en/paris) The Seine runs through it.';

    it('writes inline citations into the text and names its sources after it (the SDK passes each on twice)', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts, result } = await run(model(), { tools: tools() });
      expect(types(parts)).toContain('tool-result');
      expect(await result.text).toBe(marked);
      expect(sourcesIn(parts)).toEqual([...sources, ...sources]);
      expect(textBeforeSources(parts)).toEqual([marked, marked, marked, marked]);
      expect(vendors.openai.lastRequest).toMatchObject({ vendor: 'xai', api: 'responses', path: '/xai/v1/responses' });
      const generated = await generateText({ model: model(), prompt: 'x', tools: tools(), maxRetries: 0 });
      expect([generated.text, generated.sources.length]).toEqual([marked, 2]);
    });

    it('without the tool: the plain text, no sources', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts, result } = await run(model());
      expect(sourcesIn(parts)).toEqual([]);
      expect(await result.text).toBe(text);
    });
  });

  describe("Perplexity's Agent API (the Responses API at {base}/v1) with web search", () => {
    const perplexity = () => createOpenAI({ apiKey: KEY, baseURL: `${vendors.baseUrls.perplexity}/v1` });
    const marked = 'Paris is the capital of France.[1] It has about two million people.[2] The Seine runs through it.';

    it('numbers its citations in the text and names each source right after its number', async () => {
      vendors.openai.script('perplexity/sonar', { text, sources });
      const { parts, result } = await run(perplexity().responses('perplexity/sonar'), {
        tools: { web_search: tool(perplexity().tools.webSearch()) },
      });
      expect(await result.text).toBe(marked);
      expect(sourcesIn(parts)).toEqual(sources);
      // Right after the delta that ends with its number (deltas carry their trailing space).
      expect(textBeforeSources(parts)).toEqual([
        'Paris is the capital of France.[1] ',
        'Paris is the capital of France.[1] It has about two million people.[2] ',
      ]);
      expect(vendors.openai.lastRequest).toMatchObject({
        vendor: 'perplexity',
        api: 'responses',
        path: '/perplexity/v1/responses',
        model: 'perplexity/sonar',
      });
    });

    it('lists its models at {base}/v1/models', async () => {
      const response = await fetch(`${vendors.baseUrls.perplexity}/v1/models`, {
        headers: { authorization: `Bearer ${KEY}` },
      });
      const ids = ((await response.json()) as { data: { id: string }[] }).data.map((m) => m.id);
      expect(ids).toContain('perplexity/sonar');
    });
  });

  describe('OpenAI chat completions with web_search_options', () => {
    /** @ai-sdk/openai's chat model has no search option, so the request is given one on its way out. */
    const withSearch: typeof fetch = (input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify({ ...body, web_search_options: {} }) });
    };

    it('annotates each cited sentence right after it; the SDK makes sources of them', async () => {
      vendors.openai.script('*', { text, sources });
      const model = createOpenAI({ ...settings('chatgpt'), fetch: withSearch }).chat('gpt-4o-search-preview');
      const { parts, result } = await run(model);
      expect(sourcesIn(parts)).toEqual(sources);
      expect(textBeforeSources(parts)).toEqual([`${sentences[0]} `, `${sentences[0]} ${sentences[1]} `]);
      expect(await result.text).toBe(text);
      const generated = await generateText({ model, prompt: 'x', maxRetries: 0 });
      expect(generated.sources).toHaveLength(2);
    });

    it('without web_search_options: no annotations', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts } = await run(openai().chat('gpt-4o'));
      expect(sourcesIn(parts)).toEqual([]);
    });
  });

  describe('xAI chat completions with Live Search (search_parameters)', () => {
    it('lists the citations on the last chunk: sources after the text', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts, result } = await run(xai().chat('grok-3'), {
        providerOptions: { xai: { searchParameters: { mode: 'on' } } },
      });
      expect(sourcesIn(parts)).toEqual(sources.map(({ url }) => ({ url, title: undefined })));
      expect(textBeforeSources(parts)).toEqual([text, text]);
      expect(await result.text).toBe(text);
    });

    it('without search_parameters: no citations', async () => {
      vendors.openai.script('*', { text, sources });
      const { parts } = await run(xai().chat('grok-3'));
      expect(sourcesIn(parts)).toEqual([]);
    });
  });
});
