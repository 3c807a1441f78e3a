import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  leaderboardQuerySchema,
  leaderboardSchema,
  type Leaderboard,
  type LeaderboardPeriod,
} from '../../common/leaderboard';
import type { Database } from '../db/client';
import { leaderboardCsv, readLeaderboard } from './service';

// The public leaderboard (issue 14, item 3) and its file. Each instance keeps each period's board for
// LEADERBOARD_CACHE_SECONDS (a minute by default), and tells browsers and proxies they may too: a page view
// costs no query at all most of the time, and a saved question shows up within that time.

export class LeaderboardCache {
  private readonly boards = new Map<LeaderboardPeriod, { until: number; board: Promise<Leaderboard> }>();

  constructor(
    private readonly db: Database,
    private readonly seconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  read(period: LeaderboardPeriod): Promise<Leaderboard> {
    const now = this.now();
    const kept = this.boards.get(period);
    if (kept && kept.until > now.getTime()) return kept.board;
    // Callers that arrive while it is read share the one read; a failed read is not kept.
    const board = readLeaderboard(this.db, period, now);
    this.boards.set(period, { until: now.getTime() + this.seconds * 1000, board });
    board.catch(() => this.boards.delete(period));
    return board;
  }
}

export async function leaderboardRoutes(
  instance: FastifyInstance,
  { db, cacheSeconds }: { db: Database; cacheSeconds: number },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const cache = new LeaderboardCache(db, cacheSeconds);
  const cacheControl = cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-cache';

  app.get(
    '/api/leaderboard',
    { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema } } },
    async (request, reply) => {
      reply.header('cache-control', cacheControl);
      return cache.read(request.query.period);
    },
  );

  app.get(
    '/api/leaderboard.csv',
    { schema: { querystring: leaderboardQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const board = await cache.read(request.query.period);
      reply.header('cache-control', cacheControl);
      reply.header(
        'content-disposition',
        `attachment; filename="parallax-leaderboard-${board.period}-${board.to}.csv"`,
      );
      return reply.type('text/csv; charset=utf-8').send(leaderboardCsv(board));
    },
  );
}
