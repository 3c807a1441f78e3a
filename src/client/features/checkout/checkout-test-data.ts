import type { StripeConfig } from '../../../common/billing-schemas';

export const testConfig: StripeConfig = { mode: 'test', publishableKey: 'pk_test_123', configured: true };
export const unconfigured: StripeConfig = { mode: 'live', publishableKey: null, configured: false };
