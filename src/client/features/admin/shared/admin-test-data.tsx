import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { AdminUser } from '../../../../common/admin-user-schemas';
import type { PublicUser } from '../../../../common/user-schemas';
import {
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from '../../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../../tests/helpers/users';

// Shared by the console, dashboard, users and impersonation tests of this folder; not a test itself.

/** The signed-in administrator of every console test. */
export const rootAdmin: PublicUser = makePublicUser({
  id: 1,
  username: 'root',
  email: 'root@example.com',
  role: 'admin',
  isAdmin: true,
});

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  // The admin view is the public user without the impersonation marker.
  const { impersonatedBy: _, ...user } = makePublicUser({
    freeQuestionsRemaining: 3,
    subscriptionStatus: 'free',
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  });
  return user;
}

/** The admin view of the signed-in administrator, for their own row in the list. */
export const rootRow: AdminUser = makeAdminUser({
  id: rootAdmin.id,
  username: rootAdmin.username,
  email: rootAdmin.email,
  role: 'admin',
  isAdmin: true,
});

/** GET /api/admin/users answered as the server pages it: the rows and X-Total-Count. */
export function usersPage(items: AdminUser[], total = items.length): FakeResponse {
  return { json: items, headers: { 'X-Total-Count': String(total) } };
}

/** GET /api/admin/users answering each tab (the `kind` parameter) with its own rows. */
export function usersByKind({
  registered = [],
  sessions = [],
}: {
  registered?: AdminUser[];
  sessions?: AdminUser[];
}): FakeHandler {
  return (request) => {
    const kind = new URLSearchParams(request.path.split('?')[1]).get('kind');
    return usersPage(kind === 'sessions' ? sessions : registered);
  };
}

export interface RenderAdminOptions {
  me?: PublicUser | null;
  handlers?: Handlers;
  at?: string;
  path?: string;
  routes?: RouteObject[];
}

export type Handlers = Record<string, FakeHandler | FakeResponse>;

export function renderAdmin(
  element: ReactElement,
  { me = rootAdmin, handlers = {}, path = '/admin', at = path, routes = [] }: RenderAdminOptions = {},
) {
  const fake = installFakeFetch({ 'GET /api/me': meAs(me), ...handlers });
  const view = renderPage(element, { path, at, routes });
  return { ...fake, ...view };
}

/** Requests to one path, whatever their query string. */
export function requestsTo(requests: RecordedRequest[], method: string, path: string): RecordedRequest[] {
  return requests.filter((request) => request.method === method && request.path.split('?')[0] === path);
}

/** The query parameters of the last request to `path`. */
export function lastParams(requests: RecordedRequest[], path: string): URLSearchParams {
  const last = requestsTo(requests, 'GET', path).at(-1);
  return new URLSearchParams(last?.path.split('?')[1] ?? '');
}

/** Radix copies a toast's text into a live region too, so the toast is looked up in its own region. */
export async function findToast(text: string | RegExp) {
  const region = await screen.findByRole('region', { name: /notifications/i });
  return within(region).findByText(text);
}

/** An answer the test releases once it has looked at the pending state. */
export function held(answer: FakeResponse) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer), release };
}

/**
 * A list cell's value as the table shows it from 640 px up: its text without the field label that a phone's card
 * shows above the value (ResponsiveTable puts that label first in every cell).
 */
export function cellValue(cell: HTMLElement): string {
  const label = cell.firstElementChild?.textContent ?? '';
  return (cell.textContent ?? '').slice(label.length);
}

/** The labels of a row's fields on a phone's card, in order. */
export function cardLabels(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.firstElementChild?.textContent ?? '');
}
