import { z } from 'zod';
import { modelKeys, type ModelKey } from './model-catalogue';

// The chatbots are listed in model-catalogue.ts, which has no zod; this adds their schemas.
export * from './model-catalogue';

export const modelKeySchema = z.enum(modelKeys);

/** GET /api/api-status: whether each model can answer for this caller. */
export const apiStatusSchema = z.object(
  Object.fromEntries(modelKeys.map((key) => [key, z.boolean()])) as Record<ModelKey, z.ZodBoolean>,
);
export type ApiStatus = z.infer<typeof apiStatusSchema>;
