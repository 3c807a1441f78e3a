import type { ServerResponse } from 'node:http';
import type { FakeStripe } from './stripe';
import { backdateSubscription, expireIncomplete } from './stripe-attempts';
import { completionRedirect } from './stripe-checkout';
import type { CardDetails } from './stripe-objects';
import { respondJson, StripeFakeError } from './stripe-wire';

// Test controls over HTTP, for a fake running in another process (e2e, `npm run dev`). They need
// no API key and take JSON. Every control answers with the object it changed, rendered as the
// API would.
//
//   GET    /__fake/state | /__fake/requests | /__fake/events | /__fake/deliveries
//   POST   /__fake/reset
//   POST   /__fake/webhook            {"url": "...", "secret": "whsec_..."}  (DELETE stops forwarding)
//   POST   /__fake/subscriptions/:id/pay       {"card": {"brand": "visa", "last4": "4242"}}?
//   POST   /__fake/subscriptions/:id/fail | /advance | /end
//   POST   /__fake/subscriptions/:id/expire        an unpaid incomplete one expires, as Stripe does after 23 h
//   POST   /__fake/subscriptions/:id/backdate  {"hours": 25}  it (and its invoices) were made that much earlier
//   POST   /__fake/checkout/sessions/:id/complete  {"email"?, "name"?, "card"?}
//   POST   /__fake/checkout/sessions/:id/expire
//   POST   /__fake/customers/:id/cards  {"brand"?, "last4"?, "expMonth"?, "expYear"?, "makeDefault"?}
//   GET    /__fake/checkout/pay/:id     a minimal hosted Checkout page (a session's `url`)
//   POST   /__fake/checkout/pay/:id     "pays" it and redirects to its success_url

interface ControlBody {
  card?: CardDetails;
  email?: string;
  name?: string;
  url?: string;
  secret?: string;
  makeDefault?: boolean;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  hours?: number;
}

export function handleControl(
  fake: FakeStripe,
  method: string,
  path: string,
  rawBody: string,
  res: ServerResponse,
): void {
  let body: ControlBody;
  try {
    // The pay page's form posts an empty urlencoded body; everything else sends JSON.
    body = rawBody.trim().startsWith('{') ? (JSON.parse(rawBody) as ControlBody) : {};
  } catch {
    return respondJson(res, 400, { error: { message: 'expected a JSON body' } });
  }
  try {
    const answer = control(fake, method, path, body, res);
    if (answer !== undefined) respondJson(res, 200, answer);
  } catch (error) {
    const status = error instanceof StripeFakeError ? error.status : 400;
    respondJson(res, status, { error: { message: error instanceof Error ? error.message : String(error) } });
  }
}

function control(fake: FakeStripe, method: string, path: string, body: ControlBody, res: ServerResponse): unknown {
  const state = fake.state;
  // The path's id when it matches `pattern` (or the pattern itself when it has no :id).
  const at = (pattern: string): string | undefined => {
    const match = new RegExp(`^/__fake/${pattern.replace(':id', '([^/]+)')}$`).exec(path);
    return match ? decodeURIComponent(match[1] ?? pattern) : undefined;
  };
  if (method === 'GET') {
    if (at('state')) return fake.state.dump();
    if (at('requests')) return fake.requests;
    if (at('events')) return state.events;
    if (at('deliveries')) return fake.deliveries;
    const payPage = at('checkout/pay/:id');
    if (payPage) return checkoutPage(fake, payPage, res);
  }
  if (method === 'POST' && at('reset')) {
    fake.reset();
    return { reset: true };
  }
  if (at('webhook')) {
    if (method === 'DELETE') fake.setWebhook(null);
    else if (body.url && body.secret) fake.setWebhook({ url: body.url, secret: body.secret });
    else throw new Error('expected {"url": ..., "secret": ...}');
    return { webhook: body.url ?? null };
  }
  if (method !== 'POST') throw new StripeFakeError(404, `unknown fake control ${method} ${path}`);

  const sub = (action: string) => at(`subscriptions/:id/${action}`);
  const session = (action: string) => at(`checkout/sessions/:id/${action}`);
  let id: string | undefined;
  if ((id = sub('pay'))) return fake.payInvoice(id, body.card);
  if ((id = sub('fail'))) return fake.failPayment(id);
  if ((id = sub('advance'))) return fake.advancePeriod(id);
  if ((id = sub('end'))) return fake.endPeriod(id);
  if ((id = sub('expire'))) return state.render(expireIncomplete(state, id));
  if ((id = sub('backdate')))
    return state.render(backdateSubscription(state, id, Math.round((body.hours ?? 0) * 3600)));
  if ((id = session('complete'))) return fake.completeCheckout(id, body);
  if ((id = session('expire'))) return fake.expireCheckout(id);
  if ((id = at('customers/:id/cards'))) return fake.addCard(id, body);
  if ((id = at('checkout/pay/:id'))) {
    const completed = fake.completeCheckout(id, {});
    const next = completionRedirect(completed);
    res.writeHead(next ? 303 : 200, next ? { location: next } : { 'content-type': 'text/plain' });
    res.end(next ? '' : 'Paid (fake Stripe). You can close this page.');
    return undefined;
  }
  throw new StripeFakeError(404, `unknown fake control ${method} ${path}`);
}

/** Enough of Stripe's hosted page to click through in a browser during local work. */
function checkoutPage(fake: FakeStripe, id: string, res: ServerResponse): undefined {
  const session = fake.state.get(fake.state.checkoutSessions, id);
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const lines = (session.line_items?.data ?? [])
    .map(
      (item) =>
        `<li>${escape(item.description ?? '')}: ${(item.amount_total / 100).toFixed(2)} ${item.currency.toUpperCase()}</li>`,
    )
    .join('');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>
<h1>Fake Stripe Checkout (test mode, no real payment)</h1>
<p>Session ${escape(session.id)}: ${escape(String(session.status))}</p><ul>${lines}</ul>
<p>Total: ${((session.amount_total ?? 0) / 100).toFixed(2)} ${escape((session.currency ?? 'usd').toUpperCase())}</p>
${session.status === 'open' ? `<form method="post"><button type="submit">Pay with test card 4242</button></form>` : ''}
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel</a></p>` : ''}
</body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
  return undefined;
}
