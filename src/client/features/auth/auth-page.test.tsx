import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { anonymousMe, makePublicUser, signedInMe } from '../../../../tests/helpers/users';
import { AuthPage } from './auth-page';

const standIns = [
  { path: '/', element: <p>Home stand-in</p> },
  { path: '/admin', element: <p>Admin stand-in</p> },
];

describe('/auth', () => {
  it('sends a signed-in user to /', async () => {
    installFakeFetch({ 'GET /api/me': signedInMe(makePublicUser()) });
    renderPage(<AuthPage />, { path: '/auth', routes: standIns });
    expect(await screen.findByText('Home stand-in')).toBeInTheDocument();
  });

  it('sends a signed-in administrator to /admin', async () => {
    installFakeFetch({ 'GET /api/me': signedInMe(makePublicUser({ role: 'admin', isAdmin: true })) });
    renderPage(<AuthPage />, { path: '/auth', routes: standIns });
    expect(await screen.findByText('Admin stand-in')).toBeInTheDocument();
  });

  it('opens on the Login tab and switches to Register and back', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    const { user, router } = renderPage(<AuthPage />, { path: '/auth' });
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('form', { name: 'Register' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=register');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });

  it('opens on the Register tab with ?tab=register', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    renderPage(<AuthPage />, { path: '/auth', at: '/auth?tab=register' });
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('states the three promises of the product', async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    renderPage(<AuthPage />, { path: '/auth' });
    expect(await screen.findByText('Compare responses from leading AI models')).toBeInTheDocument();
    expect(screen.getByText('Identify agreements and disagreements')).toBeInTheDocument();
    expect(screen.getByText('Get confidence scores for each response')).toBeInTheDocument();
  });

  it("speaks to people, not in the specification's words", async () => {
    installFakeFetch({ 'GET /api/me': anonymousMe });
    renderPage(<AuthPage />, { path: '/auth' });
    const panel = await screen.findByRole('region', { name: /One question, several AI answers/ });
    expect(panel).toHaveTextContent('Know which answer holds up best before you rely on it.');
    expect(panel).not.toHaveTextContent(/whole-number|percent|analysis trusts|ignores style/i);
  });
});
