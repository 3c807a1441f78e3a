import { z } from 'zod';
import { savedQuerySchema, sessionIdSchema } from './query-schemas';

// Shareable reports (issue 14, item 1; docs/product.md, "Share"). A link is /r/<slug>: 16 random bytes,
// base64url, so nobody can guess one; its owner revokes it and it answers 404 from then on.

export const SHARE_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const sharePath = (slug: string) => `/r/${slug}`;
export const sharePreviewPath = (slug: string) => `/r/${slug}/preview.png`;
export const SHARE_PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export const shareLinkSchema = z.object({ slug: z.string(), url: z.string(), createdAt: z.string() });
export type ShareLink = z.infer<typeof shareLinkSchema>;
/** GET/POST /api/query/:id/share: the question's live link, null when it has none. */
export const shareStateSchema = z.object({ share: shareLinkSchema.nullable() });
export type ShareState = z.infer<typeof shareStateSchema>;
export const shareRequestSchema = z.object({ sessionId: sessionIdSchema.optional() });

/**
 * GET /api/shared/:slug: what a shared link shows. The question as its page shows it, without its id or
 * anything about who asked (no user, session, allowance or charge).
 */
const sharedTurnSchema = savedQuerySchema.omit({ id: true, followUps: true, followUpOf: true });
export const sharedReportSchema = z.object({
  sharedAt: z.string(),
  query: sharedTurnSchema.extend({ followUps: z.array(sharedTurnSchema) }),
});
export type SharedReport = z.infer<typeof sharedReportSchema>;
