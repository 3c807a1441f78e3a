import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../common/models';
import type { QueryResult } from '../../common/query-schemas';
import { sharedReportSchema, shareStateSchema, SHARE_SLUG_PATTERN } from '../../common/share-schemas';
import { textMessages } from '../../common/messages';
import { queries } from '../db/schema';
import { registerAccount } from '../../../tests/helpers/accounts';
import { useAppWithVendorFakes } from '../../../tests/helpers/app-with-vendor-fakes';
import { visitor } from '../../../tests/faults/asking';

// Share (issue 14, item 1): an unguessable link per question, owner-only to make and revoke, that shows the
// comparison and nothing about who asked, with the tags and image link unfurlers read; revoked means 404.

const clientDir = mkdtempSync(path.join(tmpdir(), 'parallax-share-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="generic" /><title>Parallax</title></head><body><div id="root"></div></body></html>',
);
const app = useAppWithVendorFakes({ JUDGE_MODEL: 'local', MODEL_TIMEOUT_SECONDS: '5' }, { clientDir });
const version = (model: keyof typeof modelCatalogue) => modelCatalogue[model].defaultVersion;
const QUESTION = 'How long was the Berlin Wall & when did it fall?';

async function ask(owner: { sessionId?: string; cookie?: string }) {
  app.fakes.script(version('chatgpt'), {
    text: 'The Berlin Wall fell on 9 November 1989. It was 155 kilometres long.',
  });
  app.fakes.script(version('claude'), { text: 'The Berlin Wall fell on 9 November 1989. It was 140 kilometres long.' });
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/query',
    headers: owner.cookie ? { cookie: owner.cookie } : {},
    payload: {
      text: QUESTION,
      selectedModels: ['chatgpt', 'claude'],
      sessionId: owner.sessionId ?? 'signed-in-browser-1',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QueryResult>();
}

const share = (id: number, owner: { sessionId?: string; cookie?: string }) =>
  app.t.app.inject({
    method: 'POST',
    url: `/api/query/${id}/share`,
    headers: owner.cookie ? { cookie: owner.cookie } : {},
    payload: owner.sessionId ? { sessionId: owner.sessionId } : {},
  });
const unshare = (id: number, sessionId: string) =>
  app.t.app.inject({ method: 'DELETE', url: `/api/query/${id}/share?sessionId=${sessionId}` });
const shared = (slug: string) => app.t.app.inject({ url: `/api/shared/${slug}` });
const page = (slug: string) => app.t.app.inject({ url: `/r/${slug}` });
const preview = (slug: string) => app.t.app.inject({ url: `/r/${slug}/preview.png` });

async function sharedBy(owner: { sessionId?: string; cookie?: string }) {
  const query = await ask(owner);
  const res = await share(query.id, owner);
  expect(res.statusCode, res.body).toBe(200);
  return { query, link: shareStateSchema.parse(res.json()).share! };
}

describe('share links', () => {
  it('makes one 128-bit random link per question, the same one when shared again, for the owner only', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    expect(link.slug).toMatch(SHARE_SLUG_PATTERN);
    expect(Buffer.from(link.slug, 'base64url')).toHaveLength(16);
    expect(link.url).toBe(`http://parallax.test/r/${link.slug}`);
    expect(shareStateSchema.parse((await share(query.id, owner)).json()).share!.slug).toBe(link.slug);
    const state = await app.t.app.inject({ url: `/api/query/${query.id}/share?sessionId=${owner.sessionId}` });
    expect(state.json()).toEqual({ share: link });

    const stranger = await visitor(app.t.db);
    expect((await share(query.id, stranger)).statusCode).toBe(404);
    expect((await unshare(query.id, stranger.sessionId)).statusCode).toBe(404);
    expect((await shared(link.slug)).statusCode).toBe(200);
  });

  it('cannot be guessed: slugs share no structure across questions, and near misses answer 404', async () => {
    const owner = await visitor(app.t.db);
    const slugs: string[] = [];
    for (let i = 0; i < 12; i++) slugs.push((await sharedBy(owner)).link.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    // Consecutive questions' slugs differ in about half their 128 bits, as independent random values do.
    const bits = (slug: string) =>
      [...Buffer.from(slug, 'base64url')].map((byte) => byte.toString(2).padStart(8, '0')).join('');
    for (let i = 1; i < slugs.length; i++) {
      const [a, b] = [bits(slugs[i - 1]!), bits(slugs[i]!)];
      const differing = [...a].filter((bit, k) => bit !== b[k]).length;
      expect(differing).toBeGreaterThan(32);
      expect(differing).toBeLessThan(96);
    }
    const near = slugs[0]!.slice(0, -1) + (slugs[0]!.endsWith('A') ? 'B' : 'A');
    expect((await shared(near)).statusCode).toBe(404);
    expect((await page(near)).statusCode).toBe(404);
    expect((await shared('not-a-slug')).statusCode).toBe(400);
  });

  it('shows the comparison and nothing about the account or session that asked', async () => {
    const account = await registerAccount(app.t.app);
    const { query, link } = await sharedBy({ cookie: account.cookie });
    const res = await shared(link.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = sharedReportSchema.parse(res.json());
    expect(report.query.text).toBe(QUESTION);
    expect(report.query.responses.map((r) => r.model)).toEqual(['chatgpt', 'claude', 'comparison']);
    expect(report.query.comparisonSummary!.disagreements).toHaveLength(1);
    expect(report.query.comparisonSummary!.claims!.length).toBeGreaterThan(0);
    expect(report.query.comparisonSummary!.confidenceRanking).toHaveLength(2);
    const body = JSON.stringify(res.json());
    for (const secret of [
      account.user.email!,
      account.user.username,
      'signed-in-browser-1',
      'session_',
      '"userId"',
      '"id"',
    ])
      expect(body).not.toContain(secret);
    expect(body).not.toContain(`"${query.id}"`);
    const html = (await page(link.slug)).body;
    for (const secret of [account.user.email!, account.user.username]) expect(html).not.toContain(secret);
  });

  it('gives unfurlers the question, a summary and a 1200x630 PNG preview, drawn once', async () => {
    const owner = await visitor(app.t.db);
    const { link } = await sharedBy(owner);
    const res = await page(link.slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const meta = (key: string) => res.body.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
    expect(meta('og:title')).toBe('How long was the Berlin Wall &amp; when did it fall?');
    expect(meta('og:description')).toBe('ChatGPT and Claude compared on Parallax: 1 disagreement.');
    expect(meta('og:image')).toBe(`http://parallax.test/r/${link.slug}/preview.png`);
    expect(meta('og:url')).toBe(link.url);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(meta('og:image'));
    expect(meta('description')).toBe(meta('og:description'));
    expect(res.body).toContain('<title>How long was the Berlin Wall &amp; when did it fall? · Parallax</title>');
    expect(res.body).not.toContain('content="generic"');

    const image = await preview(link.slug);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const png = image.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await preview(link.slug)).rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 everywhere once revoked, and sharing again makes a new link', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    expect((await preview(link.slug)).statusCode).toBe(200);
    const revoked = await unshare(query.id, owner.sessionId);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ share: null });
    expect((await shared(link.slug)).statusCode).toBe(404);
    expect((await page(link.slug)).statusCode).toBe(404);
    expect((await preview(link.slug)).statusCode).toBe(404);

    const again = shareStateSchema.parse((await share(query.id, owner)).json()).share!;
    expect(again.slug).not.toBe(link.slug);
    expect((await shared(again.slug)).statusCode).toBe(200);
    expect((await shared(link.slug)).statusCode).toBe(404);
  });

  it('answers 404 once the question is deleted', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    const deleted = await app.t.app.inject({
      method: 'DELETE',
      url: `/api/query/${query.id}?sessionId=${owner.sessionId}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await shared(link.slug)).statusCode).toBe(404);
    expect((await page(link.slug)).statusCode).toBe(404);
  });

  it('stays ended when the deleted question is restored; sharing again makes a new link', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    expect((await preview(link.slug)).statusCode).toBe(200);
    const url = `/api/query/${query.id}`;
    expect((await app.t.app.inject({ method: 'DELETE', url: `${url}?sessionId=${owner.sessionId}` })).statusCode).toBe(
      200,
    );
    const restored = await app.t.app.inject({ method: 'POST', url: `${url}/restore?sessionId=${owner.sessionId}` });
    expect(restored.statusCode, restored.body).toBe(200);

    expect((await shared(link.slug)).statusCode).toBe(404);
    expect((await page(link.slug)).statusCode).toBe(404);
    expect((await preview(link.slug)).statusCode).toBe(404);
    const state = await app.t.app.inject({ url: `${url}/share?sessionId=${owner.sessionId}` });
    expect(state.json()).toEqual({ share: null });
    const again = shareStateSchema.parse((await share(query.id, owner)).json()).share!;
    expect(again.slug).not.toBe(link.slug);
    expect((await shared(again.slug)).statusCode).toBe(200);
  });

  it('refuses a question holding a bidirectional override, as any text that is not allowed', async () => {
    const owner = await visitor(app.t.db);
    for (const url of ['/api/query', '/api/query/stream']) {
      const res = await app.t.app.inject({
        method: 'POST',
        url,
        payload: { text: 'Is \u202Eexe.txt\u202C safe?', selectedModels: ['chatgpt'], sessionId: owner.sessionId },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(textMessages.notAllowed);
    }
  });

  it('never shows the bidirectional controls of a question stored before they were refused', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    const spoofed = 'Pay \u202E0001$\u202C or \u2067isolated\u2069 \u202Bembedded\u202C now?';
    await app.t.db.update(queries).set({ text: spoofed }).where(eq(queries.id, query.id));
    const bidi = /[\u202A-\u202E\u2066-\u2069]/;

    const report = sharedReportSchema.parse((await shared(link.slug)).json());
    expect(report.query.text).toBe('Pay 0001$ or isolated embedded now?');
    const html = (await page(link.slug)).body;
    const meta = (key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
    for (const key of ['og:title', 'twitter:title', 'og:image:alt']) {
      expect(meta(key)).toContain('Pay 0001$ or isolated embedded now?');
      expect(meta(key)).not.toMatch(bidi);
    }
    expect(html).toContain('<title>Pay 0001$ or isolated embedded now? · Parallax</title>');
    expect(html).not.toMatch(bidi);
    expect((await preview(link.slug)).statusCode).toBe(200);
  });

  it('ends on restore a link left live by a deletion made before deleting ended links', async () => {
    const owner = await visitor(app.t.db);
    const { query, link } = await sharedBy(owner);
    await app.t.db.update(queries).set({ deletedAt: new Date() }).where(eq(queries.id, query.id));
    const url = `/api/query/${query.id}/restore?sessionId=${owner.sessionId}`;
    expect((await app.t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await shared(link.slug)).statusCode).toBe(404);
    expect((await page(link.slug)).statusCode).toBe(404);
  });
});
