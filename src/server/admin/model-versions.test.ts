import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAiModel } from '../../common/admin-settings-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 17, item 1: an administrator chooses the version a model answers with for everyone without
// typing its key into Parallax, for the environment's key; a version chosen while there is no key at all
// is shown as chosen and takes effect once a key arrives.

let fakes: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  const { GEMINI_API_KEY: _noGeminiKey, ...env } = fakes.env;
  t = await createTestApp({ ...env, JUDGE_MODEL: 'local' });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

const row = async (cookie: string, model: string) =>
  (await adminCall(t.app, cookie, 'GET', '/api/admin/ai-models'))
    .json<AdminAiModel[]>()
    .find((m) => m.model === model)!;

describe('the version for everyone, key unchanged', () => {
  it('keeps the environment key and answers with the version chosen', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const saved = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/deepseek/version', {
      version: 'deepseek-reasoner',
    });
    expect(saved.json()).toEqual({ message: 'DeepSeek now answers with deepseek-reasoner.' });
    expect(await row(admin.cookie, 'deepseek')).toMatchObject({
      keySource: 'environment',
      version: 'deepseek-reasoner',
      maskedKey: expect.stringMatching(/key$/),
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/query',
      payload: { text: 'Hi?', sessionId: 'version-session-1', selectedModels: ['deepseek'] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(fakes.openai.requests.find((r) => r.vendor === 'deepseek')!.model).toBe('deepseek-reasoner');
  });

  it('shows a version chosen for a model with no key as chosen, while the model stays unavailable', async () => {
    const admin = await signInAdmin(t.app, t.db);
    await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/gemini/version', { version: 'gemini-2.5-pro' });
    expect(await row(admin.cookie, 'gemini')).toMatchObject({ keySource: 'none', version: 'gemini-2.5-pro' });
    const status = await t.app.inject({ method: 'GET', url: '/api/api-status' });
    expect(status.json().gemini).toBe(false);
  });

  it('takes a key and a version saved at the same moment without a duplicate or an error', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const calls = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/grok/version', { version: 'grok-4' })
          : adminCall(t.app, admin.cookie, 'POST', '/api/api-key', { model: 'grok', apiKey: 'fake-ai-key' }),
      ),
    );
    expect(calls.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await row(admin.cookie, 'grok')).keySource).toBe('admin');
  });

  it('refuses a blank version with the message', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const refused = await adminCall(t.app, admin.cookie, 'PUT', '/api/admin/ai-models/grok/version', { version: ' ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Choose a model version.');
  });
});
