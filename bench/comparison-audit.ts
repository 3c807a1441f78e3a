// Reads what the local analyser reports on public answers nobody labelled (docs/performance.md, "Answers nobody
// labelled"): questions of a source in bench/corpus/real/arena.labels.json that no label covers, three of its
// models each, every reported disagreement printed with its quotes for a person to judge true or false.
// Usage: npx tsx bench/comparison-audit.ts [source] [first question] [how many]
//   e.g. npx tsx bench/comparison-audit.ts arena-bench-v1 150 150
// The answers come from the local snapshot of the public repository, as for the labelled sets.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import { buildSet, questionIds, type LabelsFile } from './corpus/real/real-corpus';

const labelsPath = fileURLToPath(new URL('./corpus/real/arena.labels.json', import.meta.url));
const labels = JSON.parse(readFileSync(labelsPath, 'utf8')) as LabelsFile;
const [sourceName = 'arena-hard-v0.1', first = '0', count = '80'] = process.argv.slice(2);
const source = labels.sources[sourceName];
if (!source) throw new Error(`no source '${sourceName}' in ${labelsPath}`);

const labelled = new Set(labels.cases.map((c) => c.question));
const ids = questionIds(source)
  .filter((id) => !labelled.has(id))
  .slice(Number(first), Number(first) + Number(count));

const publicModels = Object.keys(source.answers).slice(0, 3);
const keys = ['chatgpt', 'claude', 'gemini'];
const unlabelled: LabelsFile = {
  description: 'unlabelled questions, for reading what is reported',
  sources: { [sourceName]: source },
  cases: ids.map((id) => ({
    source: sourceName,
    question: id,
    models: Object.fromEntries(publicModels.map((model, i) => [keys[i]!, model])),
    conflicts: [],
  })),
};

let flagged = 0;
let reports = 0;
const { cases } = buildSet('audit', unlabelled);
for (const c of cases) {
  const analysis = analyseLocally(c.answers, c.question);
  if (analysis.disagreements.length === 0) continue;
  flagged += 1;
  console.log(`\n# ${c.name}\nQ: ${c.question.replace(/\s+/g, ' ').slice(0, 240)}`);
  for (const disagreement of analysis.disagreements) {
    reports += 1;
    console.log(`  ${disagreement.topic}`);
    for (const p of disagreement.positions) console.log(`     ${p.model}: [${p.value ?? ''}] ${p.claim.slice(0, 180)}`);
  }
}
console.log(`\n${cases.length} cases, ${flagged} with disagreements, ${reports} disagreements`);
