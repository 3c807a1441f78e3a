// Texts of the console's payments, plans, email, payment-settings and admin-account screens that
// admin-messages.ts does not carry; kept here so the screens and their tests read one wording.

export const paymentSettingsTexts = {
  notConfiguredTitle: 'Note',
  notConfigured:
    'Payments are not configured yet. Enter your Stripe keys for the active mode and save, so that visitors can subscribe.',
  readOnlyTab: 'These keys are read-only. Switch the active mode to {mode} to edit them.',
  sourceSettings: 'Saved here',
  sourceEnvironment: 'Server environment',
  sourceNone: 'Not set',
  keepSaved: 'Leave blank to keep the saved value',
  liveWarningTitle: 'Switch to live mode?',
  liveWarning:
    'Live mode takes real payments from real cards. Before you continue: create your live products and prices in Stripe, enter their live price IDs, and update the webhook secret to your live endpoint’s signing secret. Are you ready to accept real payments?',
  liveWarningConfirm: 'Yes, go live',
  liveWarningDismiss: 'Cancel',
  clearIdsTitle: 'Clear stored Stripe customer and subscription IDs?',
  clearIds:
    'Highly recommended: the customer and subscription IDs saved from test mode do not exist in live mode. Users with test subscriptions will need to subscribe again.',
  clearIdsConfirm: 'Yes, clear them',
  clearIdsKeep: 'No, keep them',
  clearIdsCancel: 'Cancel save',
  paymentLinksTitle: 'Payment Links (direct checkout)',
  paymentLinksHint: 'Optional. A Stripe Payment Link per plan sends subscribers straight to Stripe Checkout.',
  priceIdsTitle: 'Price IDs',
  priceIdsHint: 'The Stripe price each plan charges. A blank field removes the price ID.',
  priceIdsOtherMode:
    'These are the {saved} mode’s price IDs. Only the ones you change are saved for {mode} mode, so enter your {mode} prices.',
  webhookKeyTitle: 'Webhook API key',
  webhookKeyHint:
    'A shared secret for your own integrations. Stripe does not use it: its events are checked with the webhook secret above.',
  webhookKeyNone: 'No webhook API key has been generated yet.',
  webhookKeyNew: 'Copy this key now: it will not be shown again.',
  generateWebhookKey: 'Generate New',
  endpointTitle: 'Webhook endpoint URL',
  endpointHint: 'Add this endpoint in the Stripe dashboard (Developers → Webhooks).',
  requiredEventsTitle: 'Required events',
  testTip: 'Tip: to receive events on your own machine, forward them with the Stripe CLI:',
  liveSecurity:
    'Security: your live endpoint must be served over HTTPS. Every event is checked against the webhook signing secret, and unsigned or tampered events are rejected.',
} as const;

export const emailSettingsTexts = {
  apiKeySaved: 'A key is saved ({masked}). Leave blank to keep it.',
  apiKeyNone: 'No key is saved: emails go to the outbox (see Email Logs).',
  outboxHint: 'No SendGrid key is set, so this email was written to the outbox instead of being sent.',
  searchLabel: 'Search by recipient or subject',
  emptyLogsHint: 'Emails the app sends (verification, password reset, welcome, tests) appear here.',
} as const;

export const adminAccountTexts = {
  youTag: 'You',
  /** The Actions field of your own row on a phone's card, where an empty field would look broken. */
  noActionsOnSelf: 'None for your own account',
  removeTitle: 'Remove admin role?',
  removeDescription: '{name} will become a regular user and lose access to this console.',
  removeConfirm: 'Remove admin role',
  removeDismiss: 'Cancel',
  adminCreated: 'Admin Created',
  adminCreatedDescription: '{name} can now sign in to the admin console.',
  createAdminFailed: 'Failed to create admin user',
  adminRemoved: 'Admin role removed',
} as const;

export const planDialogTexts = {
  createTitle: 'Create Subscription Plan',
  editTitle: 'Edit Subscription Plan',
  nameHint: 'The plan id: lowercase letters, numbers, dashes and underscores. It cannot be changed later.',
  queryLimitHint: "A number of questions per period, or 'unlimited'.",
  featuresHint: 'One feature per line.',
} as const;

/** '{name}' style placeholders filled in; unknown names are left as written. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
