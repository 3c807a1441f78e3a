import { parentPort } from 'node:worker_threads';
import { runComparisonTask, type ComparisonTask } from './comparison-tasks';

// The comparison worker thread's entry (worker-pool.ts starts it; scripts/build-server.mjs bundles it
// beside main.js). One task at a time: the pool sends the next only after this one's reply.

parentPort!.on('message', (task: ComparisonTask) => {
  try {
    parentPort!.postMessage({ ok: true, result: runComparisonTask(task) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
