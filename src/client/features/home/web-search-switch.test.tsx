import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHome, settled } from './test-fixtures';

// "Search the web" on Home (issue 17, item 2): offered while the administrator allows it, with what it
// adds to the vendors' bills for the models picked; remembered; sent with the question.

const streamPath = 'POST /api/query/stream';

describe('Search the web', () => {
  it('shows what it adds for the models picked and asks with search on', async () => {
    const { user, requests } = renderHome({ [streamPath]: { status: 500, json: { message: 'boom' } } });
    const search = await screen.findByRole('switch', { name: 'Search the web' });
    expect(search).not.toBeChecked();
    await user.click(search);
    expect(search).toBeChecked();
    // ChatGPT, Grok and Gemini: 1¢ + 0.5¢ + 3.5¢.
    expect(search).toHaveAccessibleDescription('Adds about 5¢ in vendor search fees to this question.');
    expect(localStorage.getItem('parallaxWebSearch')).toBe('on');

    await user.click(screen.getByRole('checkbox', { name: /Gemini/ }));
    await user.click(screen.getByRole('checkbox', { name: /DeepSeek/ }));
    expect(search).toHaveAccessibleDescription(
      'Adds about 1.5¢ in vendor search fees to this question. DeepSeek cannot search the web and will answer from training alone.',
    );

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'How tall is the Eiffel Tower?{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/query/stream')?.body).toMatchObject({
      selectedModels: ['chatgpt', 'grok', 'deepseek'],
      webSearch: true,
    });
    await settled();
  });

  it('cannot be turned on, nor is sent, when no model picked searches only when asked', async () => {
    localStorage.setItem('parallaxWebSearch', 'on');
    localStorage.setItem('parallaxSelectedModels', JSON.stringify(['deepseek', 'perplexity']));
    const { user, requests } = renderHome({ [streamPath]: { status: 500, json: { message: 'boom' } } });
    const search = await screen.findByRole('switch', { name: 'Search the web' });
    expect(search).toBeDisabled();
    expect(search).not.toBeChecked();
    expect(search).toHaveAccessibleDescription(
      'None of the models picked can be asked to search the web. Perplexity searches the web for every answer.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Anything?{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/query/stream')?.body).not.toHaveProperty('webSearch');
    await settled();
  });

  it('is not offered, nor sent, while the administrator has turned it off', async () => {
    localStorage.setItem('parallaxWebSearch', 'on');
    const { user, requests } = renderHome({
      'GET /api/query-options': { json: { webSearchAllowed: false } },
      [streamPath]: { status: 500, json: { message: 'boom' } },
    });
    await settled();
    expect(screen.queryByRole('switch', { name: 'Search the web' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Anything?{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/query/stream')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/query/stream')?.body).not.toHaveProperty('webSearch');
    await settled();
  });
});
