// Budget 3 of the performance issue: 200 anonymous questions streaming at once on one instance, the
// fakes streaming 60 tokens each over 3 s: no errors, no token lost or repeated, every question stored;
// then 1,000 questions in sequence, the server's RSS after them within 20 % of its RSS after the first
// 100 (no leak). The server runs as its own process (its RSS is its own); the fakes and the clients
// run here. PGlite by default; DATABASE_URL for PostgreSQL.
// Run: npm run bench -- concurrency

import { readFileSync } from 'node:fs';
import { modelCatalogue } from '../src/common/models';
import { parseSseFrames } from '../src/client/api/question-stream';
import { startFakeAiVendors } from '../tests/fakes/ai-vendors';
import { startAppProcess, UNCAPPED_ANONYMOUS } from './support/app-process';
import { scratchDatabaseUrl } from './support/scratch-database';

const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 1000);
const TOKENS = 60;
const STREAM_MS = 3000;
const LEAK_LIMIT = 0.2;
const PORT = 4392;
const MODEL = 'chatgpt';
/** The heap limit production starts with (package.json "start", docs/operations.md; decision 0028). */
const PRODUCTION_NODE_ARGS = '--max-old-space-size=512';

const tokens = Array.from({ length: TOKENS }, (_, i) => `t${i} `);
const expectedText = tokens.join('');

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

interface Outcome {
  ok: boolean;
  problem?: string;
  queryId?: number;
  sessionId: string;
}

/** One question, read to the end of its stream; checks the answer came through whole and once. */
async function ask(base: string, sessionId: string): Promise<Outcome> {
  try {
    const response = await fetch(`${base}/api/query/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ text: 'How far is the Moon?', selectedModels: [MODEL], sessionId }),
    });
    if (!response.ok || !response.body) return { ok: false, problem: `HTTP ${response.status}`, sessionId };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let text = '';
    let queryId: number | undefined;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSseFrames(buffer);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.type === 'delta') text += event.text;
        if (event.type === 'model-done' && event.error) return { ok: false, problem: event.error, sessionId };
        if (event.type === 'error') return { ok: false, problem: event.message, sessionId };
        if (event.type === 'query') queryId = event.query.id;
      }
    }
    if (text !== expectedText) return { ok: false, problem: `text of ${text.length} characters`, sessionId };
    if (queryId === undefined) return { ok: false, problem: 'no saved question', sessionId };
    return { ok: true, queryId, sessionId };
  } catch (error) {
    return { ok: false, problem: String(error), sessionId };
  }
}

/** The saved question holds the whole answer. */
async function stored(base: string, outcome: Outcome): Promise<boolean> {
  const res = await fetch(`${base}/api/query/${outcome.queryId}?sessionId=${outcome.sessionId}`);
  if (!res.ok) return false;
  const query = (await res.json()) as { responses: { text: string | null }[] };
  return query.responses[0]?.text === expectedText;
}

async function main() {
  const vendors = await startFakeAiVendors();
  const version = modelCatalogue[MODEL].defaultVersion;
  const database = await scratchDatabaseUrl();
  const app = await startAppProcess(
    PORT,
    [
      ...(process.env.BENCH_NODE_ARGS ?? PRODUCTION_NODE_ARGS).split(' ').filter(Boolean),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      ...vendors.env,
      DATABASE_URL: database.url ?? '',
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      JUDGE_MODEL: 'local',
      FREE_QUESTIONS: '100',
      ...UNCAPPED_ANONYMOUS,
    },
  );
  const { base } = app;
  const pid = app.child.pid!;
  let failed = false;
  try {
    const rssStart = rssMb(pid);

    // 200 at once, each streaming 60 tokens over 3 s.
    vendors.script(version, { chunks: tokens, chunkDelayMs: STREAM_MS / TOKENS });
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => ask(base, `concurrent-${String(i).padStart(6, '0')}`)),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssAfterConcurrent = rssMb(pid);
    const failures = outcomes.filter((outcome) => !outcome.ok);
    const storedChecks = await Promise.all(outcomes.filter((o) => o.ok).map((o) => stored(base, o)));
    const notStored = storedChecks.filter((ok) => !ok).length;
    const concurrentPass = failures.length === 0 && notStored === 0;
    failed ||= !concurrentPass;
    console.log(`Concurrency: server on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`);
    console.log(
      `${concurrentPass ? 'PASS' : 'FAIL'}  ${CONCURRENT} questions at once in ${seconds.toFixed(1)} s: ` +
        `${failures.length} errors or damaged answers, ${notStored} not stored; ` +
        `RSS ${rssStart.toFixed(0)} -> ${rssAfterConcurrent.toFixed(0)} MB`,
    );
    for (const failure of failures.slice(0, 5)) console.log(`      ${failure.sessionId}: ${failure.problem}`);

    // 1,000 in sequence, answered at once, to see whether memory keeps growing.
    vendors.script(version, { chunks: tokens, chunkDelayMs: 0 });
    let rssAfter100 = 0;
    let sequentialFailures = 0;
    const sequentialStart = performance.now();
    for (let i = 0; i < SEQUENTIAL; i += 1) {
      const outcome = await ask(base, `sequential-${String(i).padStart(6, '0')}`);
      if (!outcome.ok) sequentialFailures += 1;
      if (i === 99) rssAfter100 = rssMb(pid);
    }
    const rssEnd = rssMb(pid);
    const growth = (rssEnd - rssAfter100) / rssAfter100;
    const leakPass = growth <= LEAK_LIMIT && sequentialFailures === 0;
    failed ||= !leakPass;
    console.log(
      `${leakPass ? 'PASS' : 'FAIL'}  ${SEQUENTIAL} questions in sequence in ` +
        `${((performance.now() - sequentialStart) / 1000).toFixed(1)} s, ${sequentialFailures} failed: ` +
        `RSS after 100 ${rssAfter100.toFixed(0)} MB, after ${SEQUENTIAL} ${rssEnd.toFixed(0)} MB ` +
        `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +${LEAK_LIMIT * 100} %)`,
    );
  } finally {
    await app.stop();
    await vendors.stop();
    await database.drop();
  }
  process.exitCode = failed ? 1 : 0;
}

void main();
