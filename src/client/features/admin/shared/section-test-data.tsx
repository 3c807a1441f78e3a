import { configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AdminPayment, SubscriptionEvent } from '../../../../common/admin-billing-schemas';
import type { StripeKeys } from '../../../../common/admin-settings-schemas';
import {
  installFakeFetch,
  type FakeHandler,
  type FakeResponse,
  type RecordedRequest,
} from '../../../../../tests/helpers/fake-fetch';
import { renderPage } from '../../../../../tests/helpers/render';

// Shared by the tests of the payments, subscriptions, email, payment-settings and admin-settings
// sections: each renders one section inside the app's providers, with fetch answered from a table.

// These sections render large forms; on a busy two-core machine a file's first render can pass
// Testing Library's 1 s default wait, so the tests that use this module wait a little longer.
configure({ asyncUtilTimeout: 3000 });

export function renderSection(element: ReactElement, handlers: Record<string, FakeHandler | FakeResponse>) {
  const fake = installFakeFetch(handlers);
  const view = renderPage(element, { path: '/admin', at: '/admin' });
  return { ...fake, ...view };
}

export const failure = (message = 'Database unavailable'): FakeResponse => ({ status: 500, json: { message } });

export const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path.split('?')[0] === path);

export function makePayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 101,
    userId: 7,
    username: 'ada',
    amount: 1999,
    currency: 'usd',
    status: 'succeeded',
    planId: 'standard',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<SubscriptionEvent> = {}): SubscriptionEvent {
  return {
    id: 40,
    userId: 7,
    username: 'ada',
    eventType: 'customer.subscription.updated',
    previousStatus: 'free',
    newStatus: 'active',
    previousTier: 'free',
    newTier: 'standard',
    createdAt: '2026-11-19T12:00:00.000Z',
    ...overrides,
  };
}

export function makeStripeKeys(overrides: Partial<StripeKeys> = {}): StripeKeys {
  return {
    mode: 'test',
    publicKey: 'pk_test_51Abc',
    secretKey: '••••••••4242',
    webhookSecret: '••••••••beef',
    priceIdBasic: 'price_basic',
    priceIdStandard: 'price_standard',
    priceIdUnlimited: 'price_unlimited',
    configured: true,
    test: {
      publicKey: 'pk_test_51Abc',
      secretKey: '••••••••4242',
      webhookSecret: '••••••••beef',
      source: 'settings',
      paymentLinks: { basic: 'https://buy.stripe.com/test_basic' },
    },
    live: { publicKey: '', secretKey: '', webhookSecret: '', source: 'none', paymentLinks: {} },
    ...overrides,
  };
}
