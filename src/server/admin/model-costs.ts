import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { COMPARISON_MODEL, modelKeys, type ModelKey } from '../../common/models';
import { estimateUsd, type ModelCost, type ModelPrice, type ModelPriceInput } from '../../common/model-prices';
import type { Database } from '../db/client';
import { modelPrices, responses } from '../db/schema';

// The administrator's price table and the month's cost estimate per model (issue 13, item 4).

export async function listModelPrices(db: Database): Promise<ModelPrice[]> {
  const rows = await db.select().from(modelPrices).orderBy(modelPrices.model, modelPrices.version);
  return rows.map((row) => ({
    model: row.model,
    version: row.version,
    inputPerMillion: Number(row.inputPerMillion),
    outputPerMillion: Number(row.outputPerMillion),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Sets a version's price in one statement, or removes it when both prices are null. 'removed' says which. */
export async function saveModelPrice(
  db: Database,
  model: ModelKey,
  input: ModelPriceInput,
): Promise<'saved' | 'removed'> {
  if (input.inputPerMillion === null && input.outputPerMillion === null) {
    await db.delete(modelPrices).where(and(eq(modelPrices.model, model), eq(modelPrices.version, input.version)));
    return 'removed';
  }
  const values = {
    model,
    version: input.version,
    inputPerMillion: input.inputPerMillion ?? 0,
    outputPerMillion: input.outputPerMillion ?? 0,
    updatedAt: new Date(),
  };
  await db
    .insert(modelPrices)
    .values(values)
    .onConflictDoUpdate({
      target: [modelPrices.model, modelPrices.version],
      set: {
        inputPerMillion: values.inputPerMillion,
        outputPerMillion: values.outputPerMillion,
        updatedAt: values.updatedAt,
      },
    });
  return 'saved';
}

/**
 * This month's tokens per model as the vendors counted them, and what they cost at the prices entered:
 * each version at its own price; versions without one are named, their tokens left out of the sum.
 */
export async function monthModelCosts(db: Database, now = new Date()): Promise<ModelCost[]> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [used, prices] = await Promise.all([
    db
      .select({
        model: responses.model,
        version: responses.modelVersion,
        inputTokens: sql<number>`coalesce(sum(${responses.inputTokens}), 0)::int`,
        outputTokens: sql<number>`coalesce(sum(${responses.outputTokens}), 0)::int`,
      })
      .from(responses)
      .where(
        and(
          gte(responses.createdAt, monthStart),
          ne(responses.model, COMPARISON_MODEL),
          isNotNull(responses.modelVersion),
        ),
      )
      .groupBy(responses.model, responses.modelVersion),
    listModelPrices(db),
  ]);
  const priceOf = new Map(prices.map((p) => [`${p.model}|${p.version}`, p]));
  return modelKeys.flatMap((model) => {
    const rows = used.filter((row) => row.model === model && (row.inputTokens > 0 || row.outputTokens > 0));
    if (rows.length === 0) return [];
    let estimatedUsd: number | null = null;
    const unpricedVersions: string[] = [];
    for (const row of rows) {
      const price = priceOf.get(`${model}|${row.version}`);
      if (price) estimatedUsd = (estimatedUsd ?? 0) + estimateUsd(row, price);
      else unpricedVersions.push(row.version!);
    }
    return [
      {
        model,
        inputTokens: rows.reduce((sum, row) => sum + row.inputTokens, 0),
        outputTokens: rows.reduce((sum, row) => sum + row.outputTokens, 0),
        estimatedUsd,
        unpricedVersions,
      },
    ];
  });
}
