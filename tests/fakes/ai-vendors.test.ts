import type { IncomingHttpHeaders } from 'node:http';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createPerplexity } from '@ai-sdk/perplexity';
import { createXai } from '@ai-sdk/xai';
import { APICallError, generateText, JSONParseError, Output, streamText, type LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAiVendors, type AiProviderId, type FakeAiVendors } from './ai-vendors';
import type { ScriptedVendorServer } from './scripted-server';

// Drives the real AI SDK providers against the loopback fakes, so the fakes are known to speak
// each vendor's wire protocol as the SDK parses it.

globalThis.AI_SDK_LOG_WARNINGS = false;

const KEY = 'test-key';
let vendors: FakeAiVendors;

beforeAll(async () => {
  vendors = await startFakeAiVendors({ apiKeys: [KEY] });
});
afterEach(() => vendors.reset());
afterAll(() => vendors.stop());

/** Every SDK call goes through this: nothing may leave the machine. */
const loopbackOnly: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') return Promise.reject(new Error(`blocked a request to ${url.origin}`));
  return fetch(input, init);
};

/**
 * The installed @ai-sdk/deepseek 3.x implements the provider spec v4 (AI SDK 7), which `ai` 6
 * refuses (UnsupportedModelVersionError); @ai-sdk/deepseek 2.x is the AI SDK 6 line. Until the
 * dependency is pinned to ^2, present the model as v3 so the fake's wire format is still checked
 * against DeepSeek's own parser. A v3 model is used as is.
 */
function asAiSdk6Model(model: { specificationVersion: string }): LanguageModel {
  if (model.specificationVersion === 'v3') return model as unknown as LanguageModel;
  const m = model as unknown as Record<string, unknown> & {
    doGenerate(o: unknown): unknown;
    doStream(o: unknown): unknown;
  };
  return {
    specificationVersion: 'v3',
    provider: m.provider,
    modelId: m.modelId,
    supportedUrls: m.supportedUrls,
    doGenerate: (options: unknown) => m.doGenerate(options),
    doStream: (options: unknown) => m.doStream(options),
  } as unknown as LanguageModel;
}

interface ProviderCase {
  name: string;
  id: AiProviderId;
  modelId: string;
  fake: () => ScriptedVendorServer;
  model: (modelId: string) => LanguageModel;
  /** The path a streaming call hits. */
  streamPath: string;
  auth: (headers: IncomingHttpHeaders) => unknown;
}

const bearer = (headers: IncomingHttpHeaders) => headers.authorization;
const settings = (id: AiProviderId) => ({ apiKey: KEY, baseURL: vendors.baseUrls[id], fetch: loopbackOnly });

