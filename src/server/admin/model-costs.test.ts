import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelPriceMessages } from '../../common/model-price-messages';
import type { ModelCost, ModelPrice } from '../../common/model-prices';
import { startFakeAiVendors, type FakeAiVendors } from '../../../tests/fakes/ai-vendors';
import { adminCall, signInAdmin } from '../../../tests/helpers/admins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Issue 13, item 4: an administrator keeps a price per model version, and the dashboard estimates the
// month's vendor cost per model from the tokens the vendors reported, each version at its own price.

let fakes: FakeAiVendors;
let t: TestApp;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  t = await createTestApp({ ...fakes.env, JUDGE_MODEL: 'local' });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
});

async function ask(sessionId: string, models: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/query',
    payload: { text: 'How tall is the Eiffel Tower?', sessionId, selectedModels: models },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('model prices and the month’s cost', () => {
  it('estimates each model from its versions’ prices, naming the versions without one', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const put = (model: string, body: object) =>
      adminCall(t.app, admin.cookie, 'PUT', `/api/admin/model-prices/${model}`, body);
    expect((await put('chatgpt', { version: 'gpt-4o', inputPerMillion: 2.5, outputPerMillion: 10 })).json()).toEqual({
      message: modelPriceMessages.saved('ChatGPT', 'gpt-4o'),
    });
    // Saved twice: the second price stands, one row.
    await put('chatgpt', { version: 'gpt-4o', inputPerMillion: 2.5, outputPerMillion: 10 });
    await put('claude', { version: 'claude-sonnet-4-5', inputPerMillion: 3, outputPerMillion: 15 });

    fakes.openai.script('gpt-4o', { text: 'It is 330 metres tall.', usage: { inputTokens: 1000, outputTokens: 2000 } });
    fakes.openai.script('grok-3', { text: 'It is 330 metres tall.', usage: { inputTokens: 400, outputTokens: 100 } });
    await ask('costs-session-1', ['chatgpt', 'grok']);
    await ask('costs-session-2', ['chatgpt']);

    const prices = (await adminCall(t.app, admin.cookie, 'GET', '/api/admin/model-prices')).json<ModelPrice[]>();
    expect(prices.map((p) => [p.model, p.version, p.inputPerMillion, p.outputPerMillion])).toEqual([
      ['chatgpt', 'gpt-4o', 2.5, 10],
      ['claude', 'claude-sonnet-4-5', 3, 15],
    ]);
    const costs = (await adminCall(t.app, admin.cookie, 'GET', '/api/admin/model-costs')).json<ModelCost[]>();
    expect(costs).toEqual([
      // Two answers of 1,000 in and 2,000 out at $2.50 and $10 per million.
      { model: 'chatgpt', inputTokens: 2000, outputTokens: 4000, estimatedUsd: 0.045, unpricedVersions: [] },
      { model: 'grok', inputTokens: 400, outputTokens: 100, estimatedUsd: null, unpricedVersions: ['grok-3'] },
    ]);
  });

  it('removes a price when both are cleared, and refuses a price out of range with the message', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const put = (body: object) => adminCall(t.app, admin.cookie, 'PUT', '/api/admin/model-prices/gemini', body);
    await put({ version: 'gemini-2.5-flash', inputPerMillion: 0.3, outputPerMillion: 2.5 });
    expect((await put({ version: 'gemini-2.5-flash', inputPerMillion: null, outputPerMillion: null })).json()).toEqual({
      message: modelPriceMessages.removed('Gemini', 'gemini-2.5-flash'),
    });
    const prices = (await adminCall(t.app, admin.cookie, 'GET', '/api/admin/model-prices')).json<ModelPrice[]>();
    expect(prices.some((p) => p.model === 'gemini')).toBe(false);
    const refused = await put({ version: 'gemini-2.5-flash', inputPerMillion: -1, outputPerMillion: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(modelPriceMessages.priceInvalid);
  });
});
