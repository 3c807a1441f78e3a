import path from 'node:path';

export const e2eDataDir = path.resolve('test-results/e2e-data');
export const e2eLogFile = path.resolve('test-results/e2e-server.log');
/** The AI vendor fakes listen here and on the next two ports. */
export const FAKE_VENDOR_PORT = 12150;
/** Small, so a test can reach the end of the free questions. */
export const E2E_FREE_QUESTIONS = 3;
/** The fake Stripe API listens here. */
export const FAKE_STRIPE_PORT = 12111;
export const E2E_WEBHOOK_SECRET = 'whsec_e2e_parallax';
/** The administrator start-server.mjs creates with `admin:create` before the server starts. */
export const E2E_ADMIN = { email: 'owner@parallax.test', username: 'owner', password: 'owner-secret-1' };
