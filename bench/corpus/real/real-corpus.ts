// Development sets of real model answers (issue 33, item 9): answers that public models wrote to the same
// prompts, published with public benchmarks. Only the labels are committed (bench/corpus/real/*.labels.json):
// the answer texts are read at run time from the public repositories' files, by commit and path, out of a
// local snapshot of each repository (a bare git directory under PARALLAX_PUBLIC_MIRRORS, by default
// /work/.mirror/<owner>+<name>/repo). docs/performance.md says how to get the snapshots and how the sets
// were labelled.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnswerForComparison } from '../../../src/common/comparison';
import type { ValueKind } from '../held-out-corpus';
import { spellingsOf } from '../../support/comparison-scoring';

/** A file of a public repository at one commit. */
export interface PublicFile {
  commit: string;
  path: string;
  /** This file's own format, where it differs from its source's (one benchmark's answers kept two ways). */
  format?: SourceFormat;
}

/**
 * How a benchmark stores its prompts and answers:
 * - 'arena-bench': questions {question_id, turns: [prompt]}, answers {question_id, choices: [{turns: [answer]}]}
 * - 'arena-hard': questions {uid, prompt}, answers {uid, messages: [..., {content: {answer}}]}
 * - 'vicuna-eval': questions {question_id, text}, answers {question_id, text}
 */
export type SourceFormat = 'arena-bench' | 'arena-hard' | 'vicuna-eval';

export interface PublicSource {
  /** owner/name on GitHub. */
  repo: string;
  format: SourceFormat;
  questions: PublicFile;
  /** The answer file of each public model, by the model's name in the benchmark. */
  answers: Record<string, PublicFile>;
}

/**
 * One factual conflict, labelled like a strict fact-checker: two or more sides, each the models that state
 * one value for the same fact, with the value exactly as each model's answer writes it (a substring of that
 * answer). Models that state the fact alike are on one side even when they word it differently.
 */
export interface LabelledConflict {
  kind: ValueKind;
  /** The fact, in a few words ('slope of the perpendicular line'). */
  fact: string;
  /** A model that writes its value two ways ('46,900,000 grams or 46.9 metric tons') may list both. */
  sides: Array<Record<string, string | string[]>>;
}

export interface LabelledCase {
  /** The source's name in the labels file's `sources`. */
  source: string;
  /** The question's id in the source (question_id or uid). */
  question: string;
  /** Parallax model key (chatgpt, claude, ...) -> the public model whose answer stands in for it. */
  models: Record<string, string>;
  /** Empty: the answers state no incompatible values for any fact (a style-only case). */
  conflicts: LabelledConflict[];
  /** Why it was labelled so, where that is not obvious. */
  note?: string;
}

export interface LabelsFile {
  /** What the set is and where its answers come from. */
  description: string;
  sources: Record<string, PublicSource>;
  cases: LabelledCase[];
}

export interface RealCase {
  name: string;
  question: string;
  answers: AnswerForComparison[];
  conflicts: LabelledConflict[];
}

export interface RealSet {
  name: string;
  cases: RealCase[];
  /** Why the set could not be built here (a snapshot is missing), when it could not. */
  unavailable?: string;
}

const mirrors = process.env.PARALLAX_PUBLIC_MIRRORS ?? '/work/.mirror';

function gitDirectory(repo: string): string {
  return join(mirrors, repo.replace('/', '+'), 'repo');
}

const fileCache = new Map<string, unknown[]>();

