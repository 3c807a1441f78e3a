import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminToastMessages } from '../../../../common/admin-messages';
import { paymentSettingsTexts as t } from './settings-texts';
import { PaymentSettingsSection } from './payment-settings-section';
import { failure, makeStripeKeys, renderSection, sent } from '../shared/section-test-data';

const KEYS = '/api/admin/stripe-keys';
type Handlers = Parameters<typeof renderSection>[1];

function renderSettings(handlers: Handlers = {}, keys = makeStripeKeys()) {
  return renderSection(<PaymentSettingsSection />, {
    [`GET ${KEYS}`]: { json: keys },
    'GET /api/admin/webhook-key': { json: { apiKey: '••••••••9f3a' } },
    [`POST ${KEYS}`]: { json: { message: 'Settings Saved' } },
    ...handlers,
  });
}

const posted = (requests: ReturnType<typeof renderSettings>['requests']) =>
  sent(requests, 'POST', KEYS).map((request) => request.body);

describe('payment settings', () => {
  it('edits only the selected mode: test keys editable, live keys read-only', async () => {
    const { user } = renderSettings();
    const publicKey = await screen.findByLabelText('Public key');
    expect(screen.getByRole('radio', { name: 'Test mode' })).toBeChecked();
    expect(publicKey).toHaveValue('pk_test_51Abc');
    expect(publicKey).not.toHaveAttribute('readonly');
    const secret = screen.getByLabelText('Secret key');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', '••••••••4242');
    expect(screen.getByLabelText('Webhook secret')).toHaveAttribute('placeholder', '••••••••beef');
    expect(screen.getByText(t.sourceSettings)).toBeInTheDocument();
    expect(screen.getByLabelText('Basic payment link')).toHaveValue('https://buy.stripe.com/test_basic');
    expect(screen.getByLabelText('Basic price ID')).toHaveValue('price_basic');

    await user.click(screen.getByRole('button', { name: 'Show Test secret key' }));
    expect(secret).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('tab', { name: 'Live' }));
    expect(screen.getByLabelText('Public key')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Secret key')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Standard payment link')).toHaveAttribute('readonly');
    expect(
      screen.getByText('These keys are read-only. Switch the active mode to Live to edit them.'),
    ).toBeInTheDocument();
    expect(screen.getByText(t.sourceNone)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Live mode' }));
    expect(screen.getByLabelText('Public key')).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    expect(screen.getByLabelText('Public key')).toHaveAttribute('readonly');
  });

  it('checks key prefixes for the mode and payment links before sending', async () => {
    const { user, requests } = renderSettings();
    await user.type(await screen.findByLabelText('Secret key'), 'sk_live_123');
    const publicKey = screen.getByLabelText('Public key');
    await user.clear(publicKey);
    await user.type(publicKey, 'pk_live_123');
    await user.type(screen.getByLabelText('Standard payment link'), 'http://example.com/pay');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Invalid Secret Key')).toBeInTheDocument();
    expect(screen.getByText('Invalid Public Key')).toBeInTheDocument();
    expect(screen.getByText('Enter the Payment Link as a full https:// address')).toBeInTheDocument();
    expect(screen.getByLabelText('Secret key')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(requests)).toEqual([]);
  });

  it('saves test mode with the typed secret, changed price ids and the payment links, never clearCustomerIds', async () => {
    const { user, requests } = renderSettings();
    await user.type(await screen.findByLabelText('Secret key'), 'sk_test_new');
    await user.type(screen.getByLabelText('Standard payment link'), 'https://buy.stripe.com/test_standard');
    const basicPrice = screen.getByLabelText('Basic price ID');
    await user.clear(basicPrice);
    await user.type(basicPrice, 'price_basic_v2');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(adminToastMessages.settingsSaved)).toBeInTheDocument();
    expect(posted(requests)).toEqual([
      {
        mode: 'test',
        secretKey: 'sk_test_new',
        priceIdBasic: 'price_basic_v2',
        paymentLinks: {
          basic: 'https://buy.stripe.com/test_basic',
          standard: 'https://buy.stripe.com/test_standard',
          unlimited: '',
        },
      },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancels the save when the live-payments warning is declined', async () => {
    const { user, requests } = renderSettings();
    await user.click(await screen.findByRole('radio', { name: 'Live mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const warning = await screen.findByRole('alertdialog', { name: t.liveWarningTitle });
    expect(warning).toHaveTextContent('real payments');
    await user.click(within(warning).getByRole('button', { name: t.liveWarningDismiss }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted(requests)).toEqual([]);
  });

  it('goes live after both questions, clearing the stored customer ids when asked to', async () => {
    const { user, requests } = renderSettings();
    await user.click(await screen.findByRole('radio', { name: 'Live mode' }));
    expect(screen.getByRole('tab', { name: 'Live' })).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByLabelText('Public key'), 'pk_live_abc');
    await user.type(screen.getByLabelText('Secret key'), 'sk_live_abc');
    await user.type(screen.getByLabelText('Webhook secret'), 'whsec_live');
    await user.type(screen.getByLabelText('Basic payment link'), 'https://buy.stripe.com/live_basic');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.liveWarningConfirm }),
    );
    const question = await screen.findByRole('alertdialog', { name: t.clearIdsTitle });
    expect(question).toHaveTextContent('Highly recommended');
    expect(question).toHaveTextContent('will need to subscribe again');
    await user.click(within(question).getByRole('button', { name: t.clearIdsConfirm }));

    expect(await screen.findByText(adminToastMessages.settingsSaved)).toBeInTheDocument();
    expect(posted(requests)).toEqual([
      {
        mode: 'live',
        publicKey: 'pk_live_abc',
        secretKey: 'sk_live_abc',
        webhookSecret: 'whsec_live',
        paymentLinks: { basic: 'https://buy.stripe.com/live_basic', standard: '', unlimited: '' },
        clearCustomerIds: true,
      },
    ]);
  });

  it('goes live keeping the customer ids when the second question is answered no', async () => {
    const { user, requests } = renderSettings();
    await user.click(await screen.findByRole('radio', { name: 'Live mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.liveWarningConfirm }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog', { name: t.clearIdsTitle })).getByRole('button', {
        name: t.clearIdsKeep,
      }),
    );
    await screen.findByText(adminToastMessages.settingsSaved);
    expect(posted(requests)).toEqual([
      { mode: 'live', paymentLinks: { basic: '', standard: '', unlimited: '' }, clearCustomerIds: false },
    ]);
    // Both questions answered, the keyboard is back where it was: on the button that asked them.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveFocus());
  });

  it('saves an already-live site without asking again and without clearCustomerIds', async () => {
    const live = makeStripeKeys({
      mode: 'live',
      live: { ...makeStripeKeys().test, publicKey: 'pk_live_1', paymentLinks: {} },
    });
    const { user, requests } = renderSettings({}, live);
    await user.type(await screen.findByLabelText('Secret key'), 'sk_live_rotated');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText(adminToastMessages.settingsSaved);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted(requests)).toEqual([
      { mode: 'live', secretKey: 'sk_live_rotated', paymentLinks: { basic: '', standard: '', unlimited: '' } },
    ]);
  });

  it("shows the server's field errors on the fields, and falls back to 'Failed to save Stripe settings.'", async () => {
    let reason = true;
    const { user } = renderSettings({
      [`POST ${KEYS}`]: () =>
        reason
          ? { status: 400, json: { message: 'Stripe rejected the key', errors: { secretKey: 'Invalid Secret Key' } } }
          : { status: 500, text: '' },
    });
    await user.type(await screen.findByLabelText('Secret key'), 'sk_test_revoked');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Stripe rejected the key')).toBeInTheDocument();
    expect(screen.getByText('Invalid Secret Key')).toBeInTheDocument();
    expect(screen.getByLabelText('Secret key')).toHaveAttribute('aria-invalid', 'true');

    reason = false;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(adminToastMessages.stripeSettingsFailed)).toBeInTheDocument();
  });

  it("asks the admin to configure payments with a 'Note' when they are not", async () => {
    const empty = makeStripeKeys({
      configured: false,
      publicKey: '',
      secretKey: '',
      webhookSecret: '',
      test: { publicKey: '', secretKey: '', webhookSecret: '', source: 'none', paymentLinks: {} },
    });
    renderSettings({}, empty);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(`Note: ${t.notConfigured}`);
    expect(screen.getByLabelText('Secret key')).toHaveAttribute('placeholder', 'sk_test_...');
  });

  it('reports settings that cannot be loaded', async () => {
    renderSettings({ [`GET ${KEYS}`]: failure() });
    expect(await screen.findAllByText(adminToastMessages.loadAdminData)).toHaveLength(2);
  });
});
