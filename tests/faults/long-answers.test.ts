import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARED_ANSWER_CHARS } from '../../src/common/limits';
import { modelCatalogue, type ModelKey } from '../../src/common/models';
import type { StreamEvent } from '../../src/common/query-schemas';
import { startFakeAiVendors, type FakeAiVendors } from '../fakes/ai-vendors';
import { conflictSets } from '../fixtures/comparison/analyser-corpus-conflicts';
import { styleSets } from '../fixtures/comparison/analyser-corpus-style';
import { parseSse } from '../helpers/sse';
import { stopChildren } from '../helpers/child-processes';

// The fault-injection suite, long answers (issue 32, H2; decision 0058): three models each answer
// 300 KB to a server process started as in production, with a 512 MB heap. The process must live, keep
// answering its liveness check within 100 ms all the while, stay under its heap limit, and finish the
// question with a comparison that says which answers it read only in part. Before the comparison was
// capped and moved to a worker thread, the loop was held for minutes and the heap ran out.

const ANSWER_BYTES = 300_000;
const HEAP_LIMIT_MB = 512;
const LIVE_WITHIN_MS = 100;
const POLL_EVERY_MS = 50;
const METRICS_TOKEN = 'long-answers-metrics-token-0123456789';
const MODELS: ModelKey[] = ['chatgpt', 'claude', 'gemini'];

/** 300 KB of ordinary prose with facts to compare: the analyser corpus's answers, in a different order per model. */
function longAnswer(slot: number): string {
  const sets = [...conflictSets, ...styleSets];
  const paragraphs: string[] = [];
  let length = 0;
  for (let k = 0; length < ANSWER_BYTES; k++) {
    const set = sets[(k * 7 + slot * 3) % sets.length]!;
    const text = set.answers[(k + slot) % set.answers.length]!.text ?? '';
    paragraphs.push(text);
    length += text.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, ANSWER_BYTES);
}

/** Pieces of about 2 KB, as a vendor streams a long answer. */
const piecesOf = (text: string) => text.match(/[\s\S]{1,2000}/g) ?? [];

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
}

const root = process.cwd();
const scratch = mkdtempSync(path.join(tmpdir(), 'parallax-long-answers-'));
/** The bundle is built into the project (its packages resolve from node_modules), and removed after. */
const buildDir = path.join(root, `.build-long-answers-${process.pid}`);
const children: ChildProcess[] = [];
let fakes: FakeAiVendors;

beforeAll(async () => {
  fakes = await startFakeAiVendors();
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', path.join(buildDir, 'server')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server did not build:\n${built.stderr}`);
}, 120_000);

afterAll(async () => {
  await stopChildren(children);
  await fakes?.stop();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
}, 30_000);

async function start(name: string, entry: string[]): Promise<Server> {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, ...entry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      APP_URL: 'http://127.0.0.1',
      DATA_DIR: path.join(scratch, name),
      JUDGE_MODEL: 'local',
      MODEL_TIMEOUT_SECONDS: '60',
      METRICS_TOKEN,
      ...fakes.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port) return { child, port: Number(port), output: () => output };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The process's resident set at its highest so far, in MB (Linux's VmHWM). */
function peakRssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** The main thread's V8 heap in use, in MB, as the process reports it on /metrics. */
async function heapUsedMb(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
}

interface Poll {
  at: number;
  ms: number;
}

/** Polls /api/health/live every 50 ms until `done`: when each poll started and how long it took, and the heap's highest reading. */
async function watch(server: Server, done: () => boolean) {
  const polls: Poll[] = [];
  let heapMb = 0;
  while (!done()) {
    const at = performance.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/api/health/live`, { signal: AbortSignal.timeout(5000) });
    polls.push({ at, ms: performance.now() - at });
    expect(res.status).toBe(200);
    if (polls.length % 10 === 0) heapMb = Math.max(heapMb, await heapUsedMb(server.port));
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  return { polls, heapMb: Math.max(heapMb, await heapUsedMb(server.port)) };
}

/** Asks on the stream and reads it to its end, noting when each event arrived. */
async function ask(port: number, sessionId: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/query/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Tell me everything you know.', sessionId, selectedModels: MODELS }),
  });
  const arrived: { event: StreamEvent; at: number }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const end = buffer.lastIndexOf('\n\n');
    if (end < 0) continue;
    const at = performance.now();
    for (const event of parseSse(buffer.slice(0, end + 2))) arrived.push({ event, at });
    buffer = buffer.slice(end + 2);
  }
  return { status: res.status, arrived };
}

describe.each([
  ['built, as `npm start` runs it', () => [path.join(buildDir, 'server/main.js')]],
  ['from source under tsx, as in development', () => ['--import', 'tsx', 'src/server/main.ts']],
])('three answers of 300 KB, the server %s', (name, entry) => {
  it('lives, answers its liveness check within 100 ms while the answers are compared, stays under its heap, and compares the first part of each', async () => {
    const server = await start(name.split(',')[0]!, entry());
    const texts = MODELS.map((_, slot) => longAnswer(slot));
    MODELS.forEach((model, slot) =>
      fakes.script(modelCatalogue[model].defaultVersion, { chunks: piecesOf(texts[slot]!), chunkDelayMs: 10 }),
    );
    // Warm: the first request of a fresh process compiles its routes.
    await fetch(`http://127.0.0.1:${server.port}/api/health/live`);

    let finished = false;
    const asked = ask(server.port, `long-answers-${name.length}`).finally(() => (finished = true));
    const watched = await watch(server, () => finished);
    const { status, arrived } = await asked;
    const events = arrived.map(({ event }) => event);

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(status).toBe(200);
    const comparison = events.find((e): e is Extract<StreamEvent, { type: 'comparison' }> => e.type === 'comparison');
    expect(comparison, server.output()).toBeDefined();
    const parts = comparison!.comparison.comparedInPart ?? [];
    expect(parts.map((part) => part.model).sort()).toEqual([...MODELS].sort());
    for (const part of parts) expect(part.chars).toBeLessThanOrEqual(COMPARED_ANSWER_CHARS);
    expect(comparison!.comparison.claims?.length).toBeGreaterThan(0);
    const saved = events.at(-1);
    expect(saved?.type).toBe('query');
    // The answers are kept whole; only the comparison stopped short.
    const query = (saved as Extract<StreamEvent, { type: 'query' }>).query;
    for (const [slot, model] of MODELS.entries()) {
      expect(query.responses.find((r) => r.model === model)?.text).toBe(texts[slot]);
    }

    // While the answers are compared (from the last model's end to the comparison's arrival) every
    // check started is answered within the bound, and they keep coming at their pace: a loop held by
    // the comparison answers none until it is done (the saving after it is the database's, not counted).
    const answered = Math.max(...arrived.filter(({ event }) => event.type === 'model-done').map(({ at }) => at));
    const compared = arrived.find(({ event }) => event.type === 'comparison')!.at;
    const during = watched.polls.filter((poll) => poll.at >= answered && poll.at + poll.ms <= compared);
    expect(during.length, JSON.stringify(watched.polls)).toBeGreaterThanOrEqual(
      Math.floor((compared - answered) / (2 * (POLL_EVERY_MS + LIVE_WITHIN_MS))),
    );
    expect(during.length).toBeGreaterThan(3);
    expect(Math.max(...during.map((poll) => poll.ms)), JSON.stringify(during)).toBeLessThan(LIVE_WITHIN_MS);
    expect(watched.heapMb).toBeLessThan(HEAP_LIMIT_MB);
    expect(peakRssMb(server.child)).toBeLessThan(HEAP_LIMIT_MB * 2);
  }, 180_000);
});
