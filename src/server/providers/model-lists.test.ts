import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogue, type ModelKey } from '../../common/models';
import { FAKE_AI_API_KEY, startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { LIST_CALL } from '../../../tests/fakes/scripted-server';
import { registerAccount, uniqueAccount } from '../../../tests/helpers/accounts';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp } from '../../../tests/helpers/test-app';
import { fetchVendorModels, MODEL_LIST_TTL_MS, ModelLists } from './model-lists';

// Issue 17, item 1: each vendor's own list call, in its own wire format (the loopback fakes answer as
// OpenAI, xAI, DeepSeek, an OpenAI-compatible Llama host, Anthropic and Gemini do), filtered to the
// models that can answer a chat; kept a day; the catalogue's fixed list when a vendor cannot be asked.

let fakes: FakeAiVendors;
beforeAll(async () => {
  fakes = await startFakeAiVendors({ apiKeys: [FAKE_AI_API_KEY] });
});
afterEach(() => fakes.reset());
afterAll(async () => {
  await fakes?.stop();
});

const credentials = (model: ModelKey, apiKey = FAKE_AI_API_KEY) => ({ apiKey, baseUrl: fakes.baseUrls[model] });
const listCalls = () =>
  [...fakes.openai.requests, ...fakes.anthropic.requests, ...fakes.gemini.requests].filter(
    (r) => r.model === LIST_CALL,
  );

