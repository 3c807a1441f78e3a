import type { BillingSubscription, PaymentMethod } from '../../../common/billing-schemas';
import type { PublicUser } from '../../../common/user-schemas';
import {
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from '../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../tests/helpers/render';
import { makePublicUser, meAs } from '../../../../tests/helpers/users';
import { BillingPage } from './billing-page';

/** Noon UTC on the given day, in unix seconds: the same calendar day in every time zone. */
export const noonUtc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 12) / 1000;

/** The server's answer when there is no subscription: a JSON null. */
export const noSubscription: FakeHandler = () =>
  new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });

export function makeSubscription(overrides: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    id: 'sub_123',
    status: 'active',
    currentPeriodStart: noonUtc(2026, 11, 1),
    currentPeriodEnd: noonUtc(2026, 12, 1),
    cancelAtPeriodEnd: false,
    plan: { id: 'price_standard', nickname: 'Standard', amount: 1999, currency: 'usd', interval: 'month' },
    ...overrides,
  };
}

export function makeMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: true, ...overrides };
}

/** A Standard subscriber with a Stripe customer and subscription. */
export const subscriber: PublicUser = makePublicUser({
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_123',
  freeQuestionsRemaining: 0,
  paidQuestionsRemaining: 2001,
  subscriptionStatus: 'active',
  subscriptionTier: 'standard',
});

export function renderBilling({
  at = '/billing',
  user = subscriber,
  subscription = makeSubscription(),
  methods = [makeMethod()],
  handlers = {},
}: {
  at?: string;
  user?: PublicUser | null;
  subscription?: BillingSubscription | null | FakeHandler;
  methods?: PaymentMethod[];
  handlers?: Record<string, FakeHandler | FakeResponse>;
} = {}) {
  const fake = installFakeFetch({
    'GET /api/me': meAs(user),
    'GET /api/billing/subscription':
      typeof subscription === 'function'
        ? subscription
        : subscription === null
          ? noSubscription
          : { json: subscription },
    'GET /api/billing/payment-methods': { json: methods },
    'GET /api/subscription-plans': { status: 500, json: { message: 'not needed' } },
    ...handlers,
  });
  const view = renderPage(<BillingPage />, {
    path: '/billing',
    at,
    routes: [
      { path: '/auth', element: <p>Auth stand-in</p> },
      { path: '/add-payment-method', element: <p>Add card stand-in</p> },
    ],
  });
  return { ...fake, ...view };
}

export const subscriptionReads = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/billing/subscription'));

export const postsTo = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'POST' && r.path === path);
