import { asc, eq, isNull, and } from 'drizzle-orm';
import type { Plan } from '../../common/billing-schemas';
import { planSeeds } from '../../common/plans';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { subscriptionPlans } from '../db/schema';
import type { StripeGateway } from './stripe-gateway';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** Inserts the spec's plans once; the environment's price ids attach to plans that have none. */
export async function seedPlans(db: Database, config: Config): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(planSeeds.map((p) => ({ ...p, currency: 'usd', interval: 'month' })))
    .onConflictDoNothing();
  for (const [planId, priceId] of Object.entries(config.stripe.prices)) {
    if (!priceId) continue;
    await db
      .update(subscriptionPlans)
      .set({ stripePriceId: priceId })
      .where(and(eq(subscriptionPlans.id, planId), isNull(subscriptionPlans.stripePriceId)));
  }
}

export class PlanService {
  constructor(
    private readonly db: Database,
    private readonly stripe: StripeGateway,
  ) {}

  async find(planId: string): Promise<PlanRow | undefined> {
    const [row] = await this.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
    return row;
  }

  async findByPrice(priceId: string): Promise<PlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.stripePriceId, priceId))
      .limit(1);
    return row;
  }

  /** Active plans for visitors; the test plan only while payments run in test mode. */
  async listOffered(): Promise<Plan[]> {
    const { mode } = await this.stripe.current();
    const rows = await this.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.isActive, true))
      .orderBy(asc(subscriptionPlans.sortOrder));
    const offered = rows.filter((p) => !p.testOnly || mode === 'test');
    return Promise.all(offered.map((p) => this.toPlan(p)));
  }

  async toPlan(row: PlanRow): Promise<Plan> {
    return {
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      description: row.description,
      price: row.price,
      currency: row.currency,
      interval: row.interval,
      features: row.features,
      limits: { queries: row.queryLimit },
      isActive: row.isActive,
      isPopular: row.isPopular,
      testOnly: row.testOnly,
      stripePriceId: row.stripePriceId,
      paymentLink: await this.stripe.paymentLink(row.id),
    };
  }
}
