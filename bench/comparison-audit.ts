// Reads what the local analyser reports on public answers nobody labelled (docs/performance.md, "Answers nobody
// labelled"): questions of a source in bench/corpus/real/ (a labels file's, or audit-sources.json's) that no label
// covers, the first three of its models that answered each, every reported disagreement printed with its quotes for a person to judge true or false.
// Usage: npx tsx bench/comparison-audit.ts [source] [first question] [how many]
//   e.g. npx tsx bench/comparison-audit.ts arena-bench-v1 150 150
// The answers come from the local snapshot of the public repository, as for the labelled sets.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseLocally } from '../src/server/comparison/local-analyser';
import { answeredBy, buildSet, questionIds, type LabelsFile, type PublicFile } from './corpus/real/real-corpus';

// Labelled sources (arena.labels.json, vicuna.labels.json) and sources kept only for this reading (audit-sources.json).
const folder = fileURLToPath(new URL('./corpus/real/', import.meta.url));
const files = readdirSync(folder).filter((file) => file.endsWith('.labels.json') || file === 'audit-sources.json');
const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Partial<LabelsFile>;
const [sourceName = 'arena-hard-v0.1', first = '0', count = '80'] = process.argv.slice(2);
const source = files.map((file) => read(file).sources?.[sourceName]).find(Boolean);
if (!source) throw new Error(`no source '${sourceName}' in ${folder}`);

// A question labelled under any source that reads the same questions file is labelled here too.
const questionsOf = (file: PublicFile) => `${file.commit}:${file.path}`;
const labelled = new Set(
  files.flatMap((file) => {
    const { sources = {}, cases = [] } = read(file);
    return cases.flatMap((c) =>
      sources[c.source] ? [`${questionsOf(sources[c.source]!.questions)}/${c.question}`] : [],
    );
  }),
);
const ids = questionIds(source)
  .filter((id) => !labelled.has(`${questionsOf(source.questions)}/${id}`))
  .slice(Number(first), Number(first) + Number(count));

const keys = ['chatgpt', 'claude', 'gemini'];
const unlabelled: LabelsFile = {
  description: 'unlabelled questions, for reading what is reported',
  sources: { [sourceName]: source },
  // The first three of the source's models that answered each question; a question two answered is a two-answer case.
  cases: ids
    .map((id) => ({ id, models: answeredBy(source, id).slice(0, 3) }))
    .filter(({ models }) => models.length >= 2)
    .map(({ id, models }) => ({
      source: sourceName,
      question: id,
      models: Object.fromEntries(models.map((model, i) => [keys[i]!, model])),
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
