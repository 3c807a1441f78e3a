// Comparison quality, scored strictly as issue 33 (item 10) and docs/performance.md describe, on every set:
// the development sets of real model answers (bench/corpus/real/*.labels.json, built from public benchmark
// files at run time) and the team's earlier held-out corpus (bench/corpus/held-out-*.ts), kept as a
// regression set. Per set: labelled conflicts named (per value kind), precision of the reported
// disagreements, style-only cases flagged, false agreements, Parallax answers that state a contested value
// as shared, and the odd answer ranked first; then the time of one analysis of three ~2,000-word answers.
// Run: npx tsx bench/comparison-quality.bench.ts [--verbose] [--set NAME] [--json FILE]

import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { AnswerForComparison } from '../src/common/comparison';
import { assembleConsensus } from '../src/server/comparison/consensus';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import type { ComparisonWorkers as SourcePool } from '../src/server/comparison/worker-pool';
import { VALUE_KINDS, type HeldOutCase } from './corpus/held-out-corpus';
import { heldOutConflictCases } from './corpus/held-out-conflicts';
import { heldOutStyleCases } from './corpus/held-out-style';
import { realSets } from './corpus/real/real-corpus';
import { scoreCase, type CaseScore, type ScoredCase } from './support/comparison-scoring';

const argument = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const verbose = process.argv.includes('--verbose');
const onlySet = argument('--set');
const jsonFile = argument('--json');
const RUNS = 100;
const TIMING_WORDS = 2000;

/**
 * The held-out corpus plants one wrong value in each conflict and lists it last; the other models state the
 * true value, each in its own words ('since 1961', '31 May 1961'). One case lists its wrong value first.
 */
const PLANTED_ODD_ONE: Record<string, string> = { 'liquid-nitrogen-kelvin-right-celsius-wrong': 'chatgpt' };

function fromHeldOut(set: HeldOutCase): ScoredCase {
  return {
    name: set.name,
    question: set.question,
    answers: set.answers,
    conflicts: set.conflicts.map((conflict) => {
      const models = Object.keys(conflict.values);
      const odd = PLANTED_ODD_ONE[set.name] ?? models[models.length - 1]!;
      const pick = (keep: (model: string) => boolean) =>
        Object.fromEntries(Object.entries(conflict.values).filter(([model]) => keep(model)));
      return { kind: conflict.kind, sides: [pick((m) => m !== odd), pick((m) => m === odd)] };
    }),
  };
}

interface NamedSet {
  name: string;
  cases: ScoredCase[];
  unavailable?: string;
}

const sets: NamedSet[] = [
  ...realSets().map((set) => ({ name: `real: ${set.name}`, cases: set.cases, unavailable: set.unavailable })),
  { name: 'regression: held-out corpus', cases: [...heldOutConflictCases, ...heldOutStyleCases].map(fromHeldOut) },
].filter((set) => !onlySet || set.name.includes(onlySet));

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

function show(set: ScoredCase, score: CaseScore): void {
  if (!verbose) return;
  console.log(
    `\n# ${set.name}${score.styleOnly ? ' (style-only)' : ''}\n  Q: ${set.question.slice(0, 160).replace(/\s+/g, ' ')}`,
  );
  for (const d of score.falseReports) {
    console.log(`  FALSE: ${d.topic}`);
    for (const p of d.positions) console.log(`      ${p.model}: [${p.value ?? ''}] ${p.claim.slice(0, 160)}`);
  }
  for (const m of score.missed) console.log(`  MISSED ${m.kind}: ${JSON.stringify(m.sides)}`);
  for (const f of score.falselyAgreed) {
    console.log(
      `  FALSE AGREEMENT: ${f.model} [${f.value}] agreed by ${f.agreedBy.join(', ')}: ${f.claim.slice(0, 160)}`,
    );
  }
  if (score.contestedAsShared) console.log('  PARALLAX ANSWER STATES A CONTESTED VALUE AS SHARED');
  if (score.oddOneOut?.rankedFirst) console.log(`  ODD ANSWER RANKED FIRST: ${score.oddOneOut.model}`);
}

interface SetResult {
  set: string;
  cases: number;
  styleOnlyCases: number;
  conflicts: number;
  named: number;
  namedByKind: Record<string, { labelled: number; named: number }>;
  reported: number;
  trueReports: number;
  styleOnlyFlagged: number;
  agreedClaims: number;
  falseAgreements: number;
  contestedAsShared: number;
  oddOneOutCases: number;
  oddRankedFirst: number;
}

