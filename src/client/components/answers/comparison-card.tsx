import { AlertTriangle, CheckCircle2, CircleStop, Link2, Scale, Scissors, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  comparedInPartText,
  RANKING_WITHHELD_TEXT,
  type ComparisonAnalysis,
  type Disagreement,
} from '../../../common/comparison';
import { citationNote } from '../../../common/citation-note';
import { displayNameOf } from '../../../common/models';
import { Card } from '../ui/card';
import { SOURCE_LABEL } from './claim-explanation';
import { ConfidenceRanking } from './confidence-ranking';
import { safeSourceUrl, sourceDomain } from '../../lib/source-links';
import { MAX_SETTLEMENTS_PER_QUESTION } from '../../../common/limits';
import { DisagreementRecheck } from './disagreement-recheck';
import type { SettleControl } from './use-settle';

/** '3.2 s': how long the judge took. */
export function formatJudgeTime(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Whether the analysis was made with claim-level findings. History lists leave the claims out (the
 * server sends them only for one query), so the other new fields count too.
 */
function isClaimLevel(comparison: ComparisonAnalysis): boolean {
  return (
    comparison.claims !== undefined ||
    comparison.confidenceRanking.some((entry) => entry.checked !== undefined) ||
    comparison.disagreements.some((disagreement) => disagreement.source !== undefined)
  );
}

/**
 * Who compared the answers: the judge with its model version and time when the analysis records them
 * ('Judged by Claude · claude-sonnet-4-5 · 3.2 s'), or the local check. Analyses stored before those
 * fields existed read as they always did.
 */
function JudgeLabel({ comparison }: { comparison: ComparisonAnalysis }) {
  const { judge } = comparison;
  if (judge.kind === 'local')
    return <span>{isClaimLevel(comparison) ? 'Local check' : 'Judged by local analysis'}</span>;
  return (
    <>
      <span>Judged by {judge.displayName}</span>
      {judge.modelVersion && (
        <>
          <span aria-hidden>·</span>
          <span className="font-mono">
            <span className="sr-only">model version </span>
            {judge.modelVersion}
          </span>
        </>
      )}
      {judge.durationMs !== undefined && (
        <>
          <span aria-hidden>·</span>
          <span className="tabular-nums">
            <span className="sr-only">took </span>
            {formatJudgeTime(judge.durationMs)}
          </span>
        </>
      )}
    </>
  );
}

/** The value a model states, in bold inside its sentence when the sentence contains it. */
function Position({ position }: { position: Disagreement['positions'][number] }) {
  const { claim, value } = position;
  const at = value ? claim.indexOf(value) : -1;
  if (!value || at < 0) {
    return (
      <>
        {value && <strong className="font-semibold text-foreground">{value}: </strong>}
        {claim}
      </>
    );
  }
  return (
    <>
      {claim.slice(0, at)}
      <strong className="font-semibold text-foreground">{value}</strong>
      {claim.slice(at + value.length)}
    </>
  );
}

/** The sites a side's answer cites for its claim, each a link (issue 17, item 2). */
function CitedSources({ sources }: { sources: Disagreement['positions'][number]['citedSources'] }) {
  if (!sources?.length) return null;
  return (
    <span className="ml-1 inline-flex flex-wrap gap-1 align-baseline">
      <span className="sr-only">Cites: </span>
      {sources.map((source) => {
        const href = safeSourceUrl(source.url);
        const domain = sourceDomain(source.url);
        return href ? (
          <a
            key={source.url}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            title={source.title ?? source.url}
            className="inline-flex items-center gap-0.5 rounded-full border bg-card px-1.5 text-xs text-primary hover:underline"
          >
            <Link2 className="size-3" aria-hidden />
            {domain}
          </a>
        ) : (
          <span key={source.url} className="rounded-full border bg-card px-1.5 text-xs">
            {domain}
          </span>
        );
      })}
    </span>
  );
}

function CitationNote({ disagreement }: { disagreement: Disagreement }) {
  const note = citationNote(disagreement, displayNameOf);
  return note ? <p className="mt-2 text-xs text-amber-900">{note}</p> : null;
}

function Shell({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className="border-indigo-200 bg-gradient-to-br from-indigo-50/70 to-card p-4 sm:p-5"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden />
        AI Comparison Analysis
      </h2>
      {children}
    </Card>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label="Comparing the answers" className="mt-4 grid gap-3">
      <div className="h-4 w-11/12 animate-pulse rounded bg-indigo-100" />
      <div className="h-4 w-3/4 animate-pulse rounded bg-indigo-100" />
      <div className="h-4 w-5/6 animate-pulse rounded bg-indigo-100" />
      <div className="mt-2 flex gap-2">
        <div className="h-7 w-28 animate-pulse rounded-full bg-indigo-100" />
        <div className="h-7 w-28 animate-pulse rounded-full bg-indigo-100" />
      </div>
      <p className="text-xs text-muted-foreground">Comparing the answers...</p>
    </div>
  );
}

/** 'ChatGPT and Grok were stopped before they finished: ...' (issue 20, item 1). */
export function stoppedNoteText(models: readonly string[]): string {
  const names = models.map(displayNameOf);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${list} ${names.length > 1 ? 'were' : 'was'} stopped before finishing: compared on the part that arrived.`;
}

function StoppedNote({ models }: { models: readonly string[] }) {
  return (
    <p className="mt-2 flex items-start gap-2 text-sm text-muted-foreground">
      <CircleStop className="mt-0.5 size-4 shrink-0" aria-hidden />
      {stoppedNoteText(models)}
    </p>
  );
}

/** Answers longer than the comparison reads (decision 0058), each named with how much of it was compared. */
function ComparedInPartNote({ parts }: { parts: NonNullable<ComparisonAnalysis['comparedInPart']> }) {
  return (
    <ul className="mt-2 grid gap-1 text-sm text-muted-foreground">
      {parts.map((part) => (
        <li key={part.model} className="flex items-start gap-2">
          <Scissors className="mt-0.5 size-4 shrink-0" aria-hidden />
          {comparedInPartText(displayNameOf(part.model), part.chars)}
        </li>
      ))}
    </ul>
  );
}

/** The comparison of the answers: where they agree, where they disagree on facts, and how far to trust each. */
export function ComparisonCard({
  comparison,
  pending,
  settle,
}: {
  comparison: ComparisonAnalysis | null;
  pending?: boolean;
  /** 'Settle this' on each disagreement, for a saved question (use-settle.ts). */
  settle?: SettleControl;
}) {
  if (!comparison) {
    return (
      <Shell busy={pending}>
        {pending ? <Skeleton /> : <p className="mt-3 text-sm text-muted-foreground">Comparison unavailable</p>}
      </Shell>
    );
  }

  return <Analysis comparison={comparison} settle={settle} />;
}

/** How many more disagreements of this question may be re-checked. */
function roundsLeft(comparison: ComparisonAnalysis, settle: SettleControl | undefined): number {
  const used = comparison.disagreements.filter((d) => d.settlement || settle?.running[d.topic]).length;
  return Math.max(0, MAX_SETTLEMENTS_PER_QUESTION - used);
}

function Analysis({ comparison, settle }: { comparison: ComparisonAnalysis; settle?: SettleControl }) {
  const id = useId();
  const left = roundsLeft(comparison, settle);
  return (
    <Shell>
      <p className="mt-3 text-sm leading-relaxed">{comparison.summary}</p>
      {comparison.stopped && comparison.stopped.length > 0 && <StoppedNote models={comparison.stopped} />}
      {comparison.comparedInPart && comparison.comparedInPart.length > 0 && (
        <ComparedInPartNote parts={comparison.comparedInPart} />
      )}

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`${id}-agreements`}>
          <h3 id={`${id}-agreements`} className="text-sm font-semibold">
            Agreements
          </h3>
          {comparison.agreements.length > 0 ? (
            <ul className="mt-2 grid gap-1.5 text-sm">
              {comparison.agreements.map((agreement, index) => (
                <li key={index} className="flex gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
                  <span>{agreement}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">No shared facts were found.</p>
          )}
        </section>

        <section aria-labelledby={`${id}-disagreements`}>
          <h3 id={`${id}-disagreements`} className="text-sm font-semibold">
            Disagreements
          </h3>
          {comparison.disagreements.length > 0 ? (
            <ul className="mt-2 grid gap-3 text-sm">
              {comparison.disagreements.map((disagreement, index) => (
                <li key={index} className="rounded-lg border border-amber-200 bg-amber-50/70 p-3">
                  <div className="flex items-start gap-2">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
                    <p className="min-w-0 flex-1 font-medium">{disagreement.topic}</p>
                    {disagreement.source && (
                      <span className="shrink-0 rounded-full border border-amber-300 bg-card px-2 py-0.5 text-xs text-amber-900">
                        <span className="sr-only">Found by: </span>
                        {SOURCE_LABEL[disagreement.source]}
                      </span>
                    )}
                  </div>
                  <dl className="mt-2 grid gap-1.5">
                    {disagreement.positions.map((position) => (
                      <div key={position.model}>
                        <dt className="inline font-semibold">{displayNameOf(position.model)}: </dt>
                        <dd className="inline text-muted-foreground">
                          <Position position={position} />
                          <CitedSources sources={position.citedSources} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <CitationNote disagreement={disagreement} />
                  <DisagreementRecheck
                    disagreement={disagreement}
                    live={settle?.running[disagreement.topic]}
                    canSettle={left > 0 && new Set(disagreement.positions.map((p) => p.model)).size > 1}
                    onSettle={settle?.onSettle}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">No factual disagreements were found.</p>
          )}
          {settle && left === 0 && comparison.disagreements.some((d) => !d.settlement) && (
            <p className="mt-2 text-xs text-muted-foreground">
              This question has had its {MAX_SETTLEMENTS_PER_QUESTION} re-checks.
            </p>
          )}
        </section>
      </div>

      {comparison.confidenceRanking.length > 0 ? (
        <section aria-labelledby={`${id}-confidence`} className="mt-4">
          <h3 id={`${id}-confidence`} className="mb-2 text-sm font-semibold">
            Confidence
          </h3>
          <ConfidenceRanking ranking={comparison.confidenceRanking} judge={comparison.judge} />
        </section>
      ) : (
        (comparison.claims?.length ?? 0) >= 2 && (
          <section aria-labelledby={`${id}-confidence`} className="mt-4">
            <h3 id={`${id}-confidence`} className="mb-2 text-sm font-semibold">
              Confidence
            </h3>
            <p className="text-sm text-muted-foreground">{RANKING_WITHHELD_TEXT}</p>
          </section>
        )
      )}

      <p className="mt-4 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
        <Scale className="size-3.5" aria-hidden />
        <JudgeLabel comparison={comparison} />
      </p>
    </Shell>
  );
}
