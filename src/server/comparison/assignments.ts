// Results a worked answer ends on (issue 33, item 1, 'the same fact'): 'x = 10', 'y = 23 1/3', 'f(2) = 39'.
// A variable the question itself names ('solve for x', 'x + y = 30') is the most exactly aligned fact two
// answers can state: each answer's last value for it is its result, and two results for one variable are
// compared as numbers, to the precision each writes (0.125 = 1/8; 13.33 is 40/3 to two places).

import type { Claim } from './claims';
import type { MainValue } from './main-candidates';
import type { MainFinding } from './main-values';

/** A name a question uses as a variable: one letter, or a call such as f(2). */
const VARIABLE = String.raw`([a-zA-Z](?:\(\s*-?[\d.]+\s*\))?)`;
/** A result: integer, decimal, fraction or mixed number, optionally negative. */
const NUMBER = String.raw`(-?\s?\d+(?:\.\d+)?(?:\s+\d+\s*\/\s*\d+)?(?:\s*\/\s*\d+)?)`;
/** Where a result ends: the sentence goes on, but the arithmetic does not. */
const RESULT_END = String.raw`(?=\s*(?:$|[.,;)\]]|\s(?!\s*[-+*/×÷^=])))`;
const ASSIGNMENT = new RegExp(String.raw`(?:^|[\s(,:;])${VARIABLE}\s*=\s*${NUMBER}${RESULT_END}`, 'g');
/** Working written as one chain, 'f(2) = 5(2)^3 - 2(2) + 3 = 40 - 1 = 39': its last term is the result. */
const WORKING = String.raw`[-−+*/×÷^()\[\].\d\s\\·⋅]+?`;
const CHAIN = new RegExp(String.raw`(?:^|[\s(,:;])${VARIABLE}\s*=(?:${WORKING}=)+\s*${NUMBER}${RESULT_END}`, 'g');
/** The result said in words: 'the value of f(2) is 39', 'x equals 10'. */
const SAID = new RegExp(
  String.raw`(?:^|[\s(,:;])${VARIABLE}\s+(?:is|equals|is equal to)\s+${NUMBER}${RESULT_END}`,
  'g',
);

interface Result {
  amount: number;
  /** Half the last written place, or 0 for a fraction. */
  tolerance: number;
}

function readNumber(written: string): Result | null {
  const text = written.replace(/\s+/g, ' ').trim();
  const negative = text.startsWith('-');
  const plain = text.replace(/^-\s?/, '');
  const mixed = /^(\d+) (\d+) ?\/ ?(\d+)$/.exec(plain);
  const fraction = /^(\d+) ?\/ ?(\d+)$/.exec(plain);
  let amount: number;
  let tolerance = 0;
  if (mixed) amount = Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  else if (fraction) amount = Number(fraction[1]) / Number(fraction[2]);
  else if (/^\d+(?:\.\d+)?$/.test(plain)) {
    amount = Number(plain);
    const decimals = plain.split('.')[1]?.length ?? 0;
    tolerance = decimals > 0 ? 0.5 * 10 ** -decimals : 0;
  } else return null;
  if (!Number.isFinite(amount)) return null;
  return { amount: negative ? -amount : amount, tolerance };
}

/** The same result: equal within the precision either writes. */
export function sameResult(a: Result, b: Result): boolean {
  return Math.abs(a.amount - b.amount) <= Math.max(a.tolerance, b.tolerance) + 1e-9 * Math.max(1, Math.abs(a.amount));
}

/** The variables a question names in an equation or asks to solve for. */
function questionVariables(question: string): Set<string> {
  const found = new Set<string>();
  for (const match of question.matchAll(/\b(?:solve for|find|value of|values of)\s+([a-zA-Z])\b/gi))
    found.add(match[1]!);
  for (const match of question.matchAll(/(?:\d\s*|\b)([a-zA-Z])\s*(?=[-+=*/^)]|\s[-+=]\s)/g)) {
    if (/[=+\-*/^]/.test(question)) found.add(match[1]!);
  }
  for (const match of question.matchAll(/\b([a-zA-Z])\s*\(\s*-?[\d.]+\s*\)/g)) found.add(match[0].replace(/\s+/g, ''));
  // Words of one letter that are words, not variables.
  found.delete('a');
  found.delete('A');
  found.delete('I');
  return found;
}

interface Stated {
  main: MainValue;
  result: Result;
}

/** Each answer's last stated result for each variable of the question. */
function lastResults(claims: Claim[], answer: number, variables: Set<string>): Map<string, Stated> {
  const results = new Map<string, Stated>();
  for (const claim of claims) {
    const matches = [ASSIGNMENT, CHAIN, SAID]
      .flatMap((pattern) => [...claim.text.matchAll(pattern)])
      .sort((a, b) => a.index + a[0].length - (b.index + b[0].length));
    for (const match of matches) {
      const variable = match[1]!.replace(/\s+/g, '');
      if (!variables.has(variable)) continue;
      const result = readNumber(match[2]!);
      if (!result) continue;
      const display = `${variable} = ${match[2]!.trim()}`;
      results.set(variable, {
        main: {
          answer,
          claim,
          display,
          comparable: {
            kind: 'data',
            data: {
              kind: 'quantity',
              dim: 'number',
              amount: result.amount,
              tolerance: result.tolerance,
              bound: 'exact',
              role: [],
            },
          },
          score: 1,
        },
        result,
      });
    }
  }
  return results;
}

/** One finding per variable of the question on which the answers' results differ. */
export function compareAssignments(question: string, claims: Claim[][]): MainFinding[] {
  const variables = questionVariables(question);
  if (variables.size === 0) return [];
  const byAnswer = claims.map((answerClaims, answer) => lastResults(answerClaims, answer, variables));
  const findings: MainFinding[] = [];
  for (const variable of variables) {
    const stated = byAnswer.flatMap((results) => results.get(variable) ?? []);
    const sides: Stated[][] = [];
    for (const entry of stated) {
      const side = sides.find((s) => sameResult(s[0]!.result, entry.result));
      if (side) side.push(entry);
      else sides.push([entry]);
    }
    if (sides.length < 2) continue;
    findings.push({
      expectation: { kind: 'quantity', focus: [] },
      sides: sides.map((side) => side.map((entry) => entry.main)),
      topic: `Value of ${variable}`,
    });
  }
  return findings;
}
