import { z } from 'zod';
import {
  comparedInPartText,
  consensusSchema,
  disagreementSchema,
  confidenceEntrySchema,
  CLAIM_STATUSES,
} from './comparison';
import { COMPARISON_MODEL, displayNameOf } from './models';
import { answerSourceSchema, type SavedQuery } from './query-schemas';

// A question's comparison as a file (issue 14, item 2): JSON in the versioned shape below, and Markdown
// for people. Both hold the question, the answers, the claims, the disagreements (with their re-checks),
// the Parallax answer and the ranking, and nothing about the account or session that asked. A change
// that removes or renames a field raises COMPARISON_EXPORT_VERSION; adding an optional field does not.
// docs/product.md, "Export", describes each field.

export const COMPARISON_EXPORT_VERSION = 1;

const exportedClaimSchema = z.object({
  /** The value the claim states, as the answer writes it. */
  value: z.string(),
  /** The sentence it stands in. */
  sentence: z.string(),
  status: z.enum(CLAIM_STATUSES),
  agreedBy: z.array(z.string()),
  contradictedBy: z.array(z.object({ model: z.string(), value: z.string() })),
});

const exportedTurnSchema = z.object({
  question: z.string(),
  askedAt: z.string(),
  webSearch: z.boolean(),
  answers: z.array(
    z.object({
      model: z.string(),
      displayName: z.string(),
      modelVersion: z.string().nullable(),
      text: z.string().nullable(),
      error: z.string().nullable(),
      responseTimeMs: z.number().int().nullable(),
      inputTokens: z.number().int().nullable(),
      outputTokens: z.number().int().nullable(),
      sources: z.array(answerSourceSchema),
      claims: z.array(exportedClaimSchema),
      /** Present when the comparison read only the start of this long answer: how many characters it read. */
      comparedChars: z.number().int().min(0).optional(),
    }),
  ),
  comparison: z
    .object({
      summary: z.string(),
      agreements: z.array(z.string()),
      disagreements: z.array(disagreementSchema),
      confidenceRanking: z.array(confidenceEntrySchema),
      judge: z.string(),
      consensus: consensusSchema.nullable(),
    })
    .nullable(),
});

export const comparisonExportSchema = exportedTurnSchema.extend({
  format: z.literal('parallax.comparison'),
  version: z.literal(COMPARISON_EXPORT_VERSION),
  exportedAt: z.string(),
  /** The follow-up turns, in order, each in the same shape. */
  followUps: z.array(exportedTurnSchema),
});
export type ComparisonExport = z.infer<typeof comparisonExportSchema>;
type ExportedTurn = z.infer<typeof exportedTurnSchema>;

function turnOf(query: Omit<SavedQuery, 'followUps'>): ExportedTurn {
  const comparison = query.comparisonSummary;
  const answers = query.responses.filter((r) => r.model !== COMPARISON_MODEL);
  const comparedPartOf = (model: string) => {
    const part = comparison?.comparedInPart?.find((entry) => entry.model === model);
    return part ? { comparedChars: part.chars } : {};
  };
  return {
    question: query.text,
    askedAt: query.createdAt,
    webSearch: query.webSearch ?? false,
    answers: answers.map((answer) => ({
      model: answer.model,
      displayName: displayNameOf(answer.model),
      modelVersion: answer.modelVersion ?? null,
      text: answer.text,
      error: answer.error,
      responseTimeMs: answer.responseTime,
      inputTokens: answer.usage?.inputTokens ?? null,
      outputTokens: answer.usage?.outputTokens ?? null,
      sources: answer.sources ?? [],
      claims: (comparison?.claims?.find((entry) => entry.model === answer.model)?.claims ?? []).map((claim) => ({
        value: answer.text?.slice(claim.start, claim.end) ?? '',
        sentence: claim.text,
        status: claim.status,
        agreedBy: claim.agreedBy,
        contradictedBy: claim.contradictedBy.map(({ model, value }) => ({ model, value })),
      })),
      ...comparedPartOf(answer.model),
    })),
    comparison: comparison && {
      summary: comparison.summary,
      agreements: comparison.agreements,
      disagreements: comparison.disagreements,
      confidenceRanking: comparison.confidenceRanking,
      judge: comparison.judge.kind === 'model' ? comparison.judge.displayName : 'local analysis',
      consensus: comparison.consensus ?? null,
    },
  };
}

