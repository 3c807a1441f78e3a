import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The allowance has one owner (issue 'One owner for every rule', item 1): only allowance/ writes a
// user's question counts. A write is a drizzle .set(...) or .values(...) whose argument names either
// column, or raw SQL naming the column itself; reads (selects, sorting) are anyone's.

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OWNERS = [path.join(SERVER, 'allowance'), path.join(SERVER, 'db')];
const COLUMNS = /\b(?:free|paid)QuestionsRemaining\b/;
const RAW_COLUMNS = /\b(?:free|paid)_questions_remaining\b/;
// The ledger is written with the counts, so it has the same owner; anyone may read it through ledger.ts.
const LEDGER = /\ballowanceLedger\b|\ballowance_ledger\b/;

/** The text of every .set(...) and .values(...) argument in a source file, parentheses balanced. */
function writeArguments(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.(?:set|values)\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < source.length && depth > 0) {
      if (source[end] === '(') depth += 1;
      else if (source[end] === ')') depth -= 1;
      end += 1;
    }
    found.push(source.slice(match.index, end));
  }
  return found;
}

/** Where a source file writes the question counts or touches their ledger. */
export function countWrites(source: string): string[] {
  return [
    ...writeArguments(source).filter((argument) => COLUMNS.test(argument)),
    ...source.split('\n').filter((line) => RAW_COLUMNS.test(line) || LEDGER.test(line)),
  ];
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return OWNERS.includes(full) ? [] : serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('who writes the question counts', () => {
  it('finds a write of either count or of the ledger, in drizzle or in raw SQL, and leaves reads alone', () => {
    expect(
      countWrites('await tx.update(users).set({ paidQuestionsRemaining: 0, updatedAt: new Date() })'),
    ).toHaveLength(1);
    expect(countWrites('db.insert(users).values({ username, freeQuestionsRemaining: 33 })')).toHaveLength(1);
    expect(countWrites('await db.execute(sql`update users set free_questions_remaining = 0`)')).toHaveLength(1);
    expect(
      countWrites(
        'db.select({ left: users.freeQuestionsRemaining }).from(users).orderBy(users.paidQuestionsRemaining)',
      ),
    ).toEqual([]);
    expect(countWrites('db.update(users).set({ subscriptionTier: "free" })')).toEqual([]);
    expect(countWrites('await db.insert(allowanceLedger).values({ userId, bucket: "free" })')).toHaveLength(1);
    expect(countWrites('await db.execute(sql`insert into allowance_ledger (user_id) values (1)`)')).toHaveLength(1);
  });

  it('is allowance/ alone', () => {
    const writers = serverSources(SERVER).filter((file) => countWrites(readFileSync(file, 'utf8')).length > 0);
    expect(writers.map((file) => path.relative(SERVER, file))).toEqual([]);
  });
});
