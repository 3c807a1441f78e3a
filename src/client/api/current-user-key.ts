/**
 * The cache key of GET /api/me. Apart from auth.ts so a lazily loaded page can have the signed-in user
 * read again without importing auth.ts, which would move Home's first-load modules into a shared
 * chunk (docs/performance.md, "Home page weight").
 */
export const currentUserKey = ['/api/me'] as const;
