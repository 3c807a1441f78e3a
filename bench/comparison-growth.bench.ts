// How the comparison's cost grows with the answers (issue 32, H2; decision 0058). Three answers at 1x, 2x, 4x
// and 8x of 2,500 characters each, up to the part the comparison reads (COMPARED_ANSWER_CHARS), in two
// shapes: ordinary prose (the analyser corpus's answers) and the numbered facts an asker can ask for by
// the thousand. For each step: the claims found, the CPU time of the local analysis and of the Parallax
// answer's assembly, and the growth per doubling as an exponent of the claims (1 is linear, about 1.1
// n log n, 2 quadratic). Budgets: the analysis of three answers at the cap within 1 s of CPU in both
// shapes, the assembly growing no faster than n log n over the whole range, and the analysis no faster
// than n log n from 2x to 8x (the smallest step is mostly fixed costs): its steps find counterparts
// through indexes and keep a bounded number per value (comparison/matching.ts, CANDIDATES_PER_VALUE).
// Run: npm run bench -- comparison-growth

import type { AnswerForComparison } from '../src/common/comparison';
import { COMPARED_ANSWER_CHARS } from '../src/common/limits';
import { comparedPart } from '../src/server/comparison/compared-part';
import { assembleConsensus } from '../src/server/comparison/consensus';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import { conflictSets } from '../tests/fixtures/comparison/analyser-corpus-conflicts';
import { styleSets } from '../tests/fixtures/comparison/analyser-corpus-style';

const BASE_CHARS = COMPARED_ANSWER_CHARS / 8;
const STEPS = [1, 2, 4, 8];
const MODELS = ['chatgpt', 'claude', 'gemini'];
const ANALYSIS_AT_CAP_BUDGET_MS = 1000;
/** n log n from 1,000 to 2,000 claims grows by 2.2, an exponent of about 1.1; some room for noise. */
const ASSEMBLY_EXPONENT_BUDGET = 1.3;
/** The same bound for the whole analysis, measured from the second step to the last. */
const ANALYSIS_EXPONENT_BUDGET = 1.3;

function prose(chars: number): AnswerForComparison[] {
  const sets = [...conflictSets, ...styleSets];
  return MODELS.map((model, slot) => {
    let text = '';
    for (let k = 0; text.length < chars * 1.2; k++) {
      const set = sets[(k * 7 + slot * 3) % sets.length]!;
      text += `${text ? '\n\n' : ''}${set.answers[(k + slot) % set.answers.length]!.text ?? ''}`;
    }
    return { model, text: comparedPart(text, chars), error: null };
  });
}

function numberedFacts(chars: number): AnswerForComparison[] {
  return MODELS.map((model, slot) => {
    const lines: string[] = [];
    for (let i = 0; lines.join('\n').length < chars * 1.2; i++) {
      lines.push(`${i + 1}. Item ${i + 1} weighs ${i * 3 + slot} kg and was made in ${1800 + ((i + slot) % 200)}.`);
    }
    return { model, text: comparedPart(lines.join('\n'), chars), error: null };
  });
}

const cpuMs = (run: () => void) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Step {
  chars: number;
  claims: number;
  analysisMs: number;
  assemblyMs: number;
}

function measure(shape: (chars: number) => AnswerForComparison[]): Step[] {
  // Warm the compiler on the smallest size first.
  for (let i = 0; i < 3; i++) analyseLocally(shape(BASE_CHARS));
  return STEPS.map((step) => {
    const answers = shape(BASE_CHARS * step);
    const runs = step >= 4 ? 3 : 5;
    const analysis = analyseLocally(answers);
    const claims = (analysis.claims ?? []).reduce((sum, entry) => sum + entry.claims.length, 0);
    return {
      chars: BASE_CHARS * step,
      claims,
      analysisMs: median(Array.from({ length: runs }, () => cpuMs(() => analyseLocally(answers)))),
      // Milliseconds or less: the least of many runs, which a collection or a shared core does not inflate.
      assemblyMs: Math.min(...Array.from({ length: 40 }, () => cpuMs(() => assembleConsensus(analysis, answers)))),
    };
  });
}

/** The exponent of the claims that the time grew by from one step to the next. */
const exponent = (from: Step, to: Step, ms: (step: Step) => number) =>
  Math.log(Math.max(ms(to), 0.01) / Math.max(ms(from), 0.01)) / Math.log(to.claims / from.claims);

let pass = true;
for (const [name, shape] of [
  ['prose', prose],
  ['numbered facts', numberedFacts],
] as const) {
  const steps = measure(shape);
  console.log(`\n${name}: three answers`);
  steps.forEach((step, i) => {
    const before = steps[i - 1];
    const growth = before
      ? `  growth exponent: analysis ${exponent(before, step, (s) => s.analysisMs).toFixed(2)}, ` +
        `assembly ${exponent(before, step, (s) => s.assemblyMs).toFixed(2)}`
      : '';
    console.log(
      `  ${String(step.chars).padStart(6)} chars each, ${String(step.claims).padStart(5)} claims: analysis ` +
        `${step.analysisMs.toFixed(0).padStart(6)} ms, assembly ${step.assemblyMs.toFixed(2).padStart(7)} ms CPU${growth}`,
    );
  });
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const assembly = exponent(first, last, (s) => s.assemblyMs);
  const assemblyPass = assembly <= ASSEMBLY_EXPONENT_BUDGET;
  console.log(
    `  ${assemblyPass ? 'PASS' : 'FAIL'}  assembly grows with exponent ${assembly.toFixed(2)} over 8x the text ` +
      `(budget ${ASSEMBLY_EXPONENT_BUDGET})`,
  );
  const analysis = exponent(steps[1]!, last, (s) => s.analysisMs);
  const analysisPass = analysis <= ANALYSIS_EXPONENT_BUDGET;
  console.log(
    `  ${analysisPass ? 'PASS' : 'FAIL'}  analysis grows with exponent ${analysis.toFixed(2)} from 2x to 8x the text ` +
      `(budget ${ANALYSIS_EXPONENT_BUDGET})`,
  );
  const capPass = last.analysisMs <= ANALYSIS_AT_CAP_BUDGET_MS;
  console.log(
    `  ${capPass ? 'PASS' : 'FAIL'}  analysis at the cap (${COMPARED_ANSWER_CHARS} chars each): ` +
      `${last.analysisMs.toFixed(0)} ms CPU (budget ${ANALYSIS_AT_CAP_BUDGET_MS} ms)`,
  );
  pass &&= assemblyPass && analysisPass && capPass;
}
process.exitCode = pass ? 0 : 1;
