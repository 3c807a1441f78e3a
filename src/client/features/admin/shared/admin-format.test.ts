import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, humanize, paidQuestionsText, sessionIdOf } from './admin-format';

describe('the console’s value formats', () => {
  it('turns status words and Stripe event types into text', () => {
    expect(humanize('past_due')).toBe('Past due');
    expect(humanize('customer.subscription.created')).toBe('Customer subscription created');
    expect(humanize('unlimited')).toBe('Unlimited');
  });

  it('shows -1 paid questions as Unlimited and session ids without their prefix', () => {
    expect(paidQuestionsText(-1)).toBe('Unlimited');
    expect(paidQuestionsText(2001)).toBe('2,001');
    expect(sessionIdOf('session_abc123')).toBe('abc123');
  });

  it('shows a dash, not Invalid Date or NaN, for missing or broken values', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(499, 'usd')).toBe('$4.99');
  });
});
