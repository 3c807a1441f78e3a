import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasAnswerText } from '../../common/answer-text';
import { DATABASE_INT_MAX } from '../../common/limits';
import { COMPARISON_MODEL, displayNameOf } from '../../common/models';
import { queryMessages } from '../../common/query-messages';
import type { SavedQuery, SavedTurn } from '../../common/query-schemas';
import { sessionIdSchema } from '../../common/query-schemas';
import { shareMessages } from '../../common/share-messages';
import {
  SHARE_PREVIEW_SIZE,
  SHARE_SLUG_PATTERN,
  sharedReportSchema,
  sharePath,
  sharePreviewPath,
  shareRequestSchema,
  shareStateSchema,
  type ShareLink,
  type SharedReport,
} from '../../common/share-schemas';
import { withoutBidiControls } from '../../common/text-rules';
import { signedInOrSessionUser } from '../auth/caller';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { findThread } from '../queries/repository';
import { renderPreviewImage, type PreviewContent } from './preview-image';
import {
  findLiveShare,
  findShareBySlug,
  keepPreview,
  revokeShare,
  shareQuestion,
  type SharedReportRow,
} from './repository';

// Share (issue 14, item 1; docs/product.md, "Share"): the owner's calls on /api/query/:id/share, the public
// report at /api/shared/:slug, and /r/:slug's page and preview image for link unfurlers, which read the
// HTML's meta tags and never run the app.

const questionParams = z.object({ id: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });
const slugParams = z.object({ slug: z.string().regex(SHARE_SLUG_PATTERN) });
const ownerQuery = z.object({ sessionId: sessionIdSchema.optional() });

const PREVIEW_CACHE_SECONDS = 300;

export interface ShareDeps {
  db: Database;
  config: Config;
  /** The built app's folder, whose index.html /r/:slug serves with the report's tags; null without a build. */
  staticRoot: string | null;
}

const answersOf = (turn: SavedTurn) => turn.responses.filter((r) => r.model !== COMPARISON_MODEL);
const answered = (turn: SavedTurn) => answersOf(turn).some((r) => !r.error && hasAnswerText(r.text));

/**
 * A turn as a shared link shows it: no id, no link to the conversation it belongs to, and none of the
 * bidirectional controls a question stored before they were refused may hold (decision 0061).
 */
function sharedTurn({ id: _id, followUpOf: _of, ...turn }: SavedTurn) {
  return { ...turn, text: withoutBidiControls(turn.text) };
}

const withoutTurns = ({ followUps: _turns, ...first }: SavedQuery): SavedTurn => first;

export function sharedReportOf(query: SavedQuery, sharedAt: Date): SharedReport {
  return {
    sharedAt: sharedAt.toISOString(),
    query: { ...sharedTurn(withoutTurns(query)), followUps: (query.followUps ?? []).map(sharedTurn) },
  };
}

