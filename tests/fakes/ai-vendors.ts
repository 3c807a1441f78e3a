import { parseArgs } from 'node:util';
import { FakeAnthropic } from './anthropic';
import { runAsScript } from './cli';
import { FakeGemini } from './gemini';
import { FakeOpenAIChat } from './openai-chat';
import type { ScriptedServerOptions } from './scripted-server';
import type { VendorScript } from './vendor-wire';

// All AI vendor fakes at once, keyed the way the app names its providers, with the environment
// (docs/architecture.md, "Configuration") that points the app at them.
//
// Standalone for local dev and e2e (ports PORT, PORT+1, PORT+2; --port 0 picks free ones):
//   node --import tsx tests/fakes/ai-vendors.ts --port 12120 [--reply "text"] [--chunk-delay 40]
// prints OPENAI_BASE_URL=... lines to paste into the app's environment. Each fake also answers
// GET/DELETE /__fake/requests and POST /__fake/script (see scripted-server.ts).

export type AiProviderId = 'chatgpt' | 'grok' | 'gemini' | 'deepseek' | 'llama' | 'claude' | 'perplexity';

export const FAKE_AI_API_KEY = 'fake-ai-key';

export interface FakeAiVendors {
  /** OpenAI-style chat completions for chatgpt, grok, deepseek, llama and perplexity. */
  openai: FakeOpenAIChat;
  anthropic: FakeAnthropic;
  gemini: FakeGemini;
  /** The SDK base URL per provider, version path included. */
  baseUrls: Record<AiProviderId, string>;
  /** <V>_BASE_URL and <V>_API_KEY for every vendor (docs/architecture.md, "Configuration"). */
  env: Record<string, string>;
  /** Scripts the same reply on every fake (model '*' = any model). */
  script(model: string, script: VendorScript): void;
  reset(): void;
  stop(): Promise<void>;
}

const ENV_NAMES: Record<AiProviderId, string> = {
  chatgpt: 'OPENAI',
  grok: 'XAI',
  gemini: 'GEMINI',
  deepseek: 'DEEPSEEK',
  llama: 'LLAMA',
  claude: 'ANTHROPIC',
  perplexity: 'PERPLEXITY',
};

/** Starts the three fakes; with `port` set they listen on port, port+1 and port+2. */
export async function startFakeAiVendors(
  options: Omit<ScriptedServerOptions, 'port'> & { port?: number } = {},
): Promise<FakeAiVendors> {
  const at = (offset: number) => ({ ...options, port: options.port ? options.port + offset : 0 });
  const openai = new FakeOpenAIChat(at(0));
  const anthropic = new FakeAnthropic(at(1));
  const gemini = new FakeGemini(at(2));
  const fakes = [openai, anthropic, gemini];
  try {
    for (const fake of fakes) await fake.start();
  } catch (error) {
    await Promise.all(fakes.map((fake) => fake.stop()));
    throw error;
  }
  const baseUrls: Record<AiProviderId, string> = {
    chatgpt: openai.urlFor('openai'),
    grok: openai.urlFor('xai'),
    deepseek: openai.urlFor('deepseek'),
    llama: openai.urlFor('llama'),
    perplexity: openai.urlFor('perplexity'),
    claude: anthropic.url,
    gemini: gemini.url,
  };
  const key = options.apiKeys?.[0] ?? FAKE_AI_API_KEY;
  const env = Object.fromEntries(
    (Object.keys(ENV_NAMES) as AiProviderId[]).flatMap((id) => [
      [`${ENV_NAMES[id]}_BASE_URL`, baseUrls[id]],
      [`${ENV_NAMES[id]}_API_KEY`, key],
    ]),
  );
  return {
    openai,
    anthropic,
    gemini,
    baseUrls,
    env,
    script: (model, script) => fakes.forEach((fake) => fake.script(model, script)),
    reset: () => fakes.forEach((fake) => fake.reset()),
    stop: async () => {
      await Promise.all(fakes.map((fake) => fake.stop()));
    },
  };
}

async function main(): Promise<FakeAiVendors> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12120' },
      host: { type: 'string', default: '127.0.0.1' },
      reply: { type: 'string' },
      'chunk-delay': { type: 'string', default: '40' },
      'initial-delay': { type: 'string', default: '300' },
      'api-key': { type: 'string', multiple: true },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65533)
    throw new Error(`--port must be a port number (0 = any free ports), got ${values.port}`);
  const chunkDelayMs = Number(values['chunk-delay']);
  const initialDelayMs = Number(values['initial-delay']);
  const vendors = await startFakeAiVendors({ host: values.host, port, apiKeys: values['api-key'] });
  // Canned replies for every model: the scripted text, or the default sentence naming the model.
  vendors.script('*', { chunkDelayMs, initialDelayMs, ...(values.reply !== undefined && { text: values.reply }) });
  console.log('[fake-ai] AI vendor fakes listening (canned replies, not real models). Environment for the app:');
  for (const [name, value] of Object.entries(vendors.env)) console.log(`${name}=${value}`);
  return vendors;
}

runAsScript(import.meta.url, main);
