// Comparison quality on the held-out corpus (bench/corpus/held-out-*.ts), measured as docs/performance.md
// describes: a planted conflict counts as named only when one disagreement quotes the values of both
// sides, each in a claim of the model that wrote it; a style-only case counts as flagged when the
// comparison lists any disagreement; a disagreement on a conflict case that quotes no planted value is
// spurious. Figures per value kind, then the time of one analysis of three ~2,000-word answers.
// Run: npx tsx bench/comparison-quality.bench.ts [--verbose]

import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { AnswerForComparison, ComparisonAnalysis, Disagreement } from '../src/common/comparison';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import { VALUE_KINDS, type HeldOutCase, type PlantedConflict, type ValueKind } from './corpus/held-out-corpus';
import { heldOutConflictCases } from './corpus/held-out-conflicts';
import { heldOutStyleCases } from './corpus/held-out-style';

const verbose = process.argv.includes('--verbose');
const RUNS = 100;
const TIMING_WORDS = 2000;

/** Values are compared by their letters and digits only, so '1,480 m/s' and '1480 m/s' are one side. */
const side = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const quotes = (disagreement: Disagreement, model: string, value: string) =>
  disagreement.positions.some((p) => p.model === model && p.claim.includes(value));

/** Named: one disagreement quotes two models whose planted values differ, each with its own value. */
function names(disagreement: Disagreement, conflict: PlantedConflict): boolean {
  const quoted = Object.entries(conflict.values).filter(([model, value]) => quotes(disagreement, model, value));
  return quoted.some(([, a]) => quoted.some(([, b]) => side(a) !== side(b)));
}

/** Strictly named: every model of the conflict is quoted with its own value. */
const namesStrictly = (disagreement: Disagreement, conflict: PlantedConflict) =>
  Object.entries(conflict.values).every(([model, value]) => quotes(disagreement, model, value));

const quotesAnyPlantedValue = (disagreement: Disagreement, conflicts: PlantedConflict[]) =>
  conflicts.some((c) => Object.entries(c.values).some(([model, value]) => quotes(disagreement, model, value)));

interface KindScore {
  planted: number;
  named: number;
  strictlyNamed: number;
}

function show(set: HeldOutCase, analysis: ComparisonAnalysis, missed: PlantedConflict[]): void {
  if (!verbose) return;
  console.log(`\n# ${set.name}\n  Q: ${set.question}`);
  for (const d of analysis.disagreements) {
    console.log(`  ! ${d.topic}`);
    for (const p of d.positions) console.log(`      ${p.model}: ${p.claim}`);
  }
  for (const m of missed) console.log(`  MISSED ${m.kind}: ${JSON.stringify(m.values)}`);
}

const byKind = new Map<ValueKind, KindScore>(VALUE_KINDS.map((k) => [k, { planted: 0, named: 0, strictlyNamed: 0 }]));
let spurious = 0;
let casesWithSpurious = 0;
for (const set of heldOutConflictCases) {
  const analysis = analyseLocally(set.answers, set.question);
  const missed: PlantedConflict[] = [];
  for (const conflict of set.conflicts) {
    const score = byKind.get(conflict.kind)!;
    score.planted += 1;
    if (analysis.disagreements.some((d) => names(d, conflict))) score.named += 1;
    else missed.push(conflict);
    if (analysis.disagreements.some((d) => namesStrictly(d, conflict))) score.strictlyNamed += 1;
  }
  const extra = analysis.disagreements.filter((d) => !quotesAnyPlantedValue(d, set.conflicts)).length;
  spurious += extra;
  if (extra > 0) casesWithSpurious += 1;
  show(set, analysis, missed);
}