/** The question, its follow-up turns and their comparisons in the export's JSON shape. */
export function comparisonExport(query: SavedQuery, exportedAt: Date): ComparisonExport {
  const { followUps = [], ...first } = query;
  return {
    format: 'parallax.comparison',
    version: COMPARISON_EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    ...turnOf(first),
    followUps: followUps.map(turnOf),
  };
}

/** Table cells keep to one line and never close the cell early. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const names = (models: readonly string[]) => models.map(displayNameOf).join(', ');

function turnMarkdown(turn: ExportedTurn, heading: string): string[] {
  const lines = [`## ${heading}`, '', turn.question, ''];
  for (const answer of turn.answers) {
    lines.push(`### ${answer.displayName}${answer.modelVersion ? ` (${answer.modelVersion})` : ''}`, '');
    lines.push(answer.error ? `_${answer.error}_` : (answer.text ?? ''), '');
    if (answer.sources.length > 0) {
      lines.push('Sources:', ...answer.sources.map((s, i) => `${i + 1}. [${s.title ?? s.url}](${s.url})`), '');
    }
  }
  const comparison = turn.comparison;
  if (!comparison) return lines;
  lines.push('### Comparison', '', comparison.summary, '');
  const inPart = turn.answers.filter((answer) => answer.comparedChars !== undefined);
  if (inPart.length > 0) {
    lines.push(...inPart.map((answer) => `_${comparedInPartText(answer.displayName, answer.comparedChars!)}_`), '');
  }
  const claims = turn.answers.flatMap((answer) => answer.claims.map((claim) => ({ answer, claim })));
  if (claims.length > 0) {
    lines.push('| Model | Claim | Value | Status | Agreed by | Contradicted by |', '|---|---|---|---|---|---|');
    for (const { answer, claim } of claims) {
      const against = claim.contradictedBy.map((c) => `${displayNameOf(c.model)}: ${c.value}`).join('; ');
      lines.push(
        `| ${cell(answer.displayName)} | ${cell(claim.sentence)} | ${cell(claim.value)} | ${claim.status} | ${cell(names(claim.agreedBy))} | ${cell(against)} |`,
      );
    }
    lines.push('');
  }
  if (comparison.disagreements.length > 0) {
    lines.push('Disagreements:', '');
    for (const d of comparison.disagreements) {
      lines.push(
        `- **${d.topic}**: ${d.positions.map((p) => `${displayNameOf(p.model)} says ${p.value ?? p.claim}`).join('; ')}`,
      );
      for (const outcome of d.settlement?.outcomes ?? []) {
        lines.push(
          `  - Re-checked, ${displayNameOf(outcome.model)}: ${outcome.verdict}${outcome.value ? ` (${outcome.value})` : ''}`,
        );
      }
    }
    lines.push('');
  }
  if (comparison.consensus && comparison.consensus.sentences.length > 0) {
    lines.push('### Parallax answer', '');
    for (const s of comparison.consensus.sentences) lines.push(`- ${s.text} (${names(s.models)})`);
    lines.push('');
  }
  lines.push('### Confidence', '');
  for (const entry of comparison.confidenceRanking) {
    lines.push(`- ${entry.displayName}: ${Math.round(entry.score * 100)}%${entry.reason ? ` (${entry.reason})` : ''}`);
  }
  lines.push('', `Judged by ${comparison.judge}.`, '');
  return lines;
}

/** The same export for people: each turn's answers, the claim table, the disputes, the answer and ranking. */
export function comparisonMarkdown(exported: ComparisonExport): string {
  return [
    `# ${exported.question.split('\n')[0]}`,
    '',
    `Asked ${exported.askedAt} · exported from Parallax ${exported.exportedAt}`,
    '',
    ...turnMarkdown(exported, 'Question'),
    ...exported.followUps.flatMap((turn, index) => turnMarkdown(turn, `Follow-up ${index + 1}`)),
  ].join('\n');
}
