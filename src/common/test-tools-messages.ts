// The /test-tools page's texts (docs/architecture.md, "Security rules"; decision 0021), once for server, client and
// tests; test-tools.ts holds its limit and its answer's shape.

export const testToolsMessages = {
  resetDone: 'Account {username} has been reset.',
  resetDoneCancelled: 'Account {username} has been reset, and its subscription was cancelled at Stripe.',
  ownAccountOnly: 'The reset applies only to your own account.',
  liveMode: 'Payments are in live mode, so resetting is switched off.',
  notConfigured: 'Payments have no Stripe test key, so resetting is switched off.',
  limit: 'You can reset at most {count} times an hour.',
  resetFailed: 'Could not reset the account.',
} as const;
