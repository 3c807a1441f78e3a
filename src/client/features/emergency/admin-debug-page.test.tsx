import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMERGENCY_TOKEN_STORAGE_KEY } from '../../../common/emergency-schemas';
import { emergencyMessages } from '../../../common/emergency-messages';
import { installFakeFetch, type FakeHandler, type FakeResponse } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { NotFoundPage } from '../errors/not-found-page';
import { AdminDebugPage } from './admin-debug-page';
import { adminList, rescueAdmin, rootAdmin, sentTokens, storeToken, TOKEN } from './emergency-test-data';

function renderDebug(handlers: Record<string, FakeHandler | FakeResponse>) {
  const fake = installFakeFetch(handlers);
  const view = renderPage(<AdminDebugPage notFound={<NotFoundPage />} />, {
    path: '/admin-debug',
    routes: [
      { path: '/backdoor-admin', element: <p>Backdoor stand-in</p> },
      { path: '/admin', element: <p>Console stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

const comparisons = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.path === '/api/debug-password-compare').map((r) => r.body);

describe('/admin-debug', () => {
  it('asks for the emergency token first and sends it with the admin list call', async () => {
    const { user, requests, fetchMock } = renderDebug({ 'GET /api/list-all-admins': adminList() });
    expect(screen.getByRole('note')).toHaveTextContent('every use is written to the audit log');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByText(emergencyMessages.tokenRequired)).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('cell', { name: 'root@parallax.test' })).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/list-all-admins']);
    expect(sentTokens(fetchMock)).toEqual([TOKEN]);
    expect(sessionStorage.getItem(EMERGENCY_TOKEN_STORAGE_KEY)).toBe(TOKEN);
  });

  it("shows the app's 404 page when the server runs without emergency access", async () => {
    storeToken();
    renderDebug({ 'GET /api/list-all-admins': { status: 404, json: { message: 'Not found' } } });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('asks again when the server refuses the token', async () => {
    storeToken('an-old-token-that-is-wrong-000');
    let calls = 0;
    const { user, fetchMock } = renderDebug({
      'GET /api/list-all-admins': () =>
        ++calls === 1 ? { status: 401, json: { message: emergencyMessages.tokenInvalid } } : adminList(),
    });
    expect(await screen.findByText(emergencyMessages.tokenInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('cell', { name: 'root@parallax.test' })).toBeInTheDocument();
    expect(sentTokens(fetchMock)).toEqual(['an-old-token-that-is-wrong-000', TOKEN]);
    expect(sessionStorage.getItem(EMERGENCY_TOKEN_STORAGE_KEY)).toBe(TOKEN);
  });

  it('lists the admins with hash type and length, and compares a password with the chosen admin', async () => {
    storeToken();
    const { user, requests, fetchMock } = renderDebug({
      'GET /api/list-all-admins': adminList(),
      'POST /api/debug-password-compare': {
        json: {
          bcryptMatch: true,
          helperMatch: false,
          plaintext: '******',
          plaintextLength: 6,
          hashStart: rescueAdmin.hashPrefix,
          hashLength: 97,
          specialCharsMatch: true,
          adminUsers: [rootAdmin, rescueAdmin],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Admin users' });
    const row = within(table).getByRole('row', { name: /rescue_admin/ });
    expect(within(row).getByRole('cell', { name: String(rescueAdmin.id) })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'argon2id' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '97' })).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password to test'), 'p@sswd');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(screen.getByText(emergencyMessages.bothRequired)).toBeInTheDocument();
    expect(comparisons(requests)).toHaveLength(0);

    const useHash = within(row).getByRole('button', { name: 'Use This Hash of rescue_admin' });
    await user.click(useHash);
    expect(useHash).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('selected-hash')).toHaveTextContent('#5 rescue_admin');
    await user.click(screen.getByRole('button', { name: 'Compare' }));

    const result = await screen.findByRole('region', { name: 'Comparison result' });
    expect(within(result).getByText('Direct match').nextSibling).toHaveTextContent('Match');
    expect(within(result).getByText('Helper match').nextSibling).toHaveTextContent('No match');
    expect(within(result).getByText('Password (masked)').nextSibling).toHaveTextContent('******');
    expect(within(result).getByText('Password length').nextSibling).toHaveTextContent('6');
    expect(within(result).getByText('Hash start').nextSibling).toHaveTextContent(rescueAdmin.hashPrefix);
    expect(within(result).getByText('Hash length').nextSibling).toHaveTextContent('97');
    expect(within(result).getByText('Special characters').nextSibling).toHaveTextContent('Yes');
    expect(comparisons(requests)).toEqual([{ password: 'p@sswd', userId: rescueAdmin.id }]);
    expect(sentTokens(fetchMock)).toEqual([TOKEN, TOKEN]);
    expect(screen.queryByText(emergencyMessages.bothRequired)).not.toBeInTheDocument();
  });

  it('shows the documented inline errors when a call fails', async () => {
    storeToken();
    const { user } = renderDebug({
      'GET /api/list-all-admins': adminList([rootAdmin]),
      'POST /api/debug-password-compare': {
        status: 429,
        json: { message: 'Too many attempts. Please wait 15 minutes and try again.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Use This Hash of root_admin' }));
    await user.type(screen.getByLabelText('Password to test'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error comparing passwords: Too many attempts. Please wait 15 minutes and try again.',
    );
  });

  it('says so inline when the admin list cannot be fetched', async () => {
    storeToken();
    renderDebug({ 'GET /api/list-all-admins': { status: 500, text: 'upstream broke' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching admin users: Failed to fetch admin users',
    );
  });

  it('keeps a reference list of admins and leads to the other admin pages', async () => {
    storeToken();
    const { user } = renderDebug({ 'GET /api/list-all-admins': adminList() });
    const reference = await screen.findByRole('list', { name: 'Admin reference' });
    expect(within(reference).getAllByRole('listitem')).toHaveLength(2);
    expect(within(reference).getByText('no email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin console' })).toHaveAttribute('href', '/admin');
    await user.click(screen.getByRole('link', { name: 'Emergency admin page' }));
    expect(await screen.findByText('Backdoor stand-in')).toBeInTheDocument();
  });

  it('forgets the token on request', async () => {
    storeToken();
    const { user } = renderDebug({ 'GET /api/list-all-admins': adminList() });
    await user.click(await screen.findByRole('button', { name: 'Forget token' }));
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(sessionStorage.getItem(EMERGENCY_TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
