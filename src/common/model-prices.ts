import { z } from 'zod';
import { modelKeySchema } from './models';
import { safeText } from './text-rules';
import { MAX_PRICE_PER_MILLION } from './limits';
import { modelPriceMessages } from './model-price-messages';

// What each model version costs per million tokens, as the administrator enters it from the vendors'
// price pages (issue 13, item 4), and the month's estimate it gives. Estimates only: vendors bill by
// their own counts, and search fees and cached-input discounts are left out.

const pricePerMillion = z
  .number(modelPriceMessages.priceInvalid)
  .min(0, modelPriceMessages.priceInvalid)
  .max(MAX_PRICE_PER_MILLION, modelPriceMessages.priceInvalid);

export const modelPriceSchema = z.object({
  model: z.string(),
  version: z.string(),
  /** US dollars per million input tokens. */
  inputPerMillion: z.number(),
  outputPerMillion: z.number(),
  updatedAt: z.string(),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** PUT /api/admin/model-prices/:model: a version's price; both prices null removes it. */
export const modelPriceInputSchema = z.object({
  version: safeText({ max: 100, min: 1, trim: true, messages: { required: modelPriceMessages.versionRequired } }),
  inputPerMillion: pricePerMillion.nullable(),
  outputPerMillion: pricePerMillion.nullable(),
});
export type ModelPriceInput = z.infer<typeof modelPriceInputSchema>;

export const modelCostSchema = z.object({
  model: modelKeySchema,
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** The month's estimate in US dollars for the versions with a price; null when none has one. */
  estimatedUsd: z.number().nullable(),
  /** Versions that answered this month without a price: their tokens are not in the estimate. */
  unpricedVersions: z.array(z.string()),
});
export type ModelCost = z.infer<typeof modelCostSchema>;

/** The cost of these tokens at this price, in US dollars. */
export function estimateUsd(
  tokens: { inputTokens: number; outputTokens: number },
  price: Pick<ModelPrice, 'inputPerMillion' | 'outputPerMillion'>,
): number {
  return (tokens.inputTokens * price.inputPerMillion + tokens.outputTokens * price.outputPerMillion) / 1_000_000;
}
