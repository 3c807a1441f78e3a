import { createHash } from 'node:crypto';
import { modelCatalogue, type ModelKey } from '../../common/models';
import { PERPLEXITY_BASE_URL, type ModelCredentials } from './language-models';

// Which versions each vendor offers today, read from the vendor's own list call (issue 17, item 1;
// decision 0051): OpenAI, xAI, DeepSeek and Llama hosts answer the OpenAI-compatible GET /models,
// Anthropic GET /v1/models, Gemini models.list, Perplexity's Agent API GET /v1/models (decision 0053).
// Lists are kept for a day per credentials; the catalogue's fixed lists are the fallback when a vendor
// cannot be asked.

/** Where each vendor's SDK sends requests when no base URL is configured (the SDKs' own defaults). */
const DEFAULT_BASE_URLS: Record<Exclude<ModelKey, 'llama'>, string> = {
  chatgpt: 'https://api.openai.com/v1',
  perplexity: PERPLEXITY_BASE_URL,
  grok: 'https://api.x.ai/v1',
  deepseek: 'https://api.deepseek.com',
  claude: 'https://api.anthropic.com/v1',
  gemini: 'https://generativelanguage.googleapis.com/v1beta',
};

/** The Anthropic API version @ai-sdk/anthropic sends. */
const ANTHROPIC_VERSION = '2023-06-01';
const LIST_TIMEOUT_MS = 10_000;
export const MODEL_LIST_TTL_MS = 24 * 60 * 60 * 1000;

/** Models a chat answer cannot come from (speech, images, embeddings, moderation). */
const NOT_CHAT = /(embed|whisper|tts|transcribe|audio|realtime|image|dall-e|davinci|babbage|moderation|search-api)/i;
/** OpenAI's chat families; its list also names fine-tunes and legacy models. */
const OPENAI_CHAT = /^(gpt-|o\d|chatgpt-)/;
/** OpenAI's completions-only models (gpt-3.5-turbo-instruct); elsewhere 'instruct' names chat models. */
const OPENAI_COMPLETIONS_ONLY = /instruct/;

export interface ModelList {
  versions: string[];
  /** 'vendor' when the vendor's list call answered; 'catalogue' when the fixed list stands in. */
  source: 'vendor' | 'catalogue';
  fetchedAt: Date | null;
  /** Why the vendor's list is not shown, when it is not (no list call, or the call failed). */
  problem?: string;
}

export class ModelListError extends Error {}

async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { headers, signal });
  if (response.status === 401 || response.status === 403) {
    throw new ModelListError('The provider did not accept the API key.');
  }
  if (!response.ok) throw new ModelListError(`The provider answered ${response.status}.`);
  return response.json();
}

const idsOf = (items: unknown, field: string): string[] =>
  Array.isArray(items)
    ? items.flatMap((item) => {
        const value = (item as Record<string, unknown> | null)?.[field];
        return typeof value === 'string' ? [value] : [];
      })
    : [];

/** The vendor's chat models, as its list call names them (throws ModelListError when it cannot say). */
export async function fetchVendorModels(
  model: ModelKey,
  credentials: Pick<ModelCredentials, 'apiKey' | 'baseUrl'>,
  signal: AbortSignal = AbortSignal.timeout(LIST_TIMEOUT_MS),
): Promise<string[]> {
  const base = (credentials.baseUrl ?? (model === 'llama' ? '' : DEFAULT_BASE_URLS[model])).replace(/\/+$/, '');
  if (!base) throw new ModelListError('No host is configured for this model.');
  const key = credentials.apiKey ?? '';
  let ids: string[];
  if (model === 'claude') {
    const body = await getJson(
      `${base}/models?limit=1000`,
      { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION },
      signal,
    );
    ids = idsOf((body as { data?: unknown }).data, 'id');
  } else if (model === 'gemini') {
    const body = (await getJson(`${base}/models?pageSize=1000`, { 'x-goog-api-key': key }, signal)) as {
      models?: { name?: unknown; supportedGenerationMethods?: unknown }[];
    };
    ids = (body.models ?? [])
      .filter(
        (m) => Array.isArray(m.supportedGenerationMethods) && m.supportedGenerationMethods.includes('generateContent'),
      )
      .flatMap((m) => (typeof m.name === 'string' ? [m.name.replace(/^models\//, '')] : []));
  } else {
    // Perplexity's base URL has no version path; its Agent API lives under /v1.
    const listUrl = model === 'perplexity' ? `${base}/v1/models` : `${base}/models`;
    const body = await getJson(listUrl, key ? { authorization: `Bearer ${key}` } : {}, signal);
    ids = idsOf((body as { data?: unknown }).data, 'id');
    if (model === 'chatgpt') ids = ids.filter((id) => OPENAI_CHAT.test(id) && !OPENAI_COMPLETIONS_ONLY.test(id));
  }
  const chat = [...new Set(ids.filter((id) => !NOT_CHAT.test(id)))].sort((a, b) => a.localeCompare(b));
  if (chat.length === 0) throw new ModelListError('The provider listed no chat models.');
  return chat;
}

const fingerprint = (model: ModelKey, { apiKey, baseUrl }: Pick<ModelCredentials, 'apiKey' | 'baseUrl'>) =>
  `${model}|${baseUrl ?? ''}|${createHash('sha256')
    .update(apiKey ?? '')
    .digest('hex')}`;

/** The lists, kept a day per model and credentials, in this process. */
export class ModelLists {
  private readonly kept = new Map<string, ModelList & { fetchedAt: Date }>();

  constructor(
    private readonly fetchList: typeof fetchVendorModels = fetchVendorModels,
    private readonly now: () => number = Date.now,
  ) {}

  async list(
    model: ModelKey,
    credentials: Pick<ModelCredentials, 'apiKey' | 'baseUrl'> | null,
    { refresh = false }: { refresh?: boolean } = {},
  ): Promise<ModelList> {
    const catalogue = (problem: string): ModelList => ({
      versions: [...modelCatalogue[model].versions],
      source: 'catalogue',
      fetchedAt: null,
      problem,
    });
    if (!credentials) return catalogue('This model has no API key yet.');
    const key = fingerprint(model, credentials);
    const kept = this.kept.get(key);
    if (kept && !refresh && this.now() - kept.fetchedAt.getTime() < MODEL_LIST_TTL_MS) return kept;
    try {
      const fresh = {
        versions: await this.fetchList(model, credentials),
        source: 'vendor' as const,
        fetchedAt: new Date(this.now()),
      };
      this.kept.set(key, fresh);
      return fresh;
    } catch (error) {
      // A list read earlier is better than the fixed one while the vendor is unreachable.
      if (kept) return kept;
      return catalogue(error instanceof ModelListError ? error.message : 'The provider could not be reached.');
    }
  }
}

export interface KeyCheck {
  ok: boolean;
  message: string;
}

/** Whether a vendor accepts the key, by its cheapest call (issue 17, item 4): the model list, which costs nothing. */
export async function checkKey(model: ModelKey, credentials: ModelCredentials | null): Promise<KeyCheck> {
  if (!credentials) return { ok: false, message: 'No key is configured for this model.' };
  try {
    const listed = await fetchVendorModels(model, credentials);
    return { ok: true, message: `The key works: the provider lists ${listed.length} chat models for it.` };
  } catch (error) {
    if (error instanceof ModelListError) return { ok: false, message: error.message };
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 401 || status === 403) return { ok: false, message: 'The provider did not accept the API key.' };
    return {
      ok: false,
      message: typeof status === 'number' ? `The provider answered ${status}.` : 'The provider could not be reached.',
    };
  }
}
