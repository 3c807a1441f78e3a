import type { z } from 'zod';

export const INVALID_ANSWER = 'Invalid response format from server';

/** Answers are parsed with the contract's schemas, so a server drift shows as a load error, not a broken table. */
export function parseAnswer<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(INVALID_ANSWER);
  return parsed.data;
}

/** `?limit=..&offset=..` (and any other set values) for a paged admin list. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Rows per page of the console's paged tables. */
export const ADMIN_PAGE_SIZE = 25;
