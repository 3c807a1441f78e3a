import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../../common/messages';
import type { PublicUser } from '../../../common/user-schemas';
import {
  heldResponse,
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
} from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { SupportPage } from './support-page';

const signedIn = makePublicUser({ id: 3, username: 'grace', email: 'grace@example.com' });

function renderSupport(user: PublicUser | null, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    ...handlers,
  });
  const view = renderPage(<SupportPage />, {
    path: '/support',
    routes: [{ path: '/', element: <p>Home stand-in</p> }],
  });
  return { ...fake, ...view };
}

const supportRequests = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/support');

describe('SupportPage', () => {
  it("shows the schema's messages for an empty form and sends nothing", async () => {
    const { user, requests } = renderSupport(null);
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(supportRequests(requests)).toHaveLength(0);
  });

  it('tells the visitor how and when they will get an answer', async () => {
    renderSupport(null);
    expect(await screen.findByText('We answer by email, typically within one business day.')).toBeInTheDocument();
  });

  it('prefills the signed-in user, sends the form and shows the confirmation', async () => {
    const answer = heldResponse({ json: { message: serverMessages.supportSent } });
    const { user, requests } = renderSupport(signedIn, { 'POST /api/support': answer.handler });
    expect(await screen.findByLabelText('Name')).toHaveValue('grace');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Billing question');
    await user.type(screen.getByLabelText('Message'), 'Why was I charged twice this month?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.release();

    expect(await screen.findByRole('heading', { name: 'Message sent' })).toHaveFocus();
    expect(screen.getByText(serverMessages.supportSent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Parallax' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
    expect(supportRequests(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/support',
        body: {
          name: 'grace',
          email: 'grace@example.com',
          subject: 'Billing question',
          message: 'Why was I charged twice this month?',
        },
      },
    ]);
  });

  it("keeps the form and shows the server's message when sending fails", async () => {
    const { user } = renderSupport(null, {
      'POST /api/support': { status: 429, json: { message: 'Too many attempts. Please wait 1 hour and try again.' } },
    });
    await user.type(await screen.findByLabelText('Name'), 'Alan');
    await user.type(screen.getByLabelText('Email'), 'alan@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Something is not working.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message not sent')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait 1 hour and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Something is not working.');
  });

  it("puts the server's field errors under their fields", async () => {
    const { user } = renderSupport(signedIn, {
      'POST /api/support': {
        status: 400,
        json: { message: 'Invalid request', errors: { subject: 'Please enter a subject' } },
      },
    });
    await user.type(await screen.findByLabelText('Subject'), 'Hi');
    await user.type(screen.getByLabelText('Message'), 'A long enough message.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
  });
});
