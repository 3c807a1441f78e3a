import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anonymousLimitMessages } from '../../../common/anonymous-limit-messages';
import { fairUseMessages } from '../../../common/fair-use-messages';
import { fillMessage } from '../../../common/messages';
import { renderHome, settled } from './test-fixtures';

// The anonymous caps (decision 0022): a 429 with signUpRequired shows the server's reason with the
// way on, an account, instead of an error toast.

const streamPath = 'POST /api/query/stream';
const message = fillMessage(anonymousLimitMessages.addressQuestions, { wait: '5 hours' });

describe('an anonymous cap refusing the question', () => {
  it('shows the message with Sign up and Log in links, and keeps the question', async () => {
    const { user } = renderHome({
      [streamPath]: { status: 429, json: { message, signUpRequired: true }, headers: { 'retry-after': '18000' } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'One more?{Enter}');
    const prompt = await screen.findByRole('region', { name: 'Sign up to keep asking' });
    expect(within(prompt).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('One more?');
    expect(within(prompt).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth?tab=register');
    expect(within(prompt).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
    await settled();
  });

  it('can be dismissed', async () => {
    const { user } = renderHome({ [streamPath]: { status: 429, json: { message, signUpRequired: true } } });
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'One more?{Enter}');
    const prompt = await screen.findByRole('region', { name: 'Sign up to keep asking' });
    await user.click(within(prompt).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Sign up to keep asking' })).not.toBeInTheDocument();
    await settled();
  });

  it('shows any other 429 as the usual error toast, in the server’s words', async () => {
    // The fair-use refusal of a fourth question while three are being answered (decision 0059).
    const inFlight = fillMessage(fairUseMessages.questionsInFlight, { limit: 3 });
    const { user } = renderHome({
      [streamPath]: {
        status: 429,
        json: { message: inFlight, questionsInFlight: true },
        headers: { 'retry-after': '10' },
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'One more?{Enter}');
    expect(await screen.findByText(inFlight)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign up to keep asking' })).not.toBeInTheDocument();
    await settled();
  });
});
