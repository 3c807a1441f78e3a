import {
  AlertCircle,
  ChevronDown,
  ChevronUp,
  CircleStop,
  Clock,
  Copy,
  Download,
  FileCode,
  FileText,
  Globe,
  RotateCcw,
} from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { AnswerClaim } from '../../../common/comparison';
import type { VendorFailure } from '../../../common/vendor-failure-messages';
import type { AnswerSource, CitationMark, ModelResponse } from '../../../common/query-schemas';
import { webSearchTexts } from '../../../common/web-search';
import { displayNameOf, modelCatalogue, type ModelKey } from '../../../common/models';
import type * as AnswerExporter from '../../lib/answer-export';
import type { AnswerFormat } from '../../lib/answer-export';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../ui/dropdown-menu';
import { toast } from '../ui/toast-store';
import { AnswerSources } from './answer-sources';
import { AnswerUsage } from './answer-usage';
import { Markdown } from './markdown';
import { formatResponseTime } from './response-time';
import { HowItReasoned, ThinkingIndicator } from './reasoning';

export { formatResponseTime };

const COPY_TOAST_MS = 2000;
/** The card's height cap (24rem unless expanded; docs/product.md, "Asking a question"), in rem. */
const CAP_REM = 24;

function capPixels(): number {
  return CAP_REM * (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
}

export function TypingIndicator({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center gap-1 py-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden
          className="size-1.5 animate-bounce rounded-full bg-primary/70"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

export interface ResponseCardProps {
  model: string;
  text: string | null;
  error: string | null;
  responseTime: number | null;
  streaming?: boolean;
  expanded: boolean;
  onToggleExpanded: () => void;
  /** Word-overlap highlighting, the fallback when the analysis has no claims (queries stored before them). */
  highlight?: (sentence: string) => boolean;
  /** This answer's claims to mark (Highlight Differences on, analysis with claim data); wins over `highlight`. */
  claims?: readonly AnswerClaim[];
  /** When the question was asked; now while it is being answered. */
  createdAt?: Date;
  /** The question, for the downloaded answer's header. */
  question: string;
  /** The vendor's model that answered (e.g. gpt-5.1), for the downloaded answer's header. */
  modelVersion?: string | null;
  /** Why `error` is set: 'stopped' shows the card as stopped rather than failed. */
  failure?: VendorFailure | null;
  /** While streaming: stops this model alone (issue 20, item 1). */
  onStop?: () => void;
  /** A stop was asked for and the model has not ended yet. */
  stopping?: boolean;
  /** For a failed or stopped answer: ask this model again (issue 20, item 2). */
  retry?: RetryControl;
  /** The model is thinking (or thought) before answering (issue 17, item 3). */
  thinking?: boolean;
  /** Its shown reasoning, folded under "How it reasoned" once it answered. */
  reasoning?: string | null;
  thinkingTime?: number | null;
  firstTokenTime?: number | null;
  /** The answer was grounded in a web search (issue 17, item 2). */
  searched?: boolean;
  /** Tokens in and out as the vendor counted them (issue 13, item 4); saved answers only. */
  usage?: ModelResponse['usage'];
  /** The pages the answer cites, and where (issue 17, item 2). */
  sources?: readonly AnswerSource[];
  citationMarks?: readonly CitationMark[];
}

export interface RetryControl {
  /** Free retries left for this model on this question. */
  left: number;
  onRetry: () => void;
}

function retriesLeftLabel(left: number): string {
  if (left === 0) return 'No retries left on this question';
  return left === 1 ? 'Free, 1 retry left' : `Free, ${left} retries left`;
}

/** One model's answer: who answered, how fast, the formatted text, and copy / download / expand. */
export function ResponseCard({
  model,
  text,
  error,
  responseTime,
  streaming = false,
  expanded,
  onToggleExpanded,
  highlight,
  claims,
  createdAt,
  question,
  modelVersion,
  failure,
  onStop,
  stopping = false,
  retry,
  thinking = false,
  reasoning = null,
  thinkingTime = null,
  firstTokenTime = null,
  sources = [],
  citationMarks = [],
  searched = false,
  usage = null,
}: ResponseCardProps) {
  const stopped = failure === 'stopped';
  const displayName = displayNameOf(model);
  const provider = modelCatalogue[model as ModelKey]?.provider;
  const frameRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  // A model that failed part-way keeps the words it sent (they were read, and they cost the question), with
  // the reason under them; one that sent nothing shows the reason alone (docs/product.md, "Response card").
  const partial = error && text?.trim() ? text : null;
  const answer = error ? null : text;

  // Whether the answer is taller than the cap decides if the Expand / Collapse toggle is needed.
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const measure = () => setOverflows(content.scrollHeight > capPixels() + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [answer, partial, error]);

  // While a capped answer is still arriving, keep its newest words in view.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (frame && streaming && !expanded) frame.scrollTop = frame.scrollHeight;
  }, [answer, streaming, expanded]);

  async function copy() {
    if (!answer) return;
    try {
      await navigator.clipboard.writeText(answer);
      toast({
        variant: 'success',
        title: 'Copied',
        description: `${displayName}'s answer is on your clipboard.`,
        duration: COPY_TOAST_MS,
      });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
    }
  }

  async function download(extension: AnswerFormat) {
    if (!answer) return;
    // The markdown parser comes with the first download, not with the page.
    let exporter: typeof AnswerExporter;
    try {
      exporter = await import('../../lib/answer-export');
    } catch {
      toast({ variant: 'destructive', title: 'Download failed', description: 'Check your connection and try again.' });
      return;
    }
    const { answerAsMarkdown, answerAsText, answerFileName } = exporter;
    const askedAt = createdAt ?? new Date();
    const exported = {
      question,
      displayName,
      modelVersion,
      askedAt,
      responseTime: formatResponseTime(responseTime),
      answer,
      sources,
    };
    const content = extension === 'md' ? answerAsMarkdown(exported) : answerAsText(exported);
    const type = extension === 'md' ? 'text/markdown;charset=utf-8' : 'text/plain;charset=utf-8';
    const url = URL.createObjectURL(new Blob([content], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = answerFileName(displayName, askedAt, extension);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  const capped = !expanded;
  return (
    // Positioned, so its sr-only labels (absolutely positioned) stay inside the card and the scrolling
    // area around it, wherever the card is shown (issue 16, item 1).
    <Card role="article" aria-label={`${displayName} answer`} className="relative flex min-w-0 flex-col">
      <header className="flex items-start justify-between gap-2 border-b px-4 py-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{displayName}</h3>
          {provider && (
            <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
              <span className="truncate">{provider}</span>
              {searched && (
                // The globe alone: three cards side by side leave no room for words beside the vendor's name.
                <span className="inline-flex shrink-0 items-center" title={webSearchTexts.searchedBadge}>
                  <Globe className="size-3" aria-hidden />
                  <span className="sr-only">{webSearchTexts.searchedBadge}</span>
                </span>
              )}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-0.5">
          {stopped && !streaming && (
            <Badge variant="warning" className="mr-1">
              Stopped
            </Badge>
          )}
          {streaming && onStop && (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={stopping ? `Stopping ${displayName}` : `Stop ${displayName}`}
              title="Stop this answer"
              disabled={stopping}
              onClick={onStop}
            >
              <CircleStop aria-hidden />
            </Button>
          )}
          {!streaming && (
            <span
              className="mr-1 inline-flex items-center gap-1 text-xs tabular-nums text-muted-foreground"
              title={
                firstTokenTime === null
                  ? 'Response time'
                  : `Response time (first words at ${formatResponseTime(firstTokenTime)})`
              }
            >
              <Clock className="size-3.5" aria-hidden />
              <span className="sr-only">Response time: </span>
              {formatResponseTime(responseTime)}
            </span>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Copy ${displayName} answer`}
            title="Copy"
            disabled={!answer || streaming}
            onClick={() => void copy()}
          >
            <Copy aria-hidden />
          </Button>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Download ${displayName} answer`}
                title="Download"
                disabled={!answer || streaming}
              >
                <Download aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void download('txt')}>
                <FileText aria-hidden />
                Plain text (.txt)
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void download('md')}>
                <FileCode aria-hidden />
                Markdown (.md)
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </header>

      <div className="relative flex-1 px-4 py-3">
        <div ref={frameRef} className={cn(capped && 'max-h-96 overflow-hidden')}>
          <div ref={contentRef}>
            {error ? (
              <>
                {partial && <Markdown text={partial} model={model} sources={sources} citationMarks={citationMarks} />}
                {stopped ? (
                  // The asker's own doing: a note, not an alarm.
                  <p
                    className={cn(
                      'flex gap-2 rounded-md border bg-muted/60 p-3 text-sm text-muted-foreground',
                      partial && 'mt-3',
                    )}
                  >
                    <CircleStop className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>{error}</span>
                  </p>
                ) : (
                  <p
                    role="alert"
                    className={cn(
                      'flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700',
                      partial && 'mt-3',
                    )}
                  >
                    <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    <span>{error}</span>
                  </p>
                )}
                {retry && (
                  <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                    {retry.left > 0 && (
                      <Button variant="outline" size="sm" onClick={retry.onRetry}>
                        <RotateCcw aria-hidden />
                        Retry <span className="sr-only">{displayName}</span>
                      </Button>
                    )}
                    <span className="text-xs text-muted-foreground">{retriesLeftLabel(retry.left)}</span>
                  </div>
                )}
              </>
            ) : answer ? (
              <>
                <Markdown
                  text={answer}
                  model={model}
                  highlight={streaming ? undefined : highlight}
                  claims={streaming ? undefined : claims}
                  sources={sources}
                  citationMarks={citationMarks}
                />
                {streaming && <TypingIndicator label={`${displayName} is typing`} />}
              </>
            ) : streaming && thinking ? (
              <ThinkingIndicator displayName={displayName} />
            ) : streaming ? (
              <TypingIndicator label={`${displayName} is typing`} />
            ) : (
              <p className="text-sm text-muted-foreground">No answer</p>
            )}
            {!streaming && (thinking || reasoning) && (
              <HowItReasoned reasoning={reasoning} thinkingTime={thinkingTime} firstTokenTime={firstTokenTime} />
            )}
            <AnswerSources sources={sources} displayName={displayName} />
            {!streaming && !error && (
              <AnswerUsage usage={usage} firstTokenTime={firstTokenTime} responseTime={responseTime} />
            )}
          </div>
        </div>
        {capped && overflows && (
          <div
            aria-hidden
            className={cn(
              'pointer-events-none absolute inset-x-0 h-12 from-card to-transparent',
              streaming ? 'top-3 bg-gradient-to-b' : 'bottom-3 bg-gradient-to-t',
            )}
          />
        )}
      </div>

      {overflows && (
        <div className="border-t px-2 py-1">
          <Button variant="ghost" size="sm" className="w-full" aria-expanded={expanded} onClick={onToggleExpanded}>
            {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {expanded ? 'Collapse' : 'Expand'}
          </Button>
        </div>
      )}
    </Card>
  );
}
