import type { z } from 'zod';

// Every answer the client reads is parsed with the contract's schema (src/common/), so a server that
// drifts shows as a load error with this one message, never as a broken page.

export const INVALID_RESPONSE = 'Invalid response format from server';

export function parseResponse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(INVALID_RESPONSE);
  return parsed.data;
}
