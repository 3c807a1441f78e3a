import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminToastMessages } from '../../../../common/admin-messages';
import { requiredWebhookEvents } from '../../../../common/stripe-webhook-events';
import { paymentSettingsTexts as t } from './settings-texts';
import { PaymentSettingsSection } from './payment-settings-section';
import { failure, makeStripeKeys, renderSection, sent } from '../shared/section-test-data';

const GENERATE = '/api/admin/generate-webhook-key';
const NEW_KEY = 'whk_7d1f0c2b9a8e4d6f';

function renderWebhooks(handlers: Parameters<typeof renderSection>[1] = {}) {
  return renderSection(<PaymentSettingsSection />, {
    'GET /api/admin/stripe-keys': { json: makeStripeKeys() },
    'GET /api/admin/webhook-key': { json: { apiKey: '••••••••9f3a' } },
    ...handlers,
  });
}

const webhooks = (mode: 'Test' | 'Live') => screen.getByRole('region', { name: `Webhooks (${mode})` });

describe('payment settings, webhooks', () => {
  it('shows the masked key, the endpoint URL, the required events and the test tip', async () => {
    renderWebhooks();
    expect(await screen.findByText('••••••••9f3a')).toBeInTheDocument();
    const area = webhooks('Test');
    const endpoint = `${window.location.origin}/stripe-webhook`;
    expect(within(area).getByText(endpoint)).toBeInTheDocument();
    const events = within(area).getByRole('list', { name: 'Required webhook events' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...requiredWebhookEvents]);
    expect(within(area).getByText(t.testTip)).toBeInTheDocument();
    expect(within(area).getByText(`stripe listen --forward-to ${endpoint}`)).toBeInTheDocument();
    expect(within(area).queryByText(t.liveSecurity)).not.toBeInTheDocument();
  });

  it('carries the security note on the live tab', async () => {
    const { user } = renderWebhooks();
    await user.click(await screen.findByRole('tab', { name: 'Live' }));
    expect(within(webhooks('Live')).getByText(t.liveSecurity)).toBeInTheDocument();
    expect(within(webhooks('Live')).queryByText(t.testTip)).not.toBeInTheDocument();
  });

  it("copies the endpoint URL and says 'Copied!'", async () => {
    const { user } = renderWebhooks();
    await screen.findByText('••••••••9f3a');
    await user.click(within(webhooks('Test')).getByRole('button', { name: 'Copy webhook endpoint URL' }));
    expect(await screen.findByText(adminToastMessages.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/stripe-webhook`);
  });

  it('generates a new key after confirming, shows it whole once and copies it', async () => {
    const { user, requests } = renderWebhooks({ [`POST ${GENERATE}`]: { json: { apiKey: NEW_KEY } } });
    await screen.findByText('••••••••9f3a');
    await user.click(within(webhooks('Test')).getByRole('button', { name: t.generateWebhookKey }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Generate New Key' }));

    expect(await screen.findByText(NEW_KEY)).toBeInTheDocument();
    expect(screen.getByText(t.webhookKeyNew)).toBeInTheDocument();
    expect(sent(requests, 'POST', GENERATE)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copy webhook API key' }));
    expect(await screen.findByText(adminToastMessages.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    // The key belongs to the server, not to a mode: the live tab shows the same new key.
    await user.click(screen.getByRole('tab', { name: 'Live' }));
    expect(within(webhooks('Live')).getByText(NEW_KEY)).toBeInTheDocument();
  });

  it('does not generate a key when the confirmation is cancelled', async () => {
    const { user, requests } = renderWebhooks({ [`POST ${GENERATE}`]: { json: { apiKey: NEW_KEY } } });
    await screen.findByText('••••••••9f3a');
    await user.click(within(webhooks('Test')).getByRole('button', { name: t.generateWebhookKey }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'POST', GENERATE)).toHaveLength(0);
    expect(screen.getByText('••••••••9f3a')).toBeInTheDocument();
  });

  it("generates the first key without asking, and toasts 'Failed to generate webhook API key.' on failure", async () => {
    const { user } = renderWebhooks({
      'GET /api/admin/webhook-key': { json: { apiKey: null } },
      [`POST ${GENERATE}`]: failure(),
    });
    expect(await screen.findByText(t.webhookKeyNone)).toBeInTheDocument();
    await user.click(within(webhooks('Test')).getByRole('button', { name: t.generateWebhookKey }));
    expect(await screen.findByText(adminToastMessages.generateWebhookKeyFailed)).toBeInTheDocument();
  });
});