describe("each vendor's list call", () => {
  it.each([
    ['chatgpt', ['gpt-4.1', 'gpt-4o', 'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'o3', 'o4-mini']],
    ['grok', ['grok-3', 'grok-3-mini', 'grok-4', 'grok-4-fast-reasoning']],
    ['deepseek', ['deepseek-chat', 'deepseek-reasoner']],
    ['llama', ['llama-3.3-70b-instruct', 'llama-4-maverick', 'llama3.1']],
    [
      'claude',
      [
        'claude-3-5-haiku-20241022',
        'claude-haiku-4-5-20251001',
        'claude-opus-4-1-20250805',
        'claude-sonnet-4-5-20250929',
      ],
    ],
    ['gemini', ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-pro']],
  ] as const)('%s: names the chat models only, sorted', async (model, expected) => {
    expect(await fetchVendorModels(model, credentials(model))).toEqual(expected);
    const [call] = listCalls();
    expect(call).toMatchObject({ method: 'GET', status: 200 });
  });

  it('sends each vendor its own key header', async () => {
    await fetchVendorModels('chatgpt', credentials('chatgpt'));
    await fetchVendorModels('claude', credentials('claude'));
    await fetchVendorModels('gemini', credentials('gemini'));
    const [openai, anthropic, gemini] = listCalls();
    expect(openai!.headers.authorization).toBe(`Bearer ${FAKE_AI_API_KEY}`);
    expect(anthropic!.headers['x-api-key']).toBe(FAKE_AI_API_KEY);
    expect(anthropic!.headers['anthropic-version']).toBe('2023-06-01');
    expect(gemini!.headers['x-goog-api-key']).toBe(FAKE_AI_API_KEY);
  });

  it('says so when the key is refused or the vendor fails', async () => {
    await expect(fetchVendorModels('claude', credentials('claude', 'wrong-key'))).rejects.toThrow(
      'The provider did not accept the API key.',
    );
    fakes.openai.script(LIST_CALL, { error: { status: 503 }, times: 1 });
    await expect(fetchVendorModels('grok', credentials('grok'))).rejects.toThrow('The provider answered 503.');
  });

  it("reads Perplexity's Agent API list under /v1 of its base URL", async () => {
    expect(await fetchVendorModels('perplexity', credentials('perplexity'))).toEqual([
      'anthropic/claude-sonnet-4-5',
      'google/gemini-2.5-pro',
      'openai/gpt-5.1',
      'perplexity/sonar',
      'xai/grok-4',
    ]);
    expect(fakes.openai.requests.at(-1)!.path).toBe('/perplexity/v1/models');
  });
});

describe('the kept lists', () => {
  it('asks the vendor once a day, again on refresh, and keeps the last list while the vendor is down', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const lists = new ModelLists(fetchVendorModels, () => now);
    const first = await lists.list('gemini', credentials('gemini'));
    expect(first).toMatchObject({ source: 'vendor', fetchedAt: new Date(now) });
    expect(first.versions).toContain('gemini-2.5-pro');

    fakes.gemini.setModels('gemini', ['gemini-3-pro']);
    expect((await lists.list('gemini', credentials('gemini'))).versions).toContain('gemini-2.5-pro');
    expect(listCalls()).toHaveLength(1);
    expect((await lists.list('gemini', credentials('gemini'), { refresh: true })).versions).toEqual(['gemini-3-pro']);

    now += MODEL_LIST_TTL_MS + 1;
    fakes.gemini.script(LIST_CALL, { error: { status: 500 } });
    const stale = await lists.list('gemini', credentials('gemini'));
    expect(stale).toMatchObject({ source: 'vendor', versions: ['gemini-3-pro'] });
    expect(listCalls()).toHaveLength(3);
  });

  it('falls back to the catalogue, saying why, without a key or when the vendor never answered', async () => {
    const lists = new ModelLists();
    expect(await lists.list('claude', null)).toEqual({
      versions: [...modelCatalogue.claude.versions],
      source: 'catalogue',
      fetchedAt: null,
      problem: 'This model has no API key yet.',
    });
    expect(await lists.list('claude', credentials('claude', 'wrong-key'))).toMatchObject({
      source: 'catalogue',
      problem: 'The provider did not accept the API key.',
    });
  });
});

describe('GET /api/model-versions/:model', () => {
  it('gives anyone the list for the key that would answer them; only an administrator can have it read again', async () => {
    const t = await createTestApp(fakes.env);
    try {
      const anonymous = await t.app.inject({ url: '/api/model-versions/grok' });
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      expect(anonymous.json()).toMatchObject({
        model: 'grok',
        versions: ['grok-3', 'grok-3-mini', 'grok-4', 'grok-4-fast-reasoning'],
        defaultVersion: modelCatalogue.grok.defaultVersion,
        source: 'vendor',
      });
      expect(anonymous.json().fetchedAt).toEqual(expect.any(String));

      fakes.openai.setModels('xai', ['grok-5']);
      const { cookie } = await registerAccount(t.app, uniqueAccount('lister'));
      expect((await adminCall(t.app, cookie, 'GET', '/api/model-versions/grok?refresh=true')).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/model-versions/grok' })).json().versions).not.toContain('grok-5');
      const admin = await signInAdmin(t.app, t.db);
      const refreshed = await adminCall(t.app, admin.cookie, 'GET', '/api/model-versions/grok?refresh=true');
      expect(refreshed.json().versions).toEqual(['grok-5']);

      expect((await t.app.inject({ url: '/api/model-versions/perplexity' })).json()).toMatchObject({
        source: 'vendor',
        versions: expect.arrayContaining(['perplexity/sonar']),
      });
      expect((await t.app.inject({ url: '/api/model-versions/nonsense' })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('the admin console key check', () => {
  it('shows where each key comes from without the key, and asks each vendor whether it accepts it', async () => {
    const t = await createTestApp({ ...fakes.env, ANTHROPIC_API_KEY: 'sk-ant-wrong-1234' });
    try {
      const admin = await signInAdmin(t.app, t.db);
      const listed = await adminCall(t.app, admin.cookie, 'GET', '/api/admin/ai-models');
      expect(listed.statusCode, listed.body).toBe(200);
      const grok = listed.json().find((m: { model: string }) => m.model === 'grok');
      expect(grok).toMatchObject({ keySource: 'environment', version: modelCatalogue.grok.defaultVersion });
      expect(grok.maskedKey).toMatch(/^•+.{4}$/);
      expect(listed.body).not.toContain(FAKE_AI_API_KEY);

      const check = (model: string) => adminCall(t.app, admin.cookie, 'POST', `/api/admin/ai-models/${model}/check`);
      expect((await check('grok')).json()).toEqual({
        ok: true,
        message: 'The key works: the provider lists 4 chat models for it.',
      });
      expect((await check('claude')).json()).toEqual({
        ok: false,
        message: 'The provider did not accept the API key.',
      });
      expect((await check('perplexity')).json()).toEqual({
        ok: true,
        message: 'The key works: the provider lists 5 chat models for it.',
      });

      const { cookie } = await registerAccount(t.app, uniqueAccount('not-admin'));
      expect((await adminCall(t.app, cookie, 'POST', '/api/admin/ai-models/grok/check')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