/** What the preview image and the meta tags say of a report. */
export function previewContentOf(query: SavedQuery): PreviewContent {
  const disagreements = query.comparisonSummary?.disagreements ?? [];
  const answeredModels = answersOf(query)
    .filter((r) => hasAnswerText(r.text))
    .map((r) => r.model);
  return {
    question: withoutBidiControls(query.text),
    models: (answeredModels.length > 0 ? answeredModels : query.selectedModels).map(displayNameOf),
    disagreements: disagreements.length,
    settled: disagreements.filter((d) => d.settlement?.settled).length,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function previewSummary({ models, disagreements, settled }: PreviewContent): string {
  const who =
    models.length <= 1 ? (models[0] ?? 'One model') : `${models.slice(0, -1).join(', ')} and ${models.at(-1)}`;
  const found =
    disagreements === 0 ? 'no factual disagreements' : plural(disagreements, 'disagreement', 'disagreements');
  const rechecked = settled > 0 ? `, ${settled} settled on re-check` : '';
  return `${who} compared on Parallax: ${found}${rechecked}.`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** index.html with the report's title, description, Open Graph and Twitter tags in place of the generic ones. */
export function withReportTags(html: string, appUrl: string, slug: string, content: PreviewContent): string {
  const title = clip(content.question, 120);
  const description = previewSummary(content);
  const image = `${appUrl}${sharePreviewPath(slug)}`;
  const tags = [
    ['name', 'description', description],
    ['name', 'robots', 'noindex'],
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Parallax'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${appUrl}${sharePath(slug)}`],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(SHARE_PREVIEW_SIZE.width)],
    ['property', 'og:image:height', String(SHARE_PREVIEW_SIZE.height)],
    ['property', 'og:image:alt', `${title} — ${description}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ]
    .map(([attribute, name, value]) => `<meta ${attribute}="${name}" content="${escapeHtml(value!)}" />`)
    .join('\n    ');
  return html
    .replace(/<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} · Parallax</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

const previewKeyOf = (content: PreviewContent) =>
  createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);

export async function shareRoutes(instance: FastifyInstance, { db, config, staticRoot }: ShareDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const linkOf = (row: SharedReportRow): ShareLink => ({
    slug: row.slug,
    url: `${config.appUrl}${sharePath(row.slug)}`,
    createdAt: row.createdAt.toISOString(),
  });

  /** The caller's own question (the first of its conversation when `id` is a follow-up), else 404 as for none. */
  async function ownQuestion(request: FastifyRequest, id: number, sessionId: string | undefined) {
    const owner = await signedInOrSessionUser(db, request, sessionId);
    const found = owner ? await findThread(db, id) : undefined;
    if (!owner || !found || found.userId !== owner.id) throw notFound(queryMessages.queryNotFound);
    return found.query;
  }

  /** The live report behind a slug with its question as shown, or undefined once revoked or deleted. */
  async function liveReport(slug: string) {
    const share = await findShareBySlug(db, slug);
    const found = share ? await findThread(db, share.queryId) : undefined;
    return share && found ? { share, query: found.query } : undefined;
  }

  app.get(
    '/api/query/:id/share',
    { schema: { params: questionParams, querystring: ownerQuery, response: { 200: shareStateSchema } } },
    async (request) => {
      const query = await ownQuestion(request, request.params.id, request.query.sessionId);
      const live = await findLiveShare(db, query.id);
      return { share: live ? linkOf(live) : null };
    },
  );

  app.post(
    '/api/query/:id/share',
    { schema: { params: questionParams, body: shareRequestSchema, response: { 200: shareStateSchema } } },
    async (request) => {
      const query = await ownQuestion(request, request.params.id, request.body.sessionId);
      if (!answered(query)) throw badRequest(shareMessages.notAnswered);
      return { share: linkOf(await shareQuestion(db, query.id)) };
    },
  );

  app.delete(
    '/api/query/:id/share',
    { schema: { params: questionParams, querystring: ownerQuery, response: { 200: shareStateSchema } } },
    async (request) => {
      const query = await ownQuestion(request, request.params.id, request.query.sessionId);
      await revokeShare(db, query.id);
      return { share: null };
    },
  );

  app.get(
    '/api/shared/:slug',
    { schema: { params: slugParams, response: { 200: sharedReportSchema } } },
    async (request, reply) => {
      const live = await liveReport(request.params.slug);
      if (!live) throw notFound(shareMessages.reportNotFound);
      // Revoking must take effect at once: nobody may keep a copy to serve later.
      reply.header('cache-control', 'no-store');
      return sharedReportOf(live.query, live.share.createdAt);
    },
  );

  // Drawn once per content (a re-check that settles a dispute changes it) and kept with the link, so every
  // instance serves the same bytes without drawing again.
  const drawing = new Map<string, Promise<Buffer>>();
  app.get('/r/:slug/preview.png', { schema: { params: slugParams } }, async (request, reply) => {
    const live = await liveReport(request.params.slug);
    if (!live) throw notFound(shareMessages.reportNotFound);
    const content = previewContentOf(live.query);
    const key = previewKeyOf(content);
    let png = live.share.previewKey === key ? live.share.previewPng : null;
    if (!png) {
      const drawn = `${live.share.slug}:${key}`;
      let pending = drawing.get(drawn);
      if (!pending) {
        pending = renderPreviewImage(content).then(async (image) => {
          await keepPreview(db, live.share.id, key, image);
          return image;
        });
        drawing.set(drawn, pending);
        void pending.finally(() => drawing.delete(drawn)).catch(() => undefined);
      }
      png = await pending;
    }
    reply.header('cache-control', `public, max-age=${PREVIEW_CACHE_SECONDS}`);
    return reply.type('image/png').send(png);
  });

  let indexHtml: Promise<string> | undefined;
  app.get('/r/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const live = SHARE_SLUG_PATTERN.test(slug) ? await liveReport(slug) : undefined;
    if (!staticRoot) {
      if (!live) throw notFound(shareMessages.reportNotFound);
      return reply.type('text/plain; charset=utf-8').send(previewSummary(previewContentOf(live.query)));
    }
    indexHtml ??= readFile(path.join(staticRoot, 'index.html'), 'utf8');
    const html = await indexHtml;
    // A revoked or unknown link is a real 404; the app then draws its own 'not found' for it.
    reply.header('cache-control', 'no-store');
    if (!live) return reply.code(404).type('text/html; charset=utf-8').send(html);
    const page = withReportTags(html, config.appUrl, slug, previewContentOf(live.query));
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
