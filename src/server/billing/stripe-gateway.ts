import Stripe from 'stripe';
import type { PaymentMode } from '../../common/billing-schemas';
import type { Config } from '../config';
import type { SettingsService } from '../settings/service';

// The one module that constructs the Stripe SDK (docs/architecture.md, "House rules", rule 4). Keys come from the
// admin console for the active mode, with the environment as fallback; STRIPE_API_BASE points the
// SDK at another host (the loopback fake in tests).

export const stripeSettingKeys = {
  mode: 'stripe.mode',
  publishableKey: (mode: PaymentMode) => `stripe.${mode}.publishableKey`,
  secretKey: (mode: PaymentMode) => `stripe.${mode}.secretKey`,
  webhookSecret: (mode: PaymentMode) => `stripe.${mode}.webhookSecret`,
  paymentLink: (mode: PaymentMode, planId: string) => `stripe.${mode}.paymentLink.${planId}`,
} as const;

export interface StripeSettings {
  mode: PaymentMode;
  publishableKey: string | undefined;
  secretKey: string | undefined;
  webhookSecret: string | undefined;
}

export interface ModeKeys {
  publishableKey: string | undefined;
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** Where the secret key comes from. */
  source: 'settings' | 'environment' | 'none';
  paymentLinks: Record<string, string | undefined>;
}

export class StripeGateway {
  private cached: { secretKey: string; client: Stripe } | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly config: Config,
  ) {}

  async current(): Promise<StripeSettings> {
    const mode = await this.activeMode();
    const { publishableKey, secretKey, webhookSecret } = await this.keysFor(mode);
    return { mode, publishableKey, secretKey, webhookSecret };
  }

  async activeMode(): Promise<PaymentMode> {
    const savedMode = (await this.settings.get(stripeSettingKeys.mode)) as PaymentMode | undefined;
    return savedMode ?? this.config.stripe.mode ?? inferMode(this.config.stripe.secretKey);
  }

  /** One mode's keys and Payment Links: the admin console's where saved, else the environment's for its own mode. */
  async keysFor(mode: PaymentMode, planIds: readonly string[] = []): Promise<ModeKeys> {
    const linkKeys = planIds.map((planId) => stripeSettingKeys.paymentLink(mode, planId));
    const saved = await this.settings.getMany([
      stripeSettingKeys.publishableKey(mode),
      stripeSettingKeys.secretKey(mode),
      stripeSettingKeys.webhookSecret(mode),
      ...linkKeys,
    ]);
    const env = this.environmentFor(mode);
    const savedSecret = saved[stripeSettingKeys.secretKey(mode)];
    const secretKey = savedSecret ?? env?.secretKey;
    return {
      publishableKey: saved[stripeSettingKeys.publishableKey(mode)] ?? env?.publishableKey,
      secretKey,
      webhookSecret: saved[stripeSettingKeys.webhookSecret(mode)] ?? env?.webhookSecret,
      source: savedSecret ? 'settings' : secretKey ? 'environment' : 'none',
      paymentLinks: Object.fromEntries(
        planIds.map((planId, i) => [planId, saved[linkKeys[i]!] ?? env?.paymentLinks[planId]]),
      ),
    };
  }

  /** The environment's keys belong to the environment's mode; they never stand in for the other one. */
  private environmentFor(mode: PaymentMode) {
    const envMode = this.config.stripe.mode ?? inferMode(this.config.stripe.secretKey);
    return envMode === mode ? this.config.stripe : undefined;
  }

  /** The SDK for the active mode, or null when no secret key is configured. */
  async client(): Promise<Stripe | null> {
    const { secretKey } = await this.current();
    if (!secretKey) return null;
    if (this.cached?.secretKey === secretKey) return this.cached.client;
    const base = this.config.stripe.apiBase ? new URL(this.config.stripe.apiBase) : undefined;
    const client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Parallax' },
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    this.cached = { secretKey, client };
    return client;
  }
}

function inferMode(secretKey: string | undefined): PaymentMode {
  return secretKey?.startsWith('sk_live_') ? 'live' : 'test';
}

/** Stripe's webhook verification, offline: the same SDK function whatever the key. */
export function constructWebhookEvent(payload: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
