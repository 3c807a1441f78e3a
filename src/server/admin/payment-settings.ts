import type { FastifyRequest } from 'fastify';
import { inArray, isNotNull, or } from 'drizzle-orm';
import {
  paymentSettingsPlans,
  type ModeKeys,
  type StripeKeys,
  type StripeKeysInput,
} from '../../common/admin-settings-schemas';
import { NO_SUBSCRIPTION } from '../../common/subscription-state';
import type { PaymentMode } from '../../common/billing-schemas';
import type { PlanService } from '../billing/plans';
import { stripeSettingKeys, type StripeGateway } from '../billing/stripe-gateway';
import { endPaidAllowance } from '../allowance/changes';
import type { Database } from '../db/client';
import { subscriptionEvents, users } from '../db/schema';
import { maskSecret } from '../settings/secret-box';
import type { SettingsService } from '../settings/service';
import type { UserRow } from '../users/repository';
import { recordAudit } from '../audit/audit-log';
import { conflict } from '../http/errors';
import { adminServerMessages as m } from '../../common/admin-messages';

const priceFields = { basic: 'priceIdBasic', standard: 'priceIdStandard', unlimited: 'priceIdUnlimited' } as const;

/** The Payment Settings screen: keys per mode (secrets sealed at rest, masked on the way out), price ids and Payment Links. */
export class PaymentSettings {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly gateway: StripeGateway,
    private readonly plans: PlanService,
  ) {}

  async read(): Promise<StripeKeys> {
    const mode = await this.gateway.activeMode();
    const [test, live] = await Promise.all([this.describe('test'), this.describe('live')]);
    const active = mode === 'live' ? live : test;
    const prices = await Promise.all(paymentSettingsPlans.map((id) => this.plans.find(id)));
    const priceOf = (id: string) => prices.find((p) => p?.id === id)?.stripePriceId ?? '';
    return {
      mode,
      publicKey: active.publicKey,
      secretKey: active.secretKey,
      webhookSecret: active.webhookSecret,
      priceIdBasic: priceOf('basic'),
      priceIdStandard: priceOf('standard'),
      priceIdUnlimited: priceOf('unlimited'),
      configured: active.source !== 'none' && active.publicKey !== '',
      test,
      live,
    };
  }

  private async describe(mode: PaymentMode): Promise<ModeKeys> {
    const keys = await this.gateway.keysFor(mode, paymentSettingsPlans);
    return {
      publicKey: keys.publishableKey ?? '',
      secretKey: maskSecret(keys.secretKey) ?? '',
      webhookSecret: maskSecret(keys.webhookSecret) ?? '',
      source: keys.source,
      paymentLinks: Object.fromEntries(paymentSettingsPlans.map((id) => [id, keys.paymentLinks[id] ?? ''])),
    };
  }

  async save(request: FastifyRequest, admin: UserRow, input: StripeKeysInput): Promise<void> {
    const { mode } = input;
    const changed: string[] = [];
    const previousMode = await this.gateway.activeMode();
    // Clearing is for leaving test mode: on a site already live it would orphan paying customers.
    const clearing = input.clearCustomerIds === true && mode === 'live';
    if (clearing && previousMode === 'live') throw conflict(m.clearOnlyWhenGoingLive);
    // Cleared before the mode changes: if clearing fails, the site is still in test mode and the
    // admin is asked again on the next save.
    const cleared = clearing ? await this.clearCustomerIds() : 0;
    await this.settings.set(stripeSettingKeys.mode, mode);
    // Blank keys keep what is saved: the form never holds the saved secrets to send them back.
    if (input.publicKey) {
      await this.settings.set(stripeSettingKeys.publishableKey(mode), input.publicKey);
      changed.push('publicKey');
    }
    if (input.secretKey) {
      await this.settings.set(stripeSettingKeys.secretKey(mode), input.secretKey, { secret: true });
      changed.push('secretKey');
    }
    if (input.webhookSecret) {
      await this.settings.set(stripeSettingKeys.webhookSecret(mode), input.webhookSecret, { secret: true });
      changed.push('webhookSecret');
    }
    for (const planId of paymentSettingsPlans) {
      const priceId = input[priceFields[planId]];
      if (priceId !== undefined) {
        const plan = await this.plans.find(planId);
        if (plan && (plan.stripePriceId ?? '') !== priceId) {
          await this.plans.update(planId, { stripePriceId: priceId || null });
          changed.push(priceFields[planId]);
        }
      }
      const link = input.paymentLinks?.[planId];
      if (link !== undefined) {
        await this.settings.set(stripeSettingKeys.paymentLink(mode, planId), link || null);
        changed.push(`paymentLinks.${planId}`);
      }
    }
    await recordAudit(this.db, request.ip, {
      actorUserId: admin.id,
      action: 'admin.payment_settings',
      details: { mode, changed, clearedUsers: cleared },
    });
  }

  /**
   * Going live: test-mode customers and subscriptions do not exist in live mode, so every stored id
   * is dropped, and the test subscriptions' access ends (those users subscribe again for real).
   */
  private async clearCustomerIds(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const subscribed = await tx
        .select({ id: users.id, status: users.subscriptionStatus, tier: users.subscriptionTier })
        .from(users)
        .where(isNotNull(users.stripeSubscriptionId));
      if (subscribed.length > 0) {
        await tx.insert(subscriptionEvents).values(
          subscribed.map((u) => ({
            userId: u.id,
            eventType: 'payment_mode_reset',
            previousStatus: u.status,
            newStatus: null,
            previousTier: u.tier,
            newTier: 'free',
          })),
        );
      }
      // Those whose test subscription is dropped lose its status and allowance with it.
      if (subscribed.length > 0) {
        await tx
          .update(users)
          .set(NO_SUBSCRIPTION)
          .where(
            inArray(
              users.id,
              subscribed.map((u) => u.id),
            ),
          );
        await endPaidAllowance(
          tx,
          subscribed.map((u) => u.id),
          'payments-reset',
        );
      }
      const cleared = await tx
        .update(users)
        .set({ stripeCustomerId: null, stripeSubscriptionId: null, updatedAt: new Date() })
        .where(or(isNotNull(users.stripeCustomerId), isNotNull(users.stripeSubscriptionId)))
        .returning({ id: users.id });
      return cleared.length;
    });
  }
}