function readJsonLines(repo: string, file: PublicFile): unknown[] {
  const key = `${repo}@${file.commit}:${file.path}`;
  const cached = fileCache.get(key);
  if (cached) return cached;
  const text = execFileSync('git', ['--git-dir', gitDirectory(repo), 'show', `${file.commit}:${file.path}`], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const rows = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
  fileCache.set(key, rows);
  return rows;
}

type Row = Record<string, unknown>;

function questionOf(format: SourceFormat, row: Row): { id: string; text: string } {
  if (format === 'arena-bench') return { id: String(row.question_id), text: String((row.turns as string[])[0]) };
  if (format === 'arena-hard') return { id: String(row.uid), text: String(row.prompt) };
  return { id: String(row.question_id), text: String(row.text) };
}

function answerOf(format: SourceFormat, row: Row): { id: string; text: string } {
  if (format === 'arena-bench') {
    const choices = row.choices as Array<{ turns: string[] }>;
    return { id: String(row.question_id), text: String(choices[0]?.turns[0] ?? '') };
  }
  if (format === 'arena-hard') {
    const messages = row.messages as Array<{ content: unknown }>;
    const last = messages[messages.length - 1]?.content;
    const text = typeof last === 'string' ? last : String((last as { answer?: string } | undefined)?.answer ?? '');
    return { id: String(row.uid), text };
  }
  return { id: String(row.question_id), text: String(row.text) };
}

/** Every question id of a source, in the order its file lists them (bench/comparison-audit.ts reads unlabelled ones). */
export function questionIds(source: PublicSource): string[] {
  return readJsonLines(source.repo, source.questions).map((row) => questionOf(source.format, row as Row).id);
}

/** The public models of a source that answered one question (not every benchmark file answers every question). */
export function answeredBy(source: PublicSource, question: string): string[] {
  return Object.entries(source.answers)
    .filter(([, file]) =>
      readJsonLines(source.repo, file).some(
        (row) => answerOf(file.format ?? source.format, row as Row).id === question,
      ),
    )
    .map(([model]) => model);
}

/** Builds one labels file's cases from the public files; `unavailable` says which snapshot is missing. */
export function buildSet(name: string, labels: LabelsFile): RealSet {
  const missing = Object.values(labels.sources)
    .map((source) => source.repo)
    .filter((repo) => !existsSync(gitDirectory(repo)));
  if (missing.length > 0) {
    return {
      name,
      cases: [],
      unavailable: `no local snapshot of ${[...new Set(missing)].join(', ')} under ${mirrors} (see docs/performance.md)`,
    };
  }
  const cases = labels.cases.map((labelled): RealCase => {
    const source = labels.sources[labelled.source];
    if (!source) throw new Error(`${name}: case ${labelled.question} names unknown source ${labelled.source}`);
    const question = readJsonLines(source.repo, source.questions)
      .map((row) => questionOf(source.format, row as Row))
      .find((q) => q.id === labelled.question);
    if (!question) throw new Error(`${name}: question ${labelled.question} is not in ${source.questions.path}`);
    const answers = Object.entries(labelled.models).map(([model, publicModel]): AnswerForComparison => {
      const file = source.answers[publicModel];
      if (!file) throw new Error(`${name}: no answer file for ${publicModel}`);
      const answer = readJsonLines(source.repo, file)
        .map((row) => answerOf(file.format ?? source.format, row as Row))
        .find((a) => a.id === labelled.question);
      if (!answer) throw new Error(`${name}: ${publicModel} has no answer to ${labelled.question}`);
      return { model, text: answer.text, error: null };
    });
    for (const conflict of labelled.conflicts) {
      for (const side of conflict.sides) {
        for (const [model, values] of Object.entries(side)) {
          const text = answers.find((a) => a.model === model)?.text ?? '';
          for (const value of spellingsOf(values)) {
            if (!text.includes(value)) {
              throw new Error(`${name}: ${labelled.question}: '${value}' is not in ${model}'s answer`);
            }
          }
        }
      }
    }
    return {
      name: `${labelled.source}/${labelled.question}`,
      question: question.text,
      answers,
      conflicts: labelled.conflicts,
    };
  });
  return { name, cases };
}

/** Every labels file of this folder, built. */
export function realSets(): RealSet[] {
  const folder = new URL('.', import.meta.url).pathname;
  return readdirSync(folder)
    .filter((file) => file.endsWith('.labels.json'))
    .sort()
    .map((file) =>
      buildSet(file.replace('.labels.json', ''), JSON.parse(readFileSync(join(folder, file), 'utf8')) as LabelsFile),
    );
}
