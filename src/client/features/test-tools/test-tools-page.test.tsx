import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { TestToolsPage } from './test-tools-page';

const user = makePublicUser({ id: 7, username: 'tester' });

describe('/test-tools', () => {
  it('resets the own account after confirmation while payments are in test mode', async () => {
    const { requests } = installFakeFetch({
      'GET /api/me': meAs(user),
      'GET /api/stripe/config': { json: { mode: 'test', publishableKey: 'pk_test_x', configured: true } },
      'POST /api/reset-user': { json: { message: 'Account tester has been reset' } },
    });
    const { user: person } = renderPage(<TestToolsPage />, { path: '/test-tools' });
    expect(await screen.findByText('test')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Reset account' }));
    expect(requests.some((r) => r.path === '/api/reset-user')).toBe(false);
    await person.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset account' }));
    expect(await screen.findByText('Account tester has been reset')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/reset-user').map((r) => r.body)).toEqual([{ userId: 7 }]);
  });

  it('switches the reset off in live mode and still explains webhook testing', async () => {
    installFakeFetch({
      'GET /api/me': meAs(user),
      'GET /api/stripe/config': { json: { mode: 'live', publishableKey: 'pk_live_x', configured: true } },
    });
    renderPage(<TestToolsPage />, { path: '/test-tools' });
    expect(await screen.findByText('Payments are in live mode, so resetting is switched off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset account' })).toBeDisabled());
    expect(screen.getByRole('heading', { name: 'Testing webhooks' })).toBeInTheDocument();
  });
});
