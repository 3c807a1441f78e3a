import { useQuery } from '@tanstack/react-query';
import { format, isValid } from 'date-fns';
import { FileQuestion, MessageSquarePlus, RefreshCw, Share2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { COMPARISON_MODEL, displayNameOf } from '../../../common/models';
import { shareMessages } from '../../../common/share-messages';
import type { SharedReport } from '../../../common/share-schemas';
import { sharedReportOptions } from '../../api/share';
import { ComparisonCard } from '../../components/answers/comparison-card';
import { ConsensusCard } from '../../components/answers/consensus-card';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { ApiError, errorText } from '../../lib/api';
import { ModelAnswers } from './model-answers';

// /r/:slug (issue 14, item 1; docs/product.md, "Share"): a question someone shared, read-only, for anyone.
// It shows what the question's page shows, without anything that changes it, and offers to ask it anew.

type SharedTurn = Omit<SharedReport['query'], 'followUps'>;

/** Home with the question in the box and its models picked (home/use-home-flags.ts reads these). */
const askThisYourselfPath = (turn: SharedTurn) =>
  `/?${new URLSearchParams({ q: turn.text, models: turn.selectedModels.join(',') }).toString()}`;

function Turn({ turn, heading }: { turn: SharedTurn; heading?: string }) {
  const answers = turn.responses.filter((response) => response.model !== COMPARISON_MODEL);
  const comparison = turn.comparisonSummary;
  return (
    <section className="grid gap-6" aria-label={heading}>
      {heading && (
        <header className="grid gap-1 border-t pt-6">
          <p className="text-sm font-medium text-muted-foreground">{heading}</p>
          <h2 className="text-lg font-semibold break-words whitespace-pre-wrap">{turn.text}</h2>
        </header>
      )}
      {comparison && <ComparisonCard comparison={comparison} />}
      <ModelAnswers
        question={turn.text}
        responses={answers}
        comparison={comparison}
        webSearch={turn.webSearch}
        createdAt={new Date(turn.createdAt)}
      />
      {comparison?.consensus && <ConsensusCard consensus={comparison.consensus} />}
    </section>
  );
}

function Unavailable({ retry, message }: { retry?: () => void; message: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <FileQuestion className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">
        {retry ? 'Could not load this comparison' : 'Comparison not found'}
      </h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        {retry && (
          <Button onClick={retry}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        )}
        <Button asChild variant={retry ? 'outline' : 'default'}>
          <Link to="/">Ask your own question</Link>
        </Button>
      </div>
    </div>
  );
}

export function SharedReportPage() {
  const { slug = '' } = useParams();
  const report = useQuery(sharedReportOptions(slug));
  const question = report.data?.query.text;
  // The tab says the question, as the page the server sent for link previews did.
  useEffect(() => {
    if (question) document.title = `${question.length > 80 ? `${question.slice(0, 79)}…` : question} · Parallax`;
  }, [question]);
  if (report.isPending) return <FullPageLoading label="Loading the shared comparison…" />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return missing ? (
      <Unavailable message={shareMessages.reportNotFound} />
    ) : (
      <Unavailable message={errorText(report.error, 'Please try again.')} retry={() => void report.refetch()} />
    );
  }
  const { query, sharedAt } = report.data;
  const shared = new Date(sharedAt);
  const models = query.responses.filter((r) => r.model !== COMPARISON_MODEL).map((r) => displayNameOf(r.model));
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-10">
      <header className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Share2 className="size-4" aria-hidden />
          Shared comparison{isValid(shared) && <> · {format(shared, 'MMM d, yyyy')}</>} · {models.join(', ')}
        </p>
        <h1 className="text-xl font-bold tracking-tight break-words whitespace-pre-wrap sm:text-2xl">{query.text}</h1>
        <div>
          <Button asChild>
            <Link to={askThisYourselfPath(query)}>
              <MessageSquarePlus aria-hidden />
              {shareMessages.askThisYourself}
            </Link>
          </Button>
        </div>
      </header>
      <Turn turn={query} />
      {query.followUps.map((turn, i) => (
        <Turn key={i} turn={turn} heading={`Follow-up ${i + 1}`} />
      ))}
    </div>
  );
}
