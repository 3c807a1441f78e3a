import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_OUTPUT_TOKENS } from '../../common/limits';
import { modelCatalogue, type ModelKey } from '../../common/models';
import { FAKE_AI_API_KEY, startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import type { RecordedVendorRequest } from '../../../tests/fakes/vendor-wire';
import { answerCall } from './language-models';
import { streamAnswer } from './stream-answer';

// Every answer call bounds what the vendor may bill (decision 0058): the limit reaches each vendor in
// its own wire format, and a thinking Claude gets its thinking budget on top, so the answer keeps it whole.

let fakes: FakeAiVendors;
beforeAll(async () => {
  fakes = await startFakeAiVendors();
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await fakes?.stop();
});

const CLAUDE_THINKING_BUDGET = 1024;

async function requestOf(model: ModelKey, version: string, webSearch = false): Promise<RecordedVendorRequest> {
  const result = await streamAnswer({
    call: answerCall(model, { apiKey: FAKE_AI_API_KEY, baseUrl: fakes.baseUrls[model], version }, { webSearch }),
    question: 'What is the capital of France?',
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    onDelta: () => {},
  });
  expect(result.error).toBeNull();
  const all = [...fakes.openai.requests, ...fakes.anthropic.requests, ...fakes.gemini.requests];
  return all.find((request) => request.model === version)!;
}

describe('the output limit of every answer call', () => {
  const cases: [string, ModelKey, string, boolean, (body: Record<string, unknown>) => unknown][] = [
    ['ChatGPT on chat completions', 'chatgpt', 'gpt-4o', false, (b) => b.max_tokens ?? b.max_completion_tokens],
    ['ChatGPT thinking, on the Responses API', 'chatgpt', 'gpt-5', false, (b) => b.max_output_tokens],
    ['Grok', 'grok', modelCatalogue.grok.defaultVersion, false, (b) => b.max_tokens ?? b.max_completion_tokens],
    ['DeepSeek', 'deepseek', modelCatalogue.deepseek.defaultVersion, false, (b) => b.max_tokens],
    ['Llama', 'llama', modelCatalogue.llama.defaultVersion, false, (b) => b.max_tokens],
    [
      'Perplexity, on its Agent API',
      'perplexity',
      modelCatalogue.perplexity.defaultVersion,
      false,
      (b) => b.max_output_tokens,
    ],
    [
      'Gemini',
      'gemini',
      modelCatalogue.gemini.defaultVersion,
      false,
      (b) => (b.generationConfig as Record<string, unknown> | undefined)?.maxOutputTokens,
    ],
    ['Claude without thinking', 'claude', 'claude-3-5-haiku-latest', false, (b) => b.max_tokens],
  ];
  it.each(cases)('%s carries the limit', async (_name, model, version, webSearch, limitOf) => {
    const request = await requestOf(model, version, webSearch);
    expect(limitOf(request.body ?? {})).toBe(MAX_ANSWER_OUTPUT_TOKENS);
  });

  it('a thinking Claude gets the limit for its answer with its thinking budget on top', async () => {
    const request = await requestOf('claude', modelCatalogue.claude.defaultVersion);
    expect(request.body?.thinking).toMatchObject({ type: 'enabled', budget_tokens: CLAUDE_THINKING_BUDGET });
    expect(request.body?.max_tokens).toBe(MAX_ANSWER_OUTPUT_TOKENS + CLAUDE_THINKING_BUDGET);
    expect(MAX_ANSWER_OUTPUT_TOKENS).toBeGreaterThan(CLAUDE_THINKING_BUDGET);
  });
});
