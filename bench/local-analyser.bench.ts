// Benchmark of the local analyser (docs/architecture.md, "The local analyser"): detection rate on the labelled
// conflict sets, false alarms on the style-only sets, the same on three long mixed answers, and timing.
// Run: npx tsx bench/local-analyser.bench.ts [--verbose]

import type { AnswerForComparison, ComparisonAnalysis } from '../src/common/comparison';
import { matchesConflict, type KnownConflict, type LabelledSet } from '../tests/fixtures/comparison/analyser-corpus';
import { conflictSets } from '../tests/fixtures/comparison/analyser-corpus-conflicts';
import { heldOutConflictSets, heldOutStyleSets } from '../tests/fixtures/comparison/analyser-corpus-held-out';
import { styleSets } from '../tests/fixtures/comparison/analyser-corpus-style';
import { analyseLocally } from '../src/server/comparison/local-analyser';

const verbose = process.argv.includes('--verbose');
const RUNS = 200;
const SLOTS = ['chatgpt', 'claude', 'gemini'] as const;

interface Score {
  known: number;
  found: number;
  spurious: number;
  styleSets: number;
  styleSetsWithAlarm: number;
  falseAlarms: number;
}

function show(set: LabelledSet, analysis: ComparisonAnalysis): void {
  if (!verbose) return;
  console.log(`\n# ${set.name}\n  ${analysis.summary}`);
  for (const d of analysis.disagreements) {
    console.log(`  ! ${d.topic}`);
    for (const p of d.positions) console.log(`      ${p.model}: ${p.claim}`);
  }
  for (const a of analysis.agreements) console.log(`  = ${a}`);
  console.log(`  ${analysis.confidenceRanking.map((c) => `${c.model} ${c.score}`).join(', ')}`);
}

function evaluate(sets: LabelledSet[], score: Score): void {
  for (const set of sets) {
    const analysis = analyseLocally(set.answers);
    show(set, analysis);
    if (set.conflicts.length === 0) {
      score.styleSets += 1;
      score.falseAlarms += analysis.disagreements.length;
      if (analysis.disagreements.length > 0) score.styleSetsWithAlarm += 1;
      continue;
    }
    score.known += set.conflicts.length;
    score.found += set.conflicts.filter((known) =>
      analysis.disagreements.some((d) => matchesConflict(d, known)),
    ).length;
    score.spurious += analysis.disagreements.filter(
      (d) => !set.conflicts.some((known) => matchesConflict(d, known)),
    ).length;
  }
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Style sets whose topics no conflict set repeats: mixing two sets of one topic would contradict itself. */
const DISTINCT_STYLE_TOPICS = [
  'Python',
  'Tomatoes',
  'Caffeine',
  'Photosynthesis',
  'Water in the body',
  'Second World War',
];

/**
 * Three long answers, each made of one answer of every conflict set and of the style sets on other
 * topics, each set's models mapped onto three slots: ~800 words of many topics in which the known
 * conflicts have to be found.
 */
function mixedSet(): LabelledSet {
  const parts: string[][] = SLOTS.map(() => []);
  const conflicts: KnownConflict[] = [];
  const sets = [
    ...conflictSets,
    ...styleSets.filter((set) => DISTINCT_STYLE_TOPICS.some((topic) => set.name.startsWith(topic))),
  ];
  sets.forEach((set, k) => {
    // Rotating the slots spreads the two-answer sets evenly over the three answers.
    const slot = (i: number) => (i + k) % SLOTS.length;
    const slotOf = new Map(set.answers.map((answer, i) => [answer.model, SLOTS[slot(i)] as string]));
    set.answers.forEach((answer, i) => parts[slot(i)]?.push(answer.text ?? ''));
    for (const known of set.conflicts) {
      conflicts.push(Object.fromEntries(Object.entries(known).map(([model, text]) => [slotOf.get(model), text])));
    }
  });
  const answers: AnswerForComparison[] = SLOTS.map((model, i) => ({
    model,
    text: (parts[i] ?? []).join('\n\n'),
    error: null,
  }));
  return { name: 'three long mixed answers', answers, conflicts };
}

const TIMING_WORDS = 800;

/** The mixed answers topped up with the remaining style sets until each has at least 800 words. */
function timingAnswers(mixed: LabelledSet): AnswerForComparison[] {
  const texts = mixed.answers.map((answer) => answer.text ?? '');
  const filler = styleSets.flatMap((set) => set.answers.map((answer) => answer.text ?? ''));
  texts.forEach((_, i) => {
    for (let k = i; words(texts[i] ?? '') < TIMING_WORDS; k++) texts[i] += `\n\n${filler[k % filler.length]}`;
  });
  return mixed.answers.map((answer, i) => ({ ...answer, text: texts[i] ?? '' }));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

interface Timing {
  median: number;
  p95: number;
  cpuMedian: number;
}

// Wall time is what a request waits; CPU time of this process is reported beside it because other work on
// a shared machine inflates wall time but not the analyser's own cost.
function time(answers: AnswerForComparison[]): Timing {
  for (let i = 0; i < 20; i++) analyseLocally(answers);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    analyseLocally(answers);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: percentile(wall, 50), p95: percentile(wall, 95), cpuMedian: percentile(cpu, 50) };
}

const emptyScore = (): Score => ({
  known: 0,
  found: 0,
  spurious: 0,
  styleSets: 0,
  styleSetsWithAlarm: 0,
  falseAlarms: 0,
});
const labelled = emptyScore();
evaluate([...conflictSets, ...styleSets], labelled);
const heldOut = emptyScore();
evaluate([...heldOutConflictSets, ...heldOutStyleSets], heldOut);
const mixed = mixedSet();
const long = emptyScore();
evaluate([mixed], long);
const timed = timingAnswers(mixed);
const timing = time(timed);

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
function report(title: string, score: Score, sets: number): void {
  console.log(`  ${title}`);
  console.log(`    conflict sets: ${sets}, known conflicts: ${score.known}`);
  console.log(`    detection rate: ${score.found}/${score.known} = ${pct(score.found, score.known)}`);
  console.log(`    spurious disagreements on conflict sets: ${score.spurious}`);
  console.log(
    `    style-only sets: ${score.styleSets}, with a false alarm: ${score.styleSetsWithAlarm} ` +
      `(${pct(score.styleSetsWithAlarm, score.styleSets)}), false disagreements: ${score.falseAlarms}`,
  );
}
console.log('\nLocal analyser benchmark');
report('development corpus (thresholds tuned on it)', labelled, conflictSets.length);
report('held-out corpus (written after tuning)', heldOut, heldOutConflictSets.length);
console.log(
  `  long mixed answers (${mixed.answers.map((a) => words(a.text ?? '')).join(' / ')} words): ` +
    `detection ${long.found}/${long.known}, spurious ${long.spurious}`,
);
console.log(
  `  time per analysis of three answers of ${timed.map((a) => words(a.text ?? '')).join(' / ')} words over ${RUNS} runs: ` +
    `median ${timing.median.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (CPU time median ${timing.cpuMedian.toFixed(2)} ms)`,
);
