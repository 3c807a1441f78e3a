import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAiModel } from '../../../../common/admin-settings-schemas';
import { AiModelsSection } from './ai-models-section';
import { renderSection } from '../shared/section-test-data';

// Issue 17, item 4: each AI model's key for everyone, where it comes from, and a key check whose
// verdict is read out next to the model.

const model = (overrides: Partial<AdminAiModel>): AdminAiModel => ({
  model: 'chatgpt',
  displayName: 'ChatGPT',
  provider: 'OpenAI',
  keySource: 'environment',
  maskedKey: '••••••••abcd',
  version: 'gpt-5.1',
  baseUrl: null,
  ...overrides,
});

describe('AI models', () => {
  it('lists each model with its key source and version, and checks a key with the vendor', async () => {
    const { user, requests } = renderSection(<AiModelsSection />, {
      'GET /api/admin/ai-models': {
        json: [
          model({}),
          model({ model: 'claude', displayName: 'Claude', provider: 'Anthropic', keySource: 'admin' }),
          model({ model: 'llama', displayName: 'Llama', provider: 'Meta', keySource: 'none', maskedKey: null }),
        ],
      },
      'POST /api/admin/ai-models/claude/check': {
        json: { ok: false, message: 'The provider did not accept the API key.' },
      },
      'POST /api/admin/ai-models/chatgpt/check': {
        json: { ok: true, message: 'The key works: the provider lists 7 chat models for it.' },
      },
    });
    const list = within(await screen.findByRole('list', { name: 'AI models' }));
    const row = (name: string) => within(list.getByRole('listitem', { name }));
    expect(row('ChatGPT').getByText('From the environment')).toBeInTheDocument();
    expect(row('ChatGPT').getByText('gpt-5.1')).toBeInTheDocument();
    expect(row('ChatGPT').getByText('••••••••abcd')).toBeInTheDocument();
    expect(row('Claude').getByText('Saved in Parallax')).toBeInTheDocument();
    expect(row('Llama').getByText('No key')).toBeInTheDocument();
    expect(row('Llama').getByRole('button', { name: 'Check key for Llama' })).toBeDisabled();

    await user.click(row('Claude').getByRole('button', { name: 'Check key for Claude' }));
    expect(await row('Claude').findByText('The provider did not accept the API key.')).toBeInTheDocument();
    await user.click(row('ChatGPT').getByRole('button', { name: 'Check key for ChatGPT' }));
    expect(await row('ChatGPT').findByText(/The key works/)).toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/check')).map((r) => r.path)).toEqual([
      '/api/admin/ai-models/claude/check',
      '/api/admin/ai-models/chatgpt/check',
    ]);
  });
});

describe('model prices (issue 13, item 4)', () => {
  it('shows the price of the version each model answers with, and sets one, refusing what is not a price', async () => {
    const { user, requests } = renderSection(<AiModelsSection />, {
      'GET /api/admin/ai-models': {
        json: [model({}), model({ model: 'grok', displayName: 'Grok', version: 'grok-4' })],
      },
      'GET /api/admin/model-prices': {
        json: [
          {
            model: 'chatgpt',
            version: 'gpt-5.1',
            inputPerMillion: 1.25,
            outputPerMillion: 10,
            updatedAt: '2026-11-26T00:00:00Z',
          },
          // Another version's price: not the one Grok answers with.
          {
            model: 'grok',
            version: 'grok-3',
            inputPerMillion: 3,
            outputPerMillion: 15,
            updatedAt: '2026-11-26T00:00:00Z',
          },
        ],
      },
      'PUT /api/admin/model-prices/grok': { json: { message: 'Saved the price of Grok grok-4.' } },
    });
    const list = within(await screen.findByRole('list', { name: 'AI models' }));
    const row = (name: string) => within(list.getByRole('listitem', { name }));
    expect(await row('ChatGPT').findByText('$1.25 in / $10.00 out per 1M tokens')).toBeInTheDocument();
    expect(row('Grok').getByText('not set')).toBeInTheDocument();

    await user.click(row('Grok').getByRole('button', { name: 'Set price for Grok' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Price of Grok grok-4' }));
    await user.type(dialog.getByLabelText('Input, $ per 1M tokens'), 'three');
    await user.type(dialog.getByLabelText('Output, $ per 1M tokens'), '15');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(dialog.getByLabelText('Input, $ per 1M tokens')).toHaveAccessibleDescription(
      'Enter a price from 0 to 10000 US dollars per million tokens.',
    );
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Input, $ per 1M tokens'));
    await user.type(dialog.getByLabelText('Input, $ per 1M tokens'), '3');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Saved the price of Grok grok-4.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      version: 'grok-4',
      inputPerMillion: 3,
      outputPerMillion: 15,
    });
  });
});
