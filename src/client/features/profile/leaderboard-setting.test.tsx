import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { ProfilePage } from './profile-page';

// The profile's leaderboard switch (issue 14, item 4).

async function findToast(text: string) {
  return within(await screen.findByRole('region', { name: /notifications/i })).findByText(text);
}

describe('the leaderboard switch on the profile', () => {
  it('turns showing one’s questions off and on, saying so', async () => {
    const user = makePublicUser();
    const { requests } = installFakeFetch({
      'GET /api/me': meAs(user),
      'PUT /api/profile/leaderboard': (request) => ({
        json: { ...user, contributesToLeaderboard: (request.body as { contributes: boolean }).contributes },
      }),
    });
    const view = renderPage(<ProfilePage />, { path: '/profile' });
    const toggle = await screen.findByRole('checkbox', { name: 'Show my disputed questions on the leaderboard' });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('link', { name: 'reliability leaderboard' })).toHaveAttribute('href', '/leaderboard');
    await view.user.click(toggle);
    expect(await findToast('Your questions will not be shown on the leaderboard.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(requests).toContainEqual({ method: 'PUT', path: '/api/profile/leaderboard', body: { contributes: false } });
    await view.user.click(toggle);
    expect(await findToast('Your disputed questions may be shown on the leaderboard.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('keeps the switch as it was when the change fails', async () => {
    installFakeFetch({
      'GET /api/me': meAs(makePublicUser({ contributesToLeaderboard: false })),
      'PUT /api/profile/leaderboard': { status: 500, json: { message: 'Database unavailable' } },
    });
    const view = renderPage(<ProfilePage />, { path: '/profile' });
    const toggle = await screen.findByRole('checkbox', { name: 'Show my disputed questions on the leaderboard' });
    expect(toggle).not.toBeChecked();
    await view.user.click(toggle);
    expect(await findToast('Database unavailable')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
  });
});
