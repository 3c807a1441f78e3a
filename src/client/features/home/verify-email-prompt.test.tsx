import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousLimitMessages } from '../../../common/anonymous-limit-messages';
import { UNVERIFIED_FREE_QUESTIONS } from '../../../common/limits';
import { fillMessage, verificationMessages } from '../../../common/messages';
import { makeUser, renderHome, settled } from './test-fixtures';

// An unverified account's free questions are used for now (issue 32, M1; decision 0060): Home shows
// the server's reason with a way to get a new verification link, instead of an error toast.

const streamPath = 'POST /api/query/stream';
const message = fillMessage(anonymousLimitMessages.verifyToKeepAsking, { count: UNVERIFIED_FREE_QUESTIONS });
const unverified = makeUser({ emailVerified: false });

describe('an unverified account past its free questions', () => {
  it('shows the message with a button that sends a new verification link, and keeps the question', async () => {
    const { user, requests } = renderHome(
      {
        [streamPath]: { status: 403, json: { message, verificationRequired: true } },
        'POST /api/resend-verification': { json: { message: 'A new verification email is on its way.' } },
      },
      { user: unverified },
    );
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'One more?{Enter}');
    const prompt = await screen.findByRole('region', { name: anonymousLimitMessages.verifyTitle });
    expect(within(prompt).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('One more?');

    await user.click(within(prompt).getByRole('button', { name: anonymousLimitMessages.sendNewLink }));
    expect(await within(prompt).findByText(verificationMessages.sent)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/resend-verification')).toHaveLength(1);
    await settled();
  });

  it("shows an address cap's 429 for unverified accounts the same way, and can be dismissed", async () => {
    const capped = fillMessage(anonymousLimitMessages.unverifiedAddressQuestions, { wait: '5 hours' });
    const { user } = renderHome(
      { [streamPath]: { status: 429, json: { message: capped, verificationRequired: true } } },
      { user: unverified },
    );
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'One more?{Enter}');
    const prompt = await screen.findByRole('region', { name: anonymousLimitMessages.verifyTitle });
    expect(within(prompt).getByText(capped)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign up to keep asking' })).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: anonymousLimitMessages.verifyTitle })).not.toBeInTheDocument();
    await settled();
  });
});
