import {
  ArrowRight,
  CheckCircle2,
  ChevronsDownUp,
  ChevronsUpDown,
  Clock,
  MessageSquareText,
  Pencil,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COMPARISON_MODEL } from '../../../common/models';
import type { QueryResult, SavedQuery } from '../../../common/query-schemas';
import { ClaimLegend, claimsOf } from '../../components/answers/claim-legend';
import { ComparisonCard } from '../../components/answers/comparison-card';
import { savedCardExtras } from '../../components/answers/answer-extras';
import { ConsensusCard } from '../../components/answers/consensus-card';
import { FollowUps } from '../../components/answers/follow-ups';
import { ResponseCard } from '../../components/answers/response-card';
import { ShareControl } from '../../components/answers/share-control';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { RelativeTime } from '../../components/ui/relative-time';
import { differenceHighlighter } from '../../lib/difference-highlight';
import { useRetry } from '../../components/answers/use-retry';
import { useSettle } from '../../components/answers/use-settle';
import { answerGridClass } from '../../components/answers/answer-grid';

/** 'All models responded' takes three answers (docs/product.md, "Asking a question"). */
export const MODELS_FOR_ALL_RESPONDED = 3;

function respondedLabel(answered: number): string {
  return answered >= MODELS_FOR_ALL_RESPONDED
    ? 'All models responded'
    : `${answered}/${MODELS_FOR_ALL_RESPONDED} models responded`;
}

/** The results screen of one question (docs/product.md, "Asking a question"). */
export function QueryResults({
  query,
  highlightDifferences,
  sessionId,
  onUpdated,
  onEdit,
}: {
  query: SavedQuery;
  highlightDifferences: boolean;
  sessionId: string;
  /** A retried model's answer was saved: the question as it is now. */
  onUpdated: (query: QueryResult) => void;
  /** Puts the question back in the box, to be edited and asked again. */
  onEdit: (query: SavedQuery) => void;
}) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const retries = useRetry({ queryId: query.id, sessionId, onUpdated });
  const settle = useSettle({ queryId: query.id, sessionId, onUpdated });
  const answers = useMemo(() => query.responses.filter((r) => r.model !== COMPARISON_MODEL), [query.responses]);
  const answered = answers.filter((r) => !r.error && r.text).length;
  const stopped = answers.filter((r) => r.failure === 'stopped').length;
  const createdAt = new Date(query.createdAt);

  const comparison = query.comparisonSummary;
  // Claim marks when the analysis has claim data; otherwise (queries stored before claims existed)
  // the documented word overlap (docs/product.md, "Comparison"), each answer compared with the other answers that
  // succeeded.
  const marksClaims = highlightDifferences && Boolean(comparison?.claims);
  const highlighters = useMemo(() => {
    if (!highlightDifferences || marksClaims) return new Map<string, (sentence: string) => boolean>();
    const ok = answers.filter((r) => !r.error && r.text);
    return new Map(
      ok.map((r) => [
        r.model,
        differenceHighlighter(
          r.text!,
          ok.filter((o) => o !== r).map((o) => o.text!),
        ),
      ]),
    );
  }, [answers, highlightDifferences, marksClaims]);

  const setAll = (value: boolean) => setExpanded(Object.fromEntries(answers.map((r) => [r.model, value])));

  return (
    <div className="grid gap-5">
      <Card role="region" aria-labelledby="current-query" className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1
            id="current-query"
            className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
          >
            <MessageSquareText className="size-4" aria-hidden />
            Current Query
          </h1>
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="sm" className="h-auto py-1" onClick={() => onEdit(query)}>
              <Pencil aria-hidden />
              Edit and ask again
            </Button>
            <Button asChild variant="link" size="sm" className="h-auto">
              <Link to={`/query/${query.id}`}>
                View details
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </div>
        <p className="mt-2 text-base font-medium whitespace-pre-wrap break-words sm:text-lg">{query.text}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden />
            <RelativeTime date={query.createdAt} />
          </span>
          <span
            className={`inline-flex items-center gap-1.5 ${answered >= MODELS_FOR_ALL_RESPONDED ? 'text-green-700' : ''}`}
          >
            <CheckCircle2 className="size-4" aria-hidden />
            {respondedLabel(answered)}
            {stopped > 0 && `, ${stopped} stopped`}
          </span>
        </div>
        {answered > 0 && (
          <div className="mt-3">
            <ShareControl queryId={query.id} sessionId={sessionId} />
          </div>
        )}
      </Card>

      <ComparisonCard comparison={comparison} settle={settle} />

      <section aria-labelledby="individual-responses" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="individual-responses" className="text-lg font-semibold">
            Individual AI Responses
          </h2>
          <div className="flex gap-1">
            <Button variant="outline" size="sm" onClick={() => setAll(true)}>
              <ChevronsUpDown aria-hidden />
              Expand All
            </Button>
            <Button variant="outline" size="sm" onClick={() => setAll(false)}>
              <ChevronsDownUp aria-hidden />
              Collapse All
            </Button>
          </div>
        </div>
        {highlightDifferences && <ClaimLegend comparison={comparison} />}
        <div className={answerGridClass(answers.length)}>
          {answers.map((response) => (
            <ResponseCard
              key={response.model}
              model={response.model}
              text={response.text}
              error={response.error}
              responseTime={response.responseTime}
              expanded={expanded[response.model] ?? false}
              onToggleExpanded={() => setExpanded((all) => ({ ...all, [response.model]: !all[response.model] }))}
              highlight={highlighters.get(response.model)}
              claims={marksClaims ? claimsOf(comparison, response.model) : undefined}
              createdAt={createdAt}
              question={query.text}
              modelVersion={response.modelVersion}
              {...savedCardExtras(response, query.webSearch ?? false)}
              {...retries.cardProps(response)}
            />
          ))}
        </div>
      </section>
      {comparison?.consensus && <ConsensusCard consensus={comparison.consensus} />}
      <FollowUps conversation={query} sessionId={sessionId} onChanged={onUpdated} />
    </div>
  );
}
