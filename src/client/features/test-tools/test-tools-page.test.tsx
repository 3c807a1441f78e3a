import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testToolsMessages } from '../../../common/test-tools-messages';
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
      'POST /api/reset-user': {
        json: {
          message: 'Account tester has been reset, and its subscription was cancelled at Stripe.',
          cancelledSubscriptions: ['sub_1'],
        },
      },
    });
    const { user: person } = renderPage(<TestToolsPage />, { path: '/test-tools' });
    expect(await screen.findByText('test')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Reset account' }));
    expect(requests.some((r) => r.path === '/api/reset-user')).toBe(false);
    await person.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset account' }));
    expect(
      await screen.findByText('Account tester has been reset, and its subscription was cancelled at Stripe.'),
    ).toBeInTheDocument();
    // The caller's own account only: no user is named.
    expect(requests.filter((r) => r.path === '/api/reset-user').map((r) => r.body)).toEqual([undefined]);
    expect(screen.getByText(/You can reset at most 3 times an hour\./)).toBeInTheDocument();
  });

  it('switches the reset off in live mode and still explains webhook testing', async () => {
    installFakeFetch({
      'GET /api/me': meAs(user),
      'GET /api/stripe/config': { json: { mode: 'live', publishableKey: 'pk_live_x', configured: true } },
    });
    renderPage(<TestToolsPage />, { path: '/test-tools' });
    expect(await screen.findByText(testToolsMessages.liveMode)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset account' })).toBeDisabled());
    expect(screen.getByRole('heading', { name: 'Testing webhooks' })).toBeInTheDocument();
  });

  it('switches the reset off in test mode without a Stripe test key', async () => {
    installFakeFetch({
      'GET /api/me': meAs(user),
      'GET /api/stripe/config': { json: { mode: 'test', publishableKey: null, configured: false } },
    });
    renderPage(<TestToolsPage />, { path: '/test-tools' });
    expect(await screen.findByText(testToolsMessages.notConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset account' })).toBeDisabled();
  });

  it('shows the server refusal, such as the hourly limit, in the toast', async () => {
    installFakeFetch({
      'GET /api/me': meAs(user),
      'GET /api/stripe/config': { json: { mode: 'test', publishableKey: 'pk_test_x', configured: true } },
      'POST /api/reset-user': {
        status: 429,
        json: { message: 'Too many attempts. Please wait 60 minutes and try again.' },
      },
    });
    const { user: person } = renderPage(<TestToolsPage />, { path: '/test-tools' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset account' })).toBeEnabled());
    await person.click(screen.getByRole('button', { name: 'Reset account' }));
    await person.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset account' }));
    expect(await screen.findByText('Too many attempts. Please wait 60 minutes and try again.')).toBeInTheDocument();
  });
});
