import type Stripe from 'stripe';
import { stripeIdOf } from './subscription-state';

/** The price credited for unused time on a change's invoice: the plan the change left. */
export function creditedPriceOf(invoice: Stripe.Invoice): string | null {
  for (const line of invoice.lines?.data ?? []) {
    if (!line.parent?.subscription_item_details?.proration || line.amount >= 0) continue;
    const price = line.pricing?.price_details?.price;
    if (price) return stripeIdOf(price);
  }
  return null;
}
