import type { AnswerForComparison, ComparisonAnalysis, Consensus } from '../../common/comparison';
import { noteCitedSources, type CitedAnswer } from './cited-positions';
import { assembleConsensus } from './consensus';
import { analyseLocally } from './local-analyser';

// The comparison's work that grows with the answers, as messages a worker thread can run
// (comparison-worker.ts, worker-pool.ts; decision 0058): plain data in, plain data out, as structured
// clone carries it.

export type ComparisonTask =
  | { kind: 'analyse'; question: string; answers: AnswerForComparison[] }
  | { kind: 'finish'; comparison: ComparisonAnalysis; answers: CitedAnswer[] };

/** A comparison with the cited sources noted on its disputes, and the Parallax answer assembled from it. */
export interface FinishedComparison {
  comparison: ComparisonAnalysis;
  consensus: Consensus | null;
}

/** Runs one task where it is called: in the worker thread, or in tests that check the tasks themselves. */
export function runComparisonTask(task: ComparisonTask): ComparisonAnalysis | FinishedComparison {
  switch (task.kind) {
    case 'analyse':
      return analyseLocally(task.answers, task.question);
    case 'finish':
      return {
        comparison: noteCitedSources(task.comparison, task.answers),
        consensus: assembleConsensus(task.comparison, task.answers),
      };
  }
}
