import type { Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';
import type { StripeLoader } from './stripe-loader';

// Stand-ins for Stripe.js in component tests: the real script comes from js.stripe.com, which tests
// (and this machine) never reach. They are passed to the pages as their `stripeLoader`.

/** Stripe.js failing to load (the script's error event). */
export const failingLoader: StripeLoader = () => Promise.reject(new Error('Failed to load Stripe.js'));

/** Stripe.js never answering: the page's timeout has to decide. */
export const hangingLoader: StripeLoader = () => new Promise(() => {});

type Listener = (payload: unknown) => void;

/**
 * Just enough of a Stripe instance for @stripe/react-stripe-js: `elements()` gives a Payment
 * Element that reports ready (or a load error), and the confirm calls are spies.
 */
export function fakeStripe({
  confirmPayment = async () => ({ paymentIntent: { id: 'pi_1', client_secret: 'pi_1_secret', status: 'succeeded' } }),
  confirmSetup = async () => ({ setupIntent: { id: 'seti_1', status: 'succeeded' } }),
  elementLoadError,
}: {
  confirmPayment?: (...args: unknown[]) => Promise<unknown>;
  confirmSetup?: (...args: unknown[]) => Promise<unknown>;
  elementLoadError?: string;
} = {}) {
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
    update: vi.fn(),
    on(event: string, listener: Listener) {
      // The real element reports once it has drawn its iframe; here, on the next tick.
      if (event === 'ready' && !elementLoadError) setTimeout(() => listener(element));
      if (event === 'loaderror' && elementLoadError) {
        setTimeout(() => listener({ elementType: 'payment', error: { message: elementLoadError } }));
      }
      return element;
    },
    off: vi.fn(),
  };
  const elements = {
    create: vi.fn(() => element),
    getElement: vi.fn(() => element),
    update: vi.fn(),
    submit: vi.fn(async () => ({})),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmPayment: vi.fn(confirmPayment),
    confirmSetup: vi.fn(confirmSetup),
  };
  const loader: StripeLoader = vi.fn(async () => stripe as unknown as Stripe);
  return { stripe, elements, loader };
}
