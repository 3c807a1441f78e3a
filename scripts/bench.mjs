// npm run bench [-- NAME ...]: runs every benchmark in bench/ (or the named ones) one after another,
// each in its own process, and ends with a line per benchmark: PASS when it met its budgets, FAIL
// when it did not. Benchmarks print their figures as ratios against a baseline taken in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const all = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`No such benchmark: ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : all;
const results = [];
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], { stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}
console.log('\n=== summary ===');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds.toFixed(0)} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
