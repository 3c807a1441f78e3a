// Paging for the console's lists; answers are parsed by src/client/api/parse.ts.

/** `?limit=..&offset=..` (and any other set values) for a paged admin list. */
export function listQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Rows per page of the console's paged tables. */
export const ADMIN_PAGE_SIZE = 25;
