import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import { IMPERSONATING_KEY, ORIGINAL_ADMIN_ID_KEY } from '../../../lib/browser-storage';
import { toastMessages } from '../../../../common/messages';
import { makePublicUser } from '../../../../../tests/helpers/users';
import { findToast, renderAdmin, requestsTo, rootAdmin, type RenderAdminOptions } from '../shared/admin-test-data';
import { ImpersonationBanner } from './impersonation-banner';

const END = '/api/admin/end-impersonation';
const impersonated = makePublicUser({ impersonatedBy: rootAdmin.id });

function renderBanner(options: RenderAdminOptions = {}) {
  const redirect = vi.fn();
  const view = renderAdmin(
    <>
      <ImpersonationBanner redirect={redirect} />
      <p>Home page</p>
    </>,
    { path: '/', ...options },
  );
  return { ...view, redirect };
}

const returnButton = () => screen.findByRole('button', { name: adminToastMessages.returnToAdmin });

describe('impersonation banner', () => {
  it('stays hidden for an ordinary visit', async () => {
    const { requests } = renderBanner({ me: makePublicUser() });
    await waitFor(() => expect(requestsTo(requests, 'GET', '/api/me')).toHaveLength(1));
    await screen.findByText('Home page');
    expect(screen.queryByText(adminToastMessages.impersonationBanner)).not.toBeInTheDocument();
  });

  it('shows from the session-storage flag before /api/me has answered', async () => {
    sessionStorage.setItem(IMPERSONATING_KEY, 'true');
    renderBanner({ me: makePublicUser() });
    expect(screen.getByText(adminToastMessages.impersonationBanner)).toBeInTheDocument();
    expect(await returnButton()).toBeEnabled();
  });

  it('shows when /api/me reports the impersonation, names the user being viewed, and sets both flags', async () => {
    renderBanner({ me: impersonated });
    expect(await screen.findByText(`Viewing as ${impersonated.username}`)).toBeInTheDocument();
    expect(screen.queryByText(adminToastMessages.impersonationBanner)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBe('true');
    expect(sessionStorage.getItem(ORIGINAL_ADMIN_ID_KEY)).toBe(String(rootAdmin.id));
  });

  it('ends the impersonation, clears the flags and loads /admin afresh', async () => {
    sessionStorage.setItem(IMPERSONATING_KEY, 'true');
    sessionStorage.setItem(ORIGINAL_ADMIN_ID_KEY, '1');
    const { user, redirect, requests } = renderBanner({
      me: impersonated,
      handlers: { [`POST ${END}`]: { json: { message: adminServerMessages.impersonationEnded, user: rootAdmin } } },
    });
    await user.click(await returnButton());

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/admin'));
    expect(requestsTo(requests, 'POST', END)).toHaveLength(1);
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBeNull();
    expect(sessionStorage.getItem(ORIGINAL_ADMIN_ID_KEY)).toBeNull();
  });

  it('keeps the banner with a red toast when ending fails', async () => {
    sessionStorage.setItem(IMPERSONATING_KEY, 'true');
    const { user, redirect } = renderBanner({
      me: impersonated,
      handlers: { [`POST ${END}`]: { status: 500, json: { message: 'Database unavailable' } } },
    });
    await user.click(await returnButton());

    expect(await findToast(toastMessages.endImpersonationFailed)).toBeInTheDocument();
    expect(await findToast('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText(`Viewing as ${impersonated.username}`)).toBeInTheDocument();
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBe('true');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('clears stale flags and hides when the server says this is no impersonation', async () => {
    sessionStorage.setItem(IMPERSONATING_KEY, 'true');
    sessionStorage.setItem(ORIGINAL_ADMIN_ID_KEY, '1');
    const { user, redirect } = renderBanner({
      me: makePublicUser(),
      handlers: { [`POST ${END}`]: { status: 403, json: { message: adminServerMessages.notImpersonating } } },
    });
    await user.click(await returnButton());

    await waitFor(() => expect(screen.queryByText(adminToastMessages.impersonationBanner)).not.toBeInTheDocument());
    expect(sessionStorage.getItem(IMPERSONATING_KEY)).toBeNull();
    expect(sessionStorage.getItem(ORIGINAL_ADMIN_ID_KEY)).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });
});
