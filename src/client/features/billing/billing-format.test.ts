import { describe, expect, it } from 'vitest';
import type { BillingSubscription } from '../../../common/billing-schemas';
import {
  brandName,
  formatExpiry,
  formatPeriodDate,
  formatPlanPrice,
  isManageable,
  statusBadges,
} from './billing-format';

function subscription(overrides: Partial<BillingSubscription> = {}): BillingSubscription {
  return {
    id: 'sub_1',
    status: 'active',
    currentPeriodStart: 1_767_268_800,
    currentPeriodEnd: 1_769_947_200,
    cancelAtPeriodEnd: false,
    plan: { id: 'price_standard', nickname: 'Standard', amount: 1999, currency: 'usd', interval: 'month' },
    ...overrides,
  };
}

describe('billing formatting', () => {
  it("writes unix seconds as 'MMM d, yyyy' and anything else as N/A", () => {
    // Noon UTC, so every time zone sees the same day.
    expect(formatPeriodDate(Date.UTC(2026, 0, 1, 12) / 1000)).toBe('Jan 1, 2026');
    expect(formatPeriodDate(Date.UTC(2026, 10, 22, 12) / 1000)).toBe('Nov 22, 2026');
    expect(formatPeriodDate(null)).toBe('N/A');
    expect(formatPeriodDate(undefined)).toBe('N/A');
    expect(formatPeriodDate(0)).toBe('N/A');
    expect(formatPeriodDate(Number.NaN)).toBe('N/A');
  });

  it('badges: Cancels Soon for pending_cancellation, Cancels at period end, else the capitalised status', () => {
    expect(statusBadges(subscription()).map((b) => b.label)).toEqual(['Active']);
    expect(statusBadges(subscription({ status: 'past_due' })).map((b) => b.label)).toEqual(['Past due']);
    expect(statusBadges(subscription({ status: 'active', cancelAtPeriodEnd: true })).map((b) => b.label)).toEqual([
      'Active',
      'Cancels at period end',
    ]);
    expect(
      statusBadges(subscription({ status: 'pending_cancellation', cancelAtPeriodEnd: true })).map((b) => b.label),
    ).toEqual(['Cancels Soon', 'Cancels at period end']);
  });

  it('shows the Manage Cancellation tab only for the documented statuses', () => {
    for (const status of ['active', 'past_due', 'trialing', 'unpaid', 'pending_cancellation']) {
      expect(isManageable(subscription({ status }))).toBe(true);
    }
    expect(isManageable(subscription({ status: 'canceled' }))).toBe(false);
    expect(isManageable(subscription({ status: 'incomplete' }))).toBe(false);
    expect(isManageable(null)).toBe(false);
  });

  it('writes price per interval, brands and expiry dates', () => {
    expect(formatPlanPrice(subscription().plan)).toBe('$19.99 / month');
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('other')).toBe('Card');
    expect(brandName('unionpay')).toBe('Unionpay');
    expect(formatExpiry(4, 2030)).toBe('04/2030');
  });
});
