import { conversationMessages } from '../../../common/conversation-messages';
import { CircleStop, CornerDownRight, MessageSquarePlus, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_FOLLOW_UPS_PER_QUESTION, MAX_QUERY_LENGTH } from '../../../common/limits';
import { COMPARISON_MODEL, displayNameOf, type ModelKey } from '../../../common/models';
import type { QueryResult, SavedQuery, SavedTurn } from '../../../common/query-schemas';
import { queryMessages } from '../../../common/query-messages';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Textarea } from '../ui/input';
import { NativeSelect } from '../ui/native-select';
import { savedCardExtras } from './answer-extras';
import { answerGridClass } from './answer-grid';
import { ComparisonCard } from './comparison-card';
import type { LiveState } from './live-turn';
import { LiveAnswerCards } from './live-answer-cards';
import { ResponseCard } from './response-card';
import { useFollowUp } from './use-follow-up';
import { useRetry } from './use-retry';
import { useSettle } from './use-settle';

// Follow-up turns (issue 13, item 3) under a question, on Home and on /query/:id: each turn in order
// with its answers and comparison (retry and 'Settle this' work there as on the first question), the
// turn being answered, and the box to ask the next one of every model or of one.

const names = (models: readonly string[]) => models.map(displayNameOf).join(', ');

/** One saved turn: what was asked (and of whom, when not of everyone), its answers and their comparison. */
function Turn({
  turn,
  number,
  conversationModels,
  sessionId,
  onUpdated,
}: {
  turn: SavedTurn;
  number: number;
  conversationModels: readonly string[];
  sessionId: string;
  onUpdated: (turn: QueryResult) => void;
}) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const retries = useRetry({ queryId: turn.id, sessionId, onUpdated });
  const settle = useSettle({ queryId: turn.id, sessionId, onUpdated });
  const answers = turn.responses.filter((r) => r.model !== COMPARISON_MODEL);
  const answered = answers.filter((r) => r.error === null && r.text).length;
  const toOne = turn.selectedModels.length < conversationModels.length;
  return (
    <section aria-label={`Follow-up ${number}`} className="grid gap-3">
      <Question number={number} text={turn.text} to={toOne ? turn.selectedModels : null} />
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
            question={turn.text}
            modelVersion={response.modelVersion}
            createdAt={new Date(turn.createdAt)}
            {...savedCardExtras(response, turn.webSearch ?? false)}
            {...retries.cardProps(response)}
          />
        ))}
      </div>
      {answered >= 2 && <ComparisonCard comparison={turn.comparisonSummary} settle={settle} />}
    </section>
  );
}

function Question({ number, text, to }: { number: number; text: string; to: readonly string[] | null }) {
  return (
    <div className="flex items-start gap-2">
      <CornerDownRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1 rounded-lg border bg-secondary/60 px-3 py-2">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Follow-up {number}
          {to && ` · to ${names(to)}`}
        </h3>
        <p className="mt-0.5 text-sm font-medium whitespace-pre-wrap break-words sm:text-base">{text}</p>
      </div>
    </div>
  );
}

/** The turn being answered, as the first question's answers arrive on Home. */
function LiveTurn({
  live,
  number,
  onStop,
}: {
  live: LiveState;
  number: number;
  onStop: (model: string | null) => void;
}) {
  const typing = live.models.filter((model) => !live.answers[model]?.done).length;
  return (
    <section aria-label={`Follow-up ${number}`} aria-busy="true" className="grid gap-3">
      <Question number={number} text={live.question} to={null} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p className="inline-flex items-center gap-2">
          <span aria-hidden className="size-2 animate-pulse rounded-full bg-green-500" />
          {typing > 0 ? `${typing}/${live.models.length} models typing` : 'Comparing the answers...'}
        </p>
        {typing > 0 && (
          <Button variant="outline" size="sm" onClick={() => onStop(null)}>
            <CircleStop aria-hidden />
            Stop
          </Button>
        )}
      </div>
      <LiveAnswerCards live={live} onStop={onStop} />
    </section>
  );
}

function FollowUpForm({
  models,
  busy,
  error,
  onSend,
}: {
  models: readonly string[];
  busy: boolean;
  error: string | null;
  onSend: (text: string, model: ModelKey | null) => Promise<boolean>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [target, setTarget] = useState('all');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const question = text.trim();
    if (!question) return setProblem(queryMessages.emptyQuery);
    if (question.length > MAX_QUERY_LENGTH) return setProblem(queryMessages.queryTooLong);
    setProblem(null);
    if (await onSend(question, target === 'all' ? null : (target as ModelKey))) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <Card className="p-3 sm:p-4">
      <form onSubmit={(event) => void submit(event)} className="grid gap-2" aria-label="Ask a follow-up">
        <label htmlFor={`${id}-text`} className="flex items-center gap-2 text-sm font-semibold">
          <MessageSquarePlus className="size-4 text-primary" aria-hidden />
          Ask a follow-up
        </label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Each model answers with its own earlier answers in mind"
          rows={2}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : `${id}-hint`}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          className="min-h-16 resize-y"
        />
        {shown && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {shown}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-target`} className="shrink-0 text-sm text-muted-foreground">
              Ask
            </label>
            <NativeSelect
              id={`${id}-target`}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              className="h-9 sm:w-56"
            >
              {models.length > 1 && <option value="all">All models ({names(models)})</option>}
              {models.map((model) => (
                <option key={model} value={models.length > 1 ? model : 'all'}>
                  {displayNameOf(model)}
                  {models.length > 1 && ' only'}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <span id={`${id}-hint`} className="text-xs text-muted-foreground">
              Uses 1 question<span className="hidden sm:inline"> · Ctrl+Enter</span>
            </span>
            <Button type="submit" disabled={busy}>
              <Send aria-hidden />
              {busy ? 'Answering…' : 'Send'}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

/** The follow-up turns of a conversation and the box to ask the next one. */
export function FollowUps({
  conversation,
  sessionId,
  onChanged,
}: {
  conversation: SavedQuery;
  sessionId: string;
  /** The conversation as it is now (a turn was added, retried or re-checked), with the allowance after it. */
  onChanged: (conversation: QueryResult) => void;
}) {
  const turns = conversation.followUps ?? [];
  const models = conversation.selectedModels;
  const followUp = useFollowUp({
    queryId: conversation.id,
    sessionId,
    onSaved: ({ subscriptionInfo, ...turn }) =>
      onChanged({ ...conversation, followUps: [...turns, turn], subscriptionInfo }),
  });
  const replaceTurn = ({ subscriptionInfo, ...turn }: QueryResult) =>
    onChanged({
      ...conversation,
      followUps: turns.map((t) => (t.id === turn.id ? turn : t)),
      subscriptionInfo,
    });
  const usedUp = turns.length >= MAX_FOLLOW_UPS_PER_QUESTION;

  return (
    <div className="grid gap-5">
      {turns.map((turn, index) => (
        <Turn
          key={turn.id}
          turn={turn}
          number={index + 1}
          conversationModels={models}
          sessionId={sessionId}
          onUpdated={replaceTurn}
        />
      ))}
      {followUp.busy && (
        <LiveTurn live={followUp.live} number={turns.length + 1} onStop={(model) => void followUp.stop(model)} />
      )}
      {usedUp ? (
        <p className="text-sm text-muted-foreground">{conversationMessages.followUpsUsed}</p>
      ) : (
        <FollowUpForm
          models={models}
          busy={followUp.busy}
          error={followUp.error}
          onSend={(text, model) => followUp.send(text, models, model, conversation.webSearch ?? false)}
        />
      )}
    </div>
  );
}
