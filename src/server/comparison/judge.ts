import { generateText, Output, type LanguageModel } from 'ai';
import type { AnswerForComparison } from '../../common/comparison';
import type { ModelKey } from '../../common/models';
import { deadline } from '../lib/deadline';
import type { JudgeFindings, JudgeInfo } from './combine-findings';
import { labelAnswers, unusableText, verdictSchema, verifyVerdict, type VerifiedVerdict } from './judge-verification';

// The judge model sees the answers as A, B, C without the models' names, so it cannot favour a
// brand. Its verdict is validated with zod, then every disputed and agreed value it quotes is checked
// against the answers (judge-verification.ts, decisions 0024 and 0064): what it cannot back with the
// answers' own words is dropped; a verdict with empty texts or its own field names for values goes
// whole. It gives no confidence scores: those come from the claims (confidence.ts).

const INSTRUCTIONS = `You compare answers that different AI assistants gave to the same question.
Refer to the answers only by their letters.

Find the FACTUAL disputes: points where two or more answers state different values for the same
thing (a number, date, year, place, person, name, quantity, yes or no, cause or outcome). Ignore
differences of style, tone, length, order, formatting and wording; values that agree when converted
or rounded (5 km and 3.1 miles, about 8 billion and 7.9 billion) are not disputes, and a fact that
only one answer mentions is not a dispute.

For each dispute give a short topic and, for every answer that states a value for it, a position:
- answer: the answer's letter;
- value: the value exactly as that answer writes it, e.g. "9 November 1989";
- quote: the sentence from that answer that contains the value, copied VERBATIM, character for
  character. Do not paraphrase, shorten, translate, correct or reorder anything in a quote; you may
  leave out Markdown symbols (*, _, \`, #, |, list markers), nothing else.
Every quote and value is checked against the answers; a position whose quote is not in that
answer, or whose value is not in its quote, is discarded.

Under agreements list the facts that two or more answers state with the same value. For each give
the fact as one short sentence that states the value, and, for every answer that states it, a
position as above (answer, value, quote). Credit only answers whose quote states that value for
that fact; a fact only one answer states is not an agreement. Agreements are checked like disputes.

Write a one or two sentence summary first.`;

export interface JudgeRun {
  findings: JudgeFindings;
  info: JudgeInfo;
  /** What verification threw away, for the log. */
  dropped: VerifiedVerdict['dropped'];
}

export async function judgeAnswers(options: {
  judge: { key: ModelKey; model: LanguageModel };
  question: string;
  answers: AnswerForComparison[];
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<JudgeRun> {
  const labelled = labelAnswers(options.answers);
  const prompt = [
    `Question: ${options.question}`,
    ...labelled.map(({ label, text }) => `--- Answer ${label} ---\n${text}`),
    '--- End of answers ---',
  ].join('\n\n');
  const started = performance.now();
  const limit = deadline(options.signal, options.timeoutMs);
  const { output, response } = await generateText({
    model: options.judge.model,
    system: INSTRUCTIONS,
    prompt,
    output: Output.object({ schema: verdictSchema }),
    abortSignal: limit.signal,
    maxRetries: 0,
  }).finally(limit.clear);
  const durationMs = Math.round(performance.now() - started);
  const unusable = unusableText(output);
  // Caught by the caller (queries/service.ts), which keeps the local analysis instead.
  if (unusable !== null) throw new Error(`the judge's verdict is unusable: ${JSON.stringify(unusable)}`);
  const { dropped, ...findings } = verifyVerdict(options.answers, output);
  return {
    findings,
    info: { model: options.judge.key, modelVersion: response.modelId, durationMs },
    dropped,
  };
}