let styleFlagged = 0;
let styleDisagreements = 0;
for (const set of heldOutStyleCases) {
  const analysis = analyseLocally(set.answers, set.question);
  if (analysis.disagreements.length > 0) styleFlagged += 1;
  styleDisagreements += analysis.disagreements.length;
  show(set, analysis, []);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Three answers of 2,000 words (to a paragraph's end), each made of one answer of every case in turn (same slot rotation). */
function longAnswers(): AnswerForComparison[] {
  const all = [...heldOutConflictCases, ...heldOutStyleCases];
  const texts = ['', '', ''];
  for (let k = 0; texts.some((t) => words(t) < TIMING_WORDS); k++) {
    const set = all[k % all.length]!;
    texts.forEach((text, slot) => {
      if (words(text) >= TIMING_WORDS) return;
      const answer = set.answers[(slot + k) % set.answers.length];
      texts[slot] = `${text}\n\n${answer?.text ?? ''}`;
    });
  }
  return texts.map((text, i) => ({ model: ['chatgpt', 'claude', 'gemini'][i]!, text: toWords(text), error: null }));
}

/** The text up to the end of the paragraph in which it reaches TIMING_WORDS words: the budget's answer length. */
function toWords(text: string): string {
  const kept: string[] = [];
  for (const paragraph of text.trim().split(/\n{2,}/)) {
    if (words(kept.join('\n\n')) >= TIMING_WORDS) break;
    kept.push(paragraph);
  }
  return kept.join('\n\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// Timed as the production server runs it: bundled by esbuild as scripts/build-server.mjs does, not
// through the TypeScript loader, whose name-keeping wrappers around every inner function cost about 10%.
// The bundle sits under node_modules so that the packages it leaves as imports resolve.
const bundled = fileURLToPath(new URL('../node_modules/.cache/parallax-bench/local-analyser.mjs', import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL('../src/server/comparison/local-analyser.ts', import.meta.url))],
  outfile: bundled,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const production = (await import(pathToFileURL(bundled).href)) as { analyseLocally: typeof analyseLocally };
const timed = longAnswers();
for (let i = 0; i < 10; i++) production.analyseLocally(timed);
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const startCpu = process.cpuUsage();
  const start = performance.now();
  production.analyseLocally(timed);
  wall.push(performance.now() - start);
  const used = process.cpuUsage(startCpu);
  cpu.push((used.user + used.system) / 1000);
}
wall.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
const totals = [...byKind.values()].reduce(
  (sum, s) => ({
    planted: sum.planted + s.planted,
    named: sum.named + s.named,
    strictlyNamed: sum.strictlyNamed + s.strictlyNamed,
  }),
  { planted: 0, named: 0, strictlyNamed: 0 },
);

console.log('\nComparison quality on the held-out corpus (local analyser)');
console.log(`  conflict cases: ${heldOutConflictCases.length}, style-only cases: ${heldOutStyleCases.length}`);
console.log('  kind         planted  named            all sides quoted');
for (const [kind, s] of byKind) {
  console.log(
    `  ${kind.padEnd(12)} ${String(s.planted).padStart(7)}  ${`${s.named} (${pct(s.named, s.planted)})`.padEnd(16)} ${s.strictlyNamed} (${pct(s.strictlyNamed, s.planted)})`,
  );
}
console.log(
  `  all          ${String(totals.planted).padStart(7)}  ${`${totals.named} (${pct(totals.named, totals.planted)})`.padEnd(16)} ${totals.strictlyNamed} (${pct(totals.strictlyNamed, totals.planted)})`,
);
console.log(`  spurious disagreements on conflict cases: ${spurious} (in ${casesWithSpurious} cases)`);
console.log(
  `  style-only cases flagged: ${styleFlagged}/${heldOutStyleCases.length} (${pct(styleFlagged, heldOutStyleCases.length)}), ` +
    `disagreements listed on them: ${styleDisagreements}`,
);
console.log(
  `  one analysis of three answers of ${timed.map((a) => words(a.text ?? '')).join(' / ')} words, ${RUNS} runs: ` +
    `median ${percentile(wall, 50).toFixed(1)} ms, p95 ${percentile(wall, 95).toFixed(1)} ms ` +
    `(CPU time median ${percentile(cpu, 50).toFixed(1)} ms)`,
);
