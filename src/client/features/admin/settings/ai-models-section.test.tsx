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
