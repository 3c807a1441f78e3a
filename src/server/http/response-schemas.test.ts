import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { servedRoutes } from '../../../tests/helpers/served-routes';
import { createTestDatabase } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { requireResponseSchema } from './response-schemas';

// Every API route declares its response schema; the app refuses to start with one that does not.

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', requireResponseSchema);
  register(app);
  await app.ready();
  return app;
}

describe('the response schema rule', () => {
  it('stops an API route without a response schema, naming it', async () => {
    await expect(appWith((app) => app.get('/api/forgotten', async () => ({ secret: 'x' })))).rejects.toThrow(
      'GET /api/forgotten has no response schema',
    );
    await expect(appWith((app) => app.post('/stripe-webhook', async () => ({ received: true })))).rejects.toThrow(
      'POST /stripe-webhook has no response schema',
    );
  });

  it('lets a described route, a streamed answer and a non-API path through', async () => {
    const app = await appWith((app) => {
      app.get('/api/described', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
        passwordHash: 'never sent',
      }));
      app.post(
        '/api/streamed',
        { config: { streamsResponse: true } },
        async (_request: FastifyRequest, reply: FastifyReply) => reply.send('data'),
      );
      app.get('/favicon.svg', async () => 'svg');
    });
    const described = await app.inject({ method: 'GET', url: '/api/described' });
    // Serialized through the schema: a field the contract leaves out never leaves the server.
    expect(described.json()).toEqual({ ok: true });
    await app.close();
  });

  it("holds for every route the app serves, with the built client's files beside them", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'parallax-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Parallax</title>');
    writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'silent' });
    // buildApp itself throws on a route without a schema, so starting at all is the check.
    const app = await buildApp({ config, db: database.db, logger: false, clientDir });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect(servedRoutes(app).filter((route) => route.url.startsWith('/api/')).length).toBeGreaterThan(50);
    } finally {
      await app.close();
      await database.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
