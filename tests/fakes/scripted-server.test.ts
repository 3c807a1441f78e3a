import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createPerplexity } from '@ai-sdk/perplexity';
import { APICallError, generateText, Output, streamText, type ModelMessage } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_AI_API_KEY, startFakeAiVendors, type FakeAiVendors } from './ai-vendors';
import { sampleFromSchema } from './json-sample';

// The fakes' own mechanics: scripting, auth, control endpoints, the Anthropic json-tool path and
// the command line. The per-provider wire checks are in ai-vendors.test.ts.

globalThis.AI_SDK_LOG_WARNINGS = false;

let vendors: FakeAiVendors;
beforeAll(async () => {
  vendors = await startFakeAiVendors({ apiKeys: [FAKE_AI_API_KEY] });
});
afterEach(() => vendors.reset());
afterAll(() => vendors.stop());

const chatgpt = (apiKey = FAKE_AI_API_KEY) =>
  createOpenAI({ apiKey, baseURL: vendors.baseUrls.chatgpt }).chat('gpt-4o');

describe('scripting', () => {
  it('serves one-shot scripts first, then the standing one, per model', async () => {
    vendors.openai.script('*', { text: 'standing' });
    vendors.openai.script('gpt-4o', { text: 'first', times: 1 });
    vendors.openai.script('gpt-4o', { text: 'second', times: 1 });
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) texts.push((await generateText({ model: chatgpt(), prompt: 'x' })).text);
    expect(texts).toEqual(['first', 'second', 'standing']);
  });

  it('answers the question a script names before any other: in a conversation, the turn asked now', async () => {
    vendors.openai.script('gpt-4o', { text: 'standing' });
    vendors.openai.script('*', { whenPromptIncludes: 'Re-check', text: 'KEEP.' });
    vendors.openai.script('gpt-4o', { whenPromptIncludes: 'river', text: 'The Seine.' });
    vendors.openai.script('gpt-4o', { whenPromptIncludes: 'mayor', text: 'Anne Hidalgo.' });
    const ask = async (messages: ModelMessage[]) => (await generateText({ model: chatgpt(), messages })).text;
    expect(await ask([{ role: 'user', content: 'Re-check and answer' }])).toBe('KEEP.');
    expect(await ask([{ role: 'user', content: 'Its river?' }])).toBe('The Seine.');
    expect(
      await ask([
        { role: 'user', content: 'Its river?' },
        { role: 'assistant', content: 'The Seine.' },
        { role: 'user', content: 'Its mayor?' },
      ]),
    ).toBe('Anne Hidalgo.');
    expect(
      await ask([
        { role: 'user', content: 'Its mayor?' },
        { role: 'assistant', content: 'Anne Hidalgo.' },
        { role: 'user', content: 'And its river?' },
      ]),
    ).toBe('The Seine.');
    expect(await ask([{ role: 'user', content: 'Anything else' }])).toBe('standing');
  });

  it('waits the initial and per-chunk delays', async () => {
    vendors.openai.script('gpt-4o', { chunks: ['a', 'b', 'c'], initialDelayMs: 150, chunkDelayMs: 50 });
    const started = Date.now();
    const result = streamText({ model: chatgpt(), prompt: 'x' });
    const times: number[] = [];
    for await (const _ of result.textStream) times.push(Date.now() - started);
    expect(times).toHaveLength(3);
    expect(times[0]).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('records an abort during the initial delay', async () => {
    vendors.openai.script('gpt-4o', { initialDelayMs: 5000 });
    const result = streamText({ model: chatgpt(), prompt: 'x', abortSignal: AbortSignal.timeout(100) });
    await expect(result.text).rejects.toMatchObject({ name: 'TimeoutError' });
    const request = await vendors.openai.waitFor(() => vendors.openai.requests.find((r) => r.aborted));
    expect(request.status).toBe(0);
  });

  it('rejects an unknown key in the vendor error shape', async () => {
    const failure = await generateText({ model: chatgpt('wrong'), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(failure) && [failure.statusCode, failure.message]).toEqual([
      401,
      'Incorrect API key provided.',
    ]);
  });

  it('sends Perplexity citations as sources, and usage without stream_options', async () => {
    vendors.openai.script('sonar', { text: 'Paris.', sources: [{ url: 'https://example.com/paris' }] });
    const model = createPerplexity({ apiKey: FAKE_AI_API_KEY, baseURL: vendors.baseUrls.perplexity })('sonar');
    const result = streamText({ model, prompt: 'Capital of France?' });
    expect((await result.sources).map((s) => s.sourceType === 'url' && s.url)).toEqual(['https://example.com/paris']);
    expect((await result.totalUsage).inputTokens).toBe(3);
    expect(vendors.openai.lastRequest?.body).not.toHaveProperty('stream_options');
  });
});

describe('Anthropic structured output on models without output_config (the forced json tool)', () => {
  const schema = z.object({ verdict: z.string(), score: z.number() });
  const model = () =>
    createAnthropic({ apiKey: FAKE_AI_API_KEY, baseURL: vendors.baseUrls.claude })('claude-sonnet-4-20250514');

  it('answers with a tool_use block, streamed and not', async () => {
    vendors.anthropic.script('*', { text: '{"verdict":"agree","score":0.7}' });
    const generated = await generateText({ model: model(), prompt: 'Judge.', output: Output.object({ schema }) });
    expect(generated.output).toEqual({ verdict: 'agree', score: 0.7 });
    expect(vendors.anthropic.lastRequest?.body?.tools).toMatchObject([{ name: 'json' }]);
    const streamed = streamText({ model: model(), prompt: 'Judge.', output: Output.object({ schema }) });
    expect(await streamed.output).toEqual({ verdict: 'agree', score: 0.7 });
  });
});

describe('control endpoints (for a fake in another process)', () => {
  it('scripts, lists and forgets over HTTP', async () => {
    const control = `${vendors.anthropic.origin}/__fake`;
    const scripted = await fetch(`${control}/script`, {
      method: 'POST',
      body: JSON.stringify({ model: '*', text: 'Over HTTP.' }),
    });
    expect(scripted.status).toBe(204);
    const model = createAnthropic({ apiKey: FAKE_AI_API_KEY, baseURL: vendors.baseUrls.claude })('claude-haiku-4-5');
    expect((await generateText({ model, prompt: 'Hi' })).text).toBe('Over HTTP.');
    const listed = (await (await fetch(`${control}/requests`)).json()) as {
      model: string;
      prompt: string;
      outcome: string;
    }[];
    expect(listed.map(({ model, prompt, outcome }) => ({ model, prompt, outcome }))).toEqual([
      { model: 'claude-haiku-4-5', prompt: 'Hi', outcome: 'completed' },
    ]);
    expect((await fetch(`${control}/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(vendors.anthropic.requests).toEqual([]);
  });

  it('answers unknown paths with 404 in the vendor shape', async () => {
    const response = await fetch(`${vendors.gemini.url}/nowhere`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});

describe('sampleFromSchema', () => {
  it('fills objects, arrays, enums, bounds and refs', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { enum: ['a', 'b'] },
        n: { type: 'integer', minimum: 2, maximum: 4 },
        list: { type: 'array', items: { $ref: '#/$defs/item' }, minItems: 2 },
        maybe: { anyOf: [{ type: 'null' }, { type: 'boolean' }] },
      },
      $defs: { item: { type: 'STRING' } },
    };
    expect(sampleFromSchema(schema, 'm')).toEqual({ kind: 'a', n: 3, list: ['m: list', 'm: list'], maybe: true });
  });
});

describe('command line', () => {
  it('starts every fake and prints the environment for the app', async () => {
    const script = fileURLToPath(new URL('./ai-vendors.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, '--port', '0', '--reply', 'Canned.', '--chunk-delay', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const env = await new Promise<Record<string, string>>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          const pairs = Object.fromEntries([...out.matchAll(/^(\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
          if (pairs.PERPLEXITY_API_KEY) resolve(pairs as Record<string, string>);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      expect(Object.keys(env)).toEqual(
        expect.arrayContaining(['OPENAI_BASE_URL', 'XAI_BASE_URL', 'GEMINI_BASE_URL', 'ANTHROPIC_BASE_URL']),
      );
      const model = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL }).chat('gpt-4o');
      expect((await generateText({ model, prompt: 'Hi' })).text).toBe('Canned.');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});
