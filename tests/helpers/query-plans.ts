import pg from 'pg';

// Reading PostgreSQL's plans (EXPLAIN, format json) for the tests and benchmarks that check index
// use: which indexes a statement reads, and which tables it scans whole.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** A full scan of `table`, as scansOf lists it. */
export const seqScanOf = (table: string | undefined) => `Seq Scan on ${table}`;

/**
 * Each index a plan reads, and each sequential scan of a table `watched` accepts (by default every
 * table): a small table may rightly be read whole.
 */
export function scansOf(node: PlanNode, watched: (table: string) => boolean = () => true, found: string[] = []) {
  if (node['Index Name']) found.push(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && watched(node['Relation Name'] ?? ''))
    found.push(seqScanOf(node['Relation Name']));
  for (const child of node.Plans ?? []) scansOf(child, watched, found);
  return found;
}

/** The first plan of an EXPLAIN (format json) answer: PGlite hands the JSON over as text, pg parsed. */
export function planOf(row: unknown): PlanNode {
  const json = (row as { 'QUERY PLAN': unknown })['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/** What PostgreSQL at `url` plans for each statement: the indexes read and the watched tables scanned whole. */
export async function explainScans(
  url: string,
  statements: [string, unknown[]][],
  watched?: (table: string) => boolean,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const scans: string[] = [];
    for (const [statement, params] of statements) {
      const { rows } = await client.query(`explain (format json) ${statement}`, params);
      scansOf(planOf(rows[0]), watched, scans);
    }
    return [...new Set(scans)];
  } finally {
    await client.end();
  }
}
