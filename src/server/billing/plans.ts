import { asc, eq, isNull, and, max } from 'drizzle-orm';
import type { AdminPlanUpdate } from '../../common/admin-billing-schemas';
import type { Plan } from '../../common/billing-schemas';
import { planSeeds } from '../../common/plans';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { subscriptionPlans } from '../db/schema';
import type { StripeGateway } from './stripe-gateway';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * Inserts the product's plans (docs/product.md, "Free questions and plans") once; the environment's price ids attach
 * to plans that have none.
 */
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
    return this.toPlans(rows.filter((p) => !p.testOnly || mode === 'test'));
  }

  /** Every plan, inactive and test ones included, for the admin console. */
  async listAll(): Promise<Plan[]> {
    const rows = await this.db
      .select()
      .from(subscriptionPlans)
      .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
    return this.toPlans(rows);
  }

  /** Inserts a new plan after the others; returns undefined when the name (its id) is taken. */
  async create(input: PlanValues & { name: string }): Promise<PlanRow | undefined> {
    const [last] = await this.db.select({ order: max(subscriptionPlans.sortOrder) }).from(subscriptionPlans);
    const [row] = await this.db
      .insert(subscriptionPlans)
      .values({
        id: input.name,
        ...toColumns(input),
        sortOrder: (last?.order ?? 0) + 1,
      } as typeof subscriptionPlans.$inferInsert)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async update(planId: string, patch: AdminPlanUpdate): Promise<PlanRow | undefined> {
    const [row] = await this.db
      .update(subscriptionPlans)
      .set({ ...toColumns(patch), updatedAt: new Date() })
      .where(eq(subscriptionPlans.id, planId))
      .returning();
    return row;
  }

  async toPlan(row: PlanRow): Promise<Plan> {
    return (await this.toPlans([row]))[0]!;
  }

  /** Rows as the API's plans; the active mode's Payment Links are read once for all of them. */
  async toPlans(rows: PlanRow[]): Promise<Plan[]> {
    const { paymentLinks } = await this.stripe.keysFor(
      await this.stripe.activeMode(),
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
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
      paymentLink: paymentLinks[row.id] ?? null,
    }));
  }
}

type PlanValues = AdminPlanUpdate;

/** The API's plan body to table columns: `limits.queries` is the query_limit column. */
function toColumns(values: PlanValues & { name?: string }): Partial<typeof subscriptionPlans.$inferInsert> {
  const { limits, ...rest } = values;
  const columns: Partial<typeof subscriptionPlans.$inferInsert> = { ...rest };
  if (limits) columns.queryLimit = limits.queries;
  return columns;
}
