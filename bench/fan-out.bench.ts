// Budget 2 of the performance issue: a three-model question against the loopback vendor fakes set to
// finish in about 300, 600 and 900 ms. Measures, over several questions, how long after the slowest
// vendor's last delta the stream's final event arrives (less the comparison's own time, reported
// apart), and how long each model's first delta takes from the vendor's write to the client's read.
// App, fakes and client share one process and one clock. PGlite by default; DATABASE_URL for PostgreSQL.
// Run: npm run bench -- fan-out

import type { AddressInfo } from 'node:net';
import { modelCatalogue, type ModelKey } from '../src/common/models';
import type { AnswerForComparison } from '../src/common/comparison';
import { buildApp } from '../src/server/app';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import { loadConfig } from '../src/server/config';
import { parseSseFrames } from '../src/client/api/question-stream';
import { startFakeAiVendors } from '../tests/fakes/ai-vendors';
import { benchEnv, UNCAPPED_ANONYMOUS } from './support/app-process';
import { scratchDatabase } from './support/scratch-database';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 8);
const FINAL_BUDGET_MS = 25;
const FIRST_TOKEN_BUDGET_MS = 10;
const CHUNKS = 10;
const plan: [ModelKey, number][] = [
  ['chatgpt', 30],
  ['claude', 60],
  ['gemini', 90],
];

const now = () => performance.timeOrigin + performance.now();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);

async function main() {
  const vendors = await startFakeAiVendors();
  const database = await scratchDatabase();
  const config = loadConfig(
    benchEnv({ JUDGE_MODEL: 'local', FREE_QUESTIONS: '1000', ...UNCAPPED_ANONYMOUS, ...vendors.env }),
  );
  const app = await buildApp({ config, db: database.db, logger: false, clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/query/stream`;
  const words = Array.from({ length: CHUNKS }, (_, i) => `word${i} `);
  for (const [model, chunkDelayMs] of plan) {
    vendors.script(modelCatalogue[model].defaultVersion, { chunks: words, chunkDelayMs });
  }

  const finalGaps: number[] = [];
  const comparisonTimes: number[] = [];
  const firstTokenGaps: number[] = [];
  for (let q = 0; q < QUESTIONS; q += 1) {
    vendors.reset();
    for (const [model, chunkDelayMs] of plan) {
      vendors.script(modelCatalogue[model].defaultVersion, { chunks: words, chunkDelayMs });
    }
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        text: `How far is the Moon from the Earth? (${q})`,
        selectedModels: plan.map(([model]) => model),
        sessionId: `fan-out-session-${String(q).padStart(4, '0')}`,
      }),
    });
    if (!response.ok || !response.body) throw new Error(`question ${q}: ${response.status} ${await response.text()}`);
    const firstDeltaAt = new Map<string, number>();
    let lastModelDoneAt = 0;
    let comparisonAt = 0;
    let finalAt = 0;
    let answers: AnswerForComparison[] = [];
    let buffer = '';
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const receivedAt = now();
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseSseFrames(buffer);
      buffer = parsed.rest;
      for (const event of parsed.events) {
        if (event.type === 'delta' && !firstDeltaAt.has(event.model)) firstDeltaAt.set(event.model, receivedAt);
        if (event.type === 'model-done') lastModelDoneAt = receivedAt;
        if (event.type === 'comparison') comparisonAt = receivedAt;
        if (event.type === 'query') {
          finalAt = receivedAt;
          answers = event.query.responses.map(({ model, text, error }) => ({ model, text, error }));
        }
      }
    }
    const streams = vendors.openai.requests
      .concat(vendors.anthropic.requests, vendors.gemini.requests)
      .filter((request) => request.stream && request.deltaSentAt.length > 0);
    if (streams.length !== plan.length || finalAt === 0) throw new Error(`question ${q}: incomplete stream`);
    const slowestLastDelta = max(streams.map((request) => request.deltaSentAt.at(-1)!));
    // The comparison's own time: the same analysis timed here on the same answers (the server runs it
    // between the last model's end and the comparison event, in the same write as both).
    const analysisStart = performance.now();
    analyseLocally(answers, 'How far is the Moon from the Earth?');
    const comparisonTime = Math.max(performance.now() - analysisStart, comparisonAt - lastModelDoneAt);
    // The first question warms the code paths; it is shown but not counted.
    if (q === 0) continue;
    comparisonTimes.push(comparisonTime);
    finalGaps.push(finalAt - slowestLastDelta - comparisonTime);
    for (const [model] of plan) {
      const request = streams.find((candidate) => candidate.model === modelCatalogue[model].defaultVersion)!;
      firstTokenGaps.push(firstDeltaAt.get(model)! - request.deltaSentAt[0]!);
    }
  }

  const finalMedian = median(finalGaps);
  const firstTokenWorst = max(firstTokenGaps);
  const finalPass = finalMedian <= FINAL_BUDGET_MS;
  const firstTokenPass = firstTokenWorst <= FIRST_TOKEN_BUDGET_MS;
  console.log(`Fan-out: ${QUESTIONS - 1} measured questions (one warm-up), ${database.engine}\n`);
  console.log(
    `${finalPass ? 'PASS' : 'FAIL'}  final event after the slowest vendor's last delta, less the comparison: ` +
      `median ${finalMedian.toFixed(1)} ms, worst ${max(finalGaps).toFixed(1)} ms (budget ${FINAL_BUDGET_MS} ms)`,
  );
  console.log(`      the comparison's own time: median ${median(comparisonTimes).toFixed(1)} ms`);
  console.log(
    `${firstTokenPass ? 'PASS' : 'FAIL'}  first delta, vendor write to client read: median ` +
      `${median(firstTokenGaps).toFixed(1)} ms, worst ${firstTokenWorst.toFixed(1)} ms (budget ${FIRST_TOKEN_BUDGET_MS} ms)`,
  );

  await app.close();
  await vendors.stop();
  await database.dispose();
  process.exitCode = finalPass && firstTokenPass ? 0 : 1;
}

void main();
