import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SharedReport } from '../../../common/share-schemas';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { QueryDetailPage } from './query-detail-page';
import { history, SESSION_ID, savedQuery } from './query-test-data';
import { SharedReportPage } from './shared-report-page';

// Share (issue 14, item 1): the owner makes, copies and revokes a question's link from its page; anyone
// opening the link sees the comparison read-only, with 'Ask this yourself'.

const SLUG = 'AbCdEfGhIjKlMnOpQrStUv';
const LINK = { slug: SLUG, url: `https://parallax.example/r/${SLUG}`, createdAt: '2026-11-20T12:00:00.000Z' };

beforeEach(() => {
  localStorage.setItem('parallaxSessionId', SESSION_ID);
});

async function findToast(text: string | RegExp) {
  return within(await screen.findByRole('region', { name: /notifications/i })).findByText(text);
}

describe('Share on a question’s page', () => {
  it('makes the link, copies it, and stops sharing after a confirmation', async () => {
    const { requests } = installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/2': { json: savedQuery(2) },
      'GET /api/query/2/share': { json: { share: null } },
      'POST /api/query/2/share': { json: { share: LINK } },
      'DELETE /api/query/2/share': { json: { share: null } },
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/2' });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(requests).toContainEqual({ method: 'POST', path: '/api/query/2/share', body: { sessionId: SESSION_ID } });
    expect(await screen.findByRole('textbox', { name: /anyone with this link/i })).toHaveValue(LINK.url);
    expect(writeText).toHaveBeenCalledWith(LINK.url);
    expect(await findToast('Link copied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', LINK.url);

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop sharing this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(await findToast('Sharing stopped')).toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'DELETE',
      path: `/api/query/2/share?sessionId=${SESSION_ID}`,
      body: undefined,
    });
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /anyone with this link/i })).not.toBeInTheDocument();
  });

  it('shows an existing link at once', async () => {
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/2': { json: savedQuery(2) },
      'GET /api/query/2/share': { json: { share: LINK } },
    });
    renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/2' });
    expect(await screen.findByRole('textbox', { name: /anyone with this link/i })).toHaveValue(LINK.url);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('says why sharing failed', async () => {
    installFakeFetch({
      [`GET /api/history/${SESSION_ID}`]: { json: history },
      'GET /api/query/3': { json: savedQuery(3) },
      'GET /api/query/3/share': { json: { share: null } },
      'POST /api/query/3/share': {
        status: 400,
        json: { message: 'Only a question with at least one answer can be shared.' },
      },
    });
    const { user } = renderPage(<QueryDetailPage />, { path: '/query/:queryId', at: '/query/3' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await findToast('Only a question with at least one answer can be shared.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });
});

const query = savedQuery(2);
const report: SharedReport = {
  sharedAt: '2026-11-20T12:00:00.000Z',
  query: {
    text: query.text,
    createdAt: query.createdAt,
    selectedModels: query.selectedModels,
    responses: query.responses,
    comparisonSummary: query.comparisonSummary,
    webSearch: false,
    followUps: [
      {
        text: 'And who opened it?',
        createdAt: query.createdAt,
        selectedModels: ['chatgpt'],
        responses: [savedQuery(3).responses[0]!],
        comparisonSummary: null,
      },
    ],
  },
};

describe('/r/:slug', () => {
  it('shows the question, the comparison, each answer and the follow-ups, read-only, with Ask this yourself', async () => {
    const { requests } = installFakeFetch({ [`GET /api/shared/${SLUG}`]: { json: report } });
    const { user, router } = renderPage(<SharedReportPage />, {
      path: '/r/:slug',
      at: `/r/${SLUG}`,
      routes: [{ path: '/', element: <p>Home stand-in</p> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: query.text })).toBeInTheDocument();
    expect(document.title).toBe(`${query.text} · Parallax`);
    expect(screen.getByText(/Shared comparison · Nov 20, 2026 · ChatGPT, Grok, Gemini/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'AI Comparison Analysis' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Confidence ranking' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'And who opened it?' })).toBeInTheDocument();
    // Nothing that changes the question: no retry, re-check, follow-up box, share or delete.
    for (const name of [/retry/i, /settle this/i, /share/i, /delete/i, /ask a follow-up/i])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(requests.every((r) => r.method === 'GET')).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Ask this yourself' }));
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe(query.text);
    expect(params.get('models')).toBe('chatgpt,grok,gemini');
  });

  it('says a revoked or unknown link is not found, and offers to retry other failures', async () => {
    installFakeFetch({
      [`GET /api/shared/${SLUG}`]: { status: 404, json: { message: 'gone' } },
      'GET /api/shared/ZZZZZZZZZZZZZZZZZZZZZZ': { status: 500, json: { message: 'Database unavailable' } },
    });
    renderPage(<SharedReportPage />, { path: '/r/:slug', at: `/r/${SLUG}` });
    expect(await screen.findByRole('heading', { name: 'Comparison not found' })).toBeInTheDocument();
    expect(screen.getByText('This shared comparison does not exist or was unshared by its owner.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask your own question' })).toHaveAttribute('href', '/');

    renderPage(<SharedReportPage />, { path: '/r/:slug', at: '/r/ZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(await screen.findByRole('heading', { name: 'Could not load this comparison' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