const cases: ProviderCase[] = [
  {
    name: 'chatgpt',
    id: 'chatgpt',
    modelId: 'gpt-4o',
    fake: () => vendors.openai,
    model: (id) => createOpenAI(settings('chatgpt')).chat(id),
    streamPath: '/v1/chat/completions',
    auth: bearer,
  },
  {
    name: 'grok',
    id: 'grok',
    modelId: 'grok-3',
    fake: () => vendors.openai,
    model: (id) => createXai(settings('grok')).chat(id),
    streamPath: '/xai/v1/chat/completions',
    auth: bearer,
  },
  {
    name: 'gemini',
    id: 'gemini',
    modelId: 'gemini-2.5-flash',
    fake: () => vendors.gemini,
    model: (id) => createGoogleGenerativeAI(settings('gemini'))(id),
    streamPath: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    auth: (headers) => headers['x-goog-api-key'],
  },
  {
    name: 'deepseek',
    id: 'deepseek',
    modelId: 'deepseek-chat',
    fake: () => vendors.openai,
    model: (id) => asAiSdk6Model(createDeepSeek(settings('deepseek'))(id)),
    streamPath: '/deepseek/chat/completions',
    auth: bearer,
  },
  {
    name: 'llama',
    id: 'llama',
    modelId: 'llama-3.3-70b',
    fake: () => vendors.openai,
    model: (id) =>
      createOpenAICompatible({
        name: 'llama',
        ...settings('llama'),
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(id),
    streamPath: '/llama/v1/chat/completions',
    auth: bearer,
  },
  {
    name: 'claude',
    id: 'claude',
    modelId: 'claude-sonnet-4-5',
    fake: () => vendors.anthropic,
    model: (id) => createAnthropic(settings('claude'))(id),
    streamPath: '/v1/messages',
    auth: (headers) => headers['x-api-key'],
  },
  {
    name: 'chatgpt on the Responses API',
    id: 'chatgpt',
    modelId: 'gpt-5-mini',
    fake: () => vendors.openai,
    model: (id) => createOpenAI(settings('chatgpt')).responses(id),
    streamPath: '/v1/responses',
    auth: bearer,
  },
  {
    name: 'grok on the Responses API',
    id: 'grok',
    modelId: 'grok-4',
    fake: () => vendors.openai,
    model: (id) => createXai(settings('grok')).responses(id),
    streamPath: '/xai/v1/responses',
    auth: bearer,
  },
  {
    name: 'perplexity',
    id: 'perplexity',
    modelId: 'sonar',
    fake: () => vendors.openai,
    model: (id) => createPerplexity(settings('perplexity'))(id),
    streamPath: '/perplexity/chat/completions',
    auth: bearer,
  },
];

const judgeSchema = z.object({
  summary: z.string(),
  disagreements: z.array(z.object({ topic: z.string(), models: z.array(z.string()) })),
  confidence: z.array(z.object({ model: z.string(), score: z.number().min(0).max(1) })),
});
const verdict: z.infer<typeof judgeSchema> = {
  summary: 'Both answers agree on the date.',
  disagreements: [{ topic: 'population', models: ['a', 'b'] }],
  confidence: [{ model: 'a', score: 0.8 }],
};

/** streamText with the errors passed to onError collected. */
function stream(c: ProviderCase, options: { abortSignal?: AbortSignal; prompt?: string; system?: string } = {}) {
  const errors: unknown[] = [];
  const result = streamText({
    model: c.model(c.modelId),
    prompt: options.prompt ?? 'Why is the sky blue?',
    system: options.system,
    maxRetries: 0,
    abortSignal: options.abortSignal,
    onError: ({ error }) => void errors.push(error),
  });
  return { result, errors };
}

describe.each(cases)('$name through the real SDK', (c) => {
  it('streams the scripted deltas in order, with token usage, to the vendor endpoint', async () => {
    const chunks = ['Rayleigh ', 'scattering', ' favours', ' short ', 'wavelengths.'];
    c.fake().script(c.modelId, { chunks, usage: { inputTokens: 17, outputTokens: 5 } });
    const { result, errors } = stream(c, { system: 'Answer briefly.' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas).toEqual(chunks);
    expect(await result.text).toBe(chunks.join(''));
    expect(await result.finishReason).toBe('stop');
    const usage = await result.totalUsage;
    expect([usage.inputTokens, usage.outputTokens]).toEqual([17, 5]);
    expect(errors).toEqual([]);
    const request = c.fake().lastRequest;
    expect(request).toMatchObject({
      path: c.streamPath,
      model: c.modelId,
      stream: true,
      outcome: 'completed',
      aborted: false,
    });
    expect(request?.prompt).toBe('Why is the sky blue?');
    expect(request?.system).toBe('Answer briefly.');
    expect(c.auth(request?.headers ?? {})).toMatch(new RegExp(`^(Bearer )?${KEY}$`));
  });

  it('answers generateText with the default sentence naming the model', async () => {
    const result = await generateText({ model: c.model(c.modelId), prompt: 'Hello', maxRetries: 0 });
    expect(result.text).toContain(c.modelId);
    expect(result.usage.inputTokens).toBe(1);
    expect(result.usage.outputTokens).toBeGreaterThan(3);
    expect(c.fake().lastRequest?.stream).toBe(false);
  });

  it('surfaces a scripted HTTP error as an APICallError with its status', async () => {
    c.fake().script(c.modelId, { error: { status: 429, message: 'Slow down' } });
    const { result, errors } = stream(c);
    await expect(result.text).rejects.toThrow(/No output generated/);
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0]) && [errors[0].statusCode, errors[0].message]).toEqual([429, 'Slow down']);

    const failure = await generateText({ model: c.model(c.modelId), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(429);
  });

  it('reports a malformed frame through onError', async () => {
    c.fake().script(c.modelId, { text: 'one two three', failure: 'malformed' });
    const { result, errors } = stream(c);
    await result.consumeStream();
    expect(errors.some((e) => JSONParseError.isInstance(e))).toBe(true);
  });

  it('rejects when the stream is cut off before its final event', async () => {
    c.fake().script(c.modelId, { text: 'one two three four', failure: 'truncated', failAfterChunks: 2 });
    const { result } = stream(c);
    const deltas: string[] = [];
    const failure = await (async () => {
      for await (const delta of result.textStream) deltas.push(delta);
    })().catch((e: unknown) => e);
    expect(deltas).toEqual(['one ', 'two ']);
    expect(APICallError.isInstance(failure)).toBe(true);
    await expect(result.text).rejects.toThrow();
  });

  it("reports the vendor's in-stream error event through onError", async () => {
    c.fake().script(c.modelId, { text: 'one two three', failure: 'error-event' });
    const { result, errors } = stream(c);
    await result.consumeStream();
    expect(errors.length).toBeGreaterThan(0);
  });

  it('aborting the call aborts the vendor request', async () => {
    c.fake().script(c.modelId, { text: 'word '.repeat(50), chunkDelayMs: 40 });
    const controller = new AbortController();
    const { result } = stream(c, { abortSignal: controller.signal });
    for await (const delta of result.textStream) {
      expect(delta).toBe('word ');
      controller.abort();
    }
    await expect(result.text).rejects.toMatchObject({ name: 'AbortError' });
    const request = await c.fake().waitFor(() => c.fake().requests.find((r) => r.aborted));
    expect(request.outcome).toBe('client-aborted');
  });

  it('a hanging vendor is ended by an AbortSignal timeout', async () => {
    c.fake().script(c.modelId, { failure: 'hang' });
    const started = Date.now();
    const { result } = stream(c, { abortSignal: AbortSignal.timeout(300) });
    await expect(result.text).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(3000);
    await c.fake().waitFor(() => c.fake().lastRequest?.aborted);
  });

  it('structured output (the judge) parses the scripted JSON into the zod schema', async () => {
    c.fake().script(c.modelId, { text: JSON.stringify(verdict) });
    const generated = await generateText({
      model: c.model(c.modelId),
      prompt: 'Compare.',
      output: Output.object({ schema: judgeSchema }),
      maxRetries: 0,
    });
    expect(generated.output).toEqual(verdict);
    expect(c.fake().lastRequest?.json).toBe(true);

    const streamed = streamText({
      model: c.model(c.modelId),
      prompt: 'Compare.',
      output: Output.object({ schema: judgeSchema }),
      maxRetries: 0,
    });
    expect(await streamed.output).toEqual(verdict);
  });

  it('structured output without a script gets a reply that fits the schema', async () => {
    const generated = await generateText({
      model: c.model(c.modelId),
      prompt: 'Compare.',
      output: Output.object({ schema: judgeSchema }),
      maxRetries: 0,
    });
    expect(judgeSchema.parse(generated.output).summary).toContain(c.modelId);
  });
});

describe('the Responses API', () => {
  it('ends a reply cut short by max_output_tokens as incomplete, which the SDK reports as length', async () => {
    vendors.openai.script('gpt-5-mini', { text: 'one two', finishReason: 'max_output_tokens' });
    const model = createOpenAI(settings('chatgpt')).responses('gpt-5-mini');
    const streamed = streamText({ model, prompt: 'x', maxRetries: 0 });
    expect([await streamed.text, await streamed.finishReason]).toEqual(['one two', 'length']);
    expect((await generateText({ model, prompt: 'x', maxRetries: 0 })).finishReason).toBe('length');
  });

  it('is served for OpenAI and xAI only', async () => {
    const response = await fetch(`${vendors.baseUrls.deepseek}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ model: 'deepseek-chat', input: 'x' }),
    });
    expect(response.status).toBe(404);
  });
});
