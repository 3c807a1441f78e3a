import { format, isValid } from 'date-fns';
import { CalendarDays, Download, FileQuestion, RefreshCw, TriangleAlert } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { hasAnswerText } from '../../../common/answer-text';
import { COMPARISON_MODEL } from '../../../common/models';
import type { QueryResult, SavedQuery } from '../../../common/query-schemas';
import { ComparisonCard } from '../../components/answers/comparison-card';
import { ConsensusCard } from '../../components/answers/consensus-card';
import { FollowUps } from '../../components/answers/follow-ups';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { savedQueryOptions } from '../../api/questions';
import { currentUserKey } from '../../api/current-user-key';

import { getSessionId } from '../../lib/session-id';
import { ModelAnswers } from './model-answers';
import { questionTotals } from '../../components/answers/answer-usage';
import { BackToDashboard, QueryNeighbourLinks } from './query-navigation';
import { useQueryDetail, type Neighbours } from './use-query-detail';
import { useRetry } from '../../components/answers/use-retry';
import { useSettle } from '../../components/answers/use-settle';
import { queryPageMessages } from './query-texts';
import { ShareControl } from '../../components/answers/share-control';

// The shared report (/r/:slug) draws the same cards as this page, so it is served from this page's chunk:
// a page of its own would split those cards into more chunks, and Home loads some of them (decision 0056).
export { SharedReportPage } from './shared-report-page';

function Notice({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          {icon}
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-2">{children}</CardContent>
      </Card>
    </div>
  );
}

function ReturnToDashboard({ variant }: { variant?: 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/">Return to Dashboard</Link>
    </Button>
  );
}

/** Export (issue 14, item 2): the comparison as a file, Markdown to read or JSON to process. */
function ExportLinks({ queryId, sessionId }: { queryId: number; sessionId: string }) {
  const href = (format: 'md' | 'json') =>
    `/api/query/${queryId}/export?format=${format}&sessionId=${encodeURIComponent(sessionId)}`;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>Download the comparison:</span>
      <Button asChild variant="outline" size="sm" className="h-8">
        <a href={href('md')} download>
          <Download aria-hidden />
          Markdown
        </a>
      </Button>
      <Button asChild variant="outline" size="sm" className="h-8">
        <a href={href('json')} download>
          <Download aria-hidden />
          JSON
        </a>
      </Button>
    </div>
  );
}

function QueryDetail({ query, neighbours }: { query: SavedQuery; neighbours: Neighbours }) {
  const queryClient = useQueryClient();
  const [sessionId] = useState(getSessionId);
  // A retry, a re-check or a follow-up can charge a question: the account box and badge read it again.
  const onUpdated = ({ subscriptionInfo: _allowance, ...updated }: QueryResult) => {
    queryClient.setQueryData(savedQueryOptions(query.id, sessionId).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
  const retries = useRetry({ queryId: query.id, sessionId, onUpdated });
  const settle = useSettle({ queryId: query.id, sessionId, onUpdated });
  const created = new Date(query.createdAt);
  const createdAt = isValid(created) ? created : undefined;
  const answers = query.responses.filter((response) => response.model !== COMPARISON_MODEL);
  const comparison = query.comparisonSummary;
  const totals = questionTotals(answers);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <BackToDashboard />
        <QueryNeighbourLinks neighbours={neighbours} />
      </div>
      <header className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        {/* The date, not 'Query #id': the id counts every question the site has answered (issue 16, item 6;
            decision 0041). The route keeps the id. */}
        {createdAt && (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays className="size-4" aria-hidden />
            Asked{' '}
            <time dateTime={query.createdAt} className="font-medium text-secondary-foreground">
              {format(createdAt, 'MMM d, yyyy h:mm a')}
            </time>
          </p>
        )}
        <h1 className="text-xl font-bold tracking-tight break-words whitespace-pre-wrap sm:text-2xl">{query.text}</h1>
        {totals && <p className="text-sm text-muted-foreground tabular-nums">{totals}</p>}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <ExportLinks queryId={query.id} sessionId={sessionId} />
          {answers.some((answer) => !answer.error && hasAnswerText(answer.text)) && (
            <ShareControl queryId={query.id} sessionId={sessionId} />
          )}
        </div>
      </header>
      {/* The analysis card carries the ranking in its Confidence section: one card, no column left half empty. */}
      <ComparisonCard comparison={comparison} settle={settle} />
      <ModelAnswers
        key={query.id}
        question={query.text}
        responses={answers}
        createdAt={createdAt}
        comparison={comparison}
        cardProps={retries.cardProps}
        webSearch={query.webSearch}
      />
      {comparison?.consensus && <ConsensusCard consensus={comparison.consensus} />}
      <FollowUps conversation={query} sessionId={sessionId} onChanged={onUpdated} />
    </div>
  );
}

/**
 * /query/{queryId}: one saved question with its answers, analysis and ranking
 * (docs/product.md, "History and query detail").
 */
export function QueryDetailPage() {
  const { queryId } = useParams();
  const state = useQueryDetail(queryId);

  switch (state.status) {
    case 'loading':
      return <FullPageLoading label={queryPageMessages.loading} />;
    case 'not-found':
      return (
        <Notice
          icon={<FileQuestion className="size-10 text-muted-foreground" aria-hidden />}
          title={queryPageMessages.notFound}
          description="This question does not exist, or it was asked in another session."
        >
          <ReturnToDashboard />
        </Notice>
      );
    case 'failed':
      return (
        <Notice
          icon={<TriangleAlert className="size-10 text-destructive" aria-hidden />}
          title={queryPageMessages.fetchFailed}
          description={state.message}
        >
          <Button onClick={state.retry} disabled={state.retrying}>
            <RefreshCw className={state.retrying ? 'animate-spin' : undefined} aria-hidden />
            Try Again
          </Button>
          <ReturnToDashboard variant="outline" />
        </Notice>
      );
    case 'ready':
      return <QueryDetail key={state.query.id} query={state.query} neighbours={state.neighbours} />;
  }
}