const results: SetResult[] = [];
for (const set of sets) {
  if (set.unavailable) {
    console.log(`\n${set.name}: not measured: ${set.unavailable}`);
    continue;
  }
  const scores = set.cases.map((c) => {
    // The Parallax answer is assembled after the analysis, as the comparison worker does (consensus.ts).
    const analysis = analyseLocally(c.answers, c.question);
    const consensus = assembleConsensus(analysis, c.answers);
    const score = scoreCase(c, { ...analysis, ...(consensus && { consensus }) });
    show(c, score);
    return score;
  });
  const namedByKind: SetResult['namedByKind'] = {};
  for (const kind of VALUE_KINDS) namedByKind[kind] = { labelled: 0, named: 0 };
  for (const entry of scores.flatMap((s) => s.named)) {
    namedByKind[entry.kind]!.labelled += 1;
    if (entry.named) namedByKind[entry.kind]!.named += 1;
  }
  const sum = (f: (s: CaseScore) => number) => scores.reduce((total, s) => total + f(s), 0);
  results.push({
    set: set.name,
    cases: scores.length,
    styleOnlyCases: scores.filter((s) => s.styleOnly).length,
    conflicts: sum((s) => s.named.length),
    named: sum((s) => s.named.filter((n) => n.named).length),
    namedByKind,
    reported: sum((s) => s.reported),
    trueReports: sum((s) => s.trueReports),
    styleOnlyFlagged: scores.filter((s) => s.styleOnly && s.reported > 0).length,
    agreedClaims: sum((s) => s.agreedClaims),
    falseAgreements: sum((s) => s.falseAgreements),
    contestedAsShared: scores.filter((s) => s.contestedAsShared).length,
    oddOneOutCases: scores.filter((s) => s.oddOneOut).length,
    oddRankedFirst: scores.filter((s) => s.oddOneOut?.rankedFirst).length,
  });
}

for (const r of results) {
  console.log(
    `\n${r.set}: ${r.cases} cases (${r.cases - r.styleOnlyCases} with conflicts, ${r.styleOnlyCases} style-only)`,
  );
  console.log(`  labelled conflicts named: ${r.named}/${r.conflicts} (${pct(r.named, r.conflicts)})`);
  for (const [kind, k] of Object.entries(r.namedByKind)) {
    if (k.labelled > 0) console.log(`    ${kind.padEnd(11)} ${k.named}/${k.labelled} (${pct(k.named, k.labelled)})`);
  }
  console.log(
    `  precision of reported disagreements: ${r.trueReports}/${r.reported} (${pct(r.trueReports, r.reported)})`,
  );
  console.log(
    `  style-only cases flagged: ${r.styleOnlyFlagged}/${r.styleOnlyCases} (${pct(r.styleOnlyFlagged, r.styleOnlyCases)})`,
  );
  console.log(
    `  false agreements: ${r.falseAgreements}/${r.agreedClaims} agreed claims (${pct(r.falseAgreements, r.agreedClaims)})`,
  );
  console.log(`  Parallax answers stating a contested value as shared: ${r.contestedAsShared} cases`);
  console.log(
    `  odd answer ranked first or tied first: ${r.oddRankedFirst}/${r.oddOneOutCases} (${pct(r.oddRankedFirst, r.oddOneOutCases)})`,
  );
}
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));

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

// Timed as the production server runs it: in a comparison worker thread of the pool (worker-pool.ts, with its
// heap limits), answers and analysis carried across by structured clone, the code bundled by esbuild as
// scripts/build-server.mjs does (not through the TypeScript loader, whose name-keeping wrappers around every
// inner function cost about 10%). The bundles sit under node_modules so that the packages they leave as
// imports resolve; the pool finds its worker's code beside its own.
const bundles = fileURLToPath(new URL('../node_modules/.cache/parallax-bench/', import.meta.url));
await build({
  entryPoints: {
    'worker-pool': fileURLToPath(new URL('../src/server/comparison/worker-pool.ts', import.meta.url)),
    'comparison-worker': fileURLToPath(new URL('../src/server/comparison/comparison-worker.ts', import.meta.url)),
  },
  outdir: bundles,
  outExtension: { '.js': '.js' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
const { ComparisonWorkers } = (await import(pathToFileURL(`${bundles}worker-pool.js`).href)) as {
  ComparisonWorkers: typeof SourcePool;
};
const pool = new ComparisonWorkers({ size: 1 });
const timed = longAnswers();
for (let i = 0; i < 10; i++) await pool.analyse(timed, '');
const wall: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await pool.analyse(timed, '');
  wall.push(performance.now() - start);
}
await pool.close();
wall.sort((a, b) => a - b);

console.log(
  `\none analysis of three answers of ${timed.map((a) => words(a.text ?? '')).join(' / ')} words, ${RUNS} runs: ` +
    `median ${percentile(wall, 50).toFixed(1)} ms, p95 ${percentile(wall, 95).toFixed(1)} ms, in a comparison worker`,
);
