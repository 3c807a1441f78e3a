import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allConfigured, makeUser, renderHome, settled } from './test-fixtures';

function picker() {
  return within(screen.getByRole('region', { name: 'AI Models' }));
}

function checked() {
  return picker()
    .getAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-checked') === 'true')
    .map((box) => box.id.replace('model-', ''));
}

describe('Model picker', () => {
  it('offers the seven chatbots with their providers and selects ChatGPT, Grok and Gemini by default', async () => {
    renderHome();
    expect(picker().getAllByRole('checkbox')).toHaveLength(7);
    expect(picker().getByText('Anthropic')).toBeInTheDocument();
    expect(checked()).toEqual(['chatgpt', 'grok', 'gemini']);
    await settled();
  });

  it('disables the unselected models at three, so a fourth cannot be added', async () => {
    const { user } = renderHome();
    const claude = picker().getByRole('checkbox', { name: 'Claude' });
    expect(claude).toBeDisabled();
    await user.click(picker().getByText('Claude'));
    expect(checked()).toEqual(['chatgpt', 'grok', 'gemini']);

    await user.click(picker().getByRole('checkbox', { name: 'Grok' }));
    expect(claude).toBeEnabled();
    await user.click(claude);
    expect(checked()).toEqual(['chatgpt', 'gemini', 'claude']);
    await settled();
  });

  it('keeps the last selected model: it cannot be removed', async () => {
    const { user } = renderHome();
    await user.click(picker().getByRole('checkbox', { name: 'Grok' }));
    await user.click(picker().getByRole('checkbox', { name: 'Gemini' }));
    expect(checked()).toEqual(['chatgpt']);
    const chatgpt = picker().getByRole('checkbox', { name: 'ChatGPT' });
    expect(chatgpt).toBeDisabled();
    await user.click(chatgpt);
    expect(checked()).toEqual(['chatgpt']);
    await settled();
  });

  it('remembers the selection across reloads', async () => {
    const { user, unmount } = renderHome();
    await user.click(picker().getByRole('checkbox', { name: 'Grok' }));
    await user.click(picker().getByRole('checkbox', { name: 'Perplexity' }));
    await settled();
    unmount();
    renderHome();
    expect(checked()).toEqual(['chatgpt', 'gemini', 'perplexity']);
    await settled();
  });

  it('flags models that need a key and opens the key dialog with that model', async () => {
    const { user } = renderHome({ 'GET /api/api-status': { json: { ...allConfigured, deepseek: false } } });
    await user.click(await picker().findByRole('button', { name: 'Configure DeepSeek' }));
    expect(picker().getAllByText('needs key')).toHaveLength(1);
    const dialog = await screen.findByRole('dialog', { name: 'Configure API Connection' });
    expect(within(dialog).getByRole('combobox', { name: 'AI model' })).toHaveValue('deepseek');
    expect(within(dialog).getByRole('combobox', { name: 'Model version (optional)' })).toHaveValue('deepseek-chat');
    expect(within(dialog).getByText('Please log in to save an API key.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await settled();
  });
});

describe('API key dialog', () => {
  async function openDialog(handlers = {}) {
    const view = renderHome(
      { 'GET /api/api-status': { json: { ...allConfigured, claude: false } }, ...handlers },
      { user: makeUser() },
    );
    await view.user.click(await picker().findByRole('button', { name: 'Configure Claude' }));
    return { ...view, dialog: within(await screen.findByRole('dialog', { name: 'Configure API Connection' })) };
  }

  it('asks for a key before saving', async () => {
    const { user, dialog, requests } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('API Key Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter an API key')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/api-key')).toHaveLength(0);
    await settled();
  });

  it('saves the key and version, then reads the model status again', async () => {
    const { user, dialog, requests } = await openDialog({
      'POST /api/api-key': { json: { message: 'API configuration saved' } },
    });
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Model version (optional)' }), 'claude-opus-4-1');
    await user.type(dialog.getByLabelText('API key'), 'sk-ant-123');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('API configuration saved')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/api-key')?.body).toMatchObject({
      model: 'claude',
      apiKey: 'sk-ant-123',
      apiVersion: 'claude-opus-4-1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/api-status')).toHaveLength(2));
    await settled();
  });

  it("offers the vendor's own list of versions, and an administrator can have it read again", async () => {
    const listed = (versions: string[]) => ({
      json: {
        model: 'claude',
        versions,
        defaultVersion: 'claude-sonnet-4-5',
        source: 'vendor',
        fetchedAt: new Date().toISOString(),
      },
    });
    const view = renderHome(
      {
        'GET /api/api-status': { json: { ...allConfigured, claude: false } },
        'GET /api/model-versions/claude': (request) =>
          request.path.endsWith('?refresh=true')
            ? listed(['claude-opus-5'])
            : listed(['claude-opus-4-1-20250805', 'claude-sonnet-4-5-20250929']),
      },
      { user: makeUser({ role: 'admin', isAdmin: true }) },
    );
    await view.user.click(await picker().findByRole('button', { name: 'Configure Claude' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Configure API Connection' }));
    const version = dialog.getByRole('combobox', { name: 'Model version (optional)' });
    await waitFor(() => expect(dialog.getByText(/^Listed by Anthropic/)).toBeInTheDocument());
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['claude-sonnet-4-5 (default)', 'claude-opus-4-1-20250805', 'claude-sonnet-4-5-20250929']);
    await view.user.click(dialog.getByRole('button', { name: 'Refresh list' }));
    await waitFor(() =>
      expect(
        within(version)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('claude-opus-5'),
    );
    await settled();
  });

  it('lets the version be typed when the vendor could not be asked', async () => {
    const { user, dialog, requests } = await openDialog({
      'GET /api/model-versions/claude': {
        json: {
          model: 'claude',
          versions: ['claude-sonnet-4-5'],
          defaultVersion: 'claude-sonnet-4-5',
          source: 'catalogue',
          fetchedAt: null,
          problem: 'The provider could not be reached.',
        },
      },
      'POST /api/api-key': { json: { message: 'API configuration saved' } },
    });
    expect(await dialog.findByText(/The provider could not be reached\./)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Refresh list' })).toBeNull();
    const version = dialog.getByRole('combobox', { name: 'Model version (optional)' });
    await user.clear(version);
    await user.type(version, 'claude-next-preview');
    await user.type(dialog.getByLabelText('API key'), 'sk-ant-123');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/api-key')?.body).toMatchObject({
        apiVersion: 'claude-next-preview',
      }),
    );
    await settled();
  });

  it('shows the server message when saving fails', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/api-key': { status: 400, json: { message: 'That key was rejected' } },
    });
    await user.type(dialog.getByLabelText('API key'), 'bad');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save configuration')).toBeInTheDocument();
    expect(screen.getByText('That key was rejected')).toBeInTheDocument();
    await settled();
  });
});
