import { conversationMessages } from '../../../common/conversation-messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOwnedStreams } from './use-owned-streams';
import type { RecheckOutcome } from '../../../common/comparison';
import type { QueryResult } from '../../../common/query-schemas';
import { toast } from '../ui/toast-store';
import { ApiError, errorText } from '../../lib/api';

// 'Settle this' (issue 13, item 2): a disagreement's card asks its models to re-check it; their replies
// arrive in the card as they are written, each marked held / changed / uncertain when it ends, and when
// the server has saved the round (with the comparison updated) the question is handed to `onUpdated`.

/** A round under way, by disagreement topic: each model's reply so far and, once it ended, its verdict. */
export interface LiveRound {
  models: string[];
  replies: Record<string, string>;
  outcomes: Record<string, RecheckOutcome>;
}

export interface SettleControl {
  running: Partial<Record<string, LiveRound>>;
  onSettle: (topic: string) => void;
}

export function useSettle({
  queryId,
  sessionId,
  onUpdated,
}: {
  queryId: number;
  sessionId: string;
  onUpdated: (query: QueryResult) => void;
}): SettleControl {
  const [running, setRunning] = useState<Partial<Record<string, LiveRound>>>({});
  const runningRef = useRef(running);
  const onUpdatedRef = useRef(onUpdated);
  useEffect(() => {
    runningRef.current = running;
    onUpdatedRef.current = onUpdated;
  });
  const openStream = useOwnedStreams();

  const change = (topic: string, update: (round: LiveRound) => LiveRound) =>
    setRunning((all) => {
      const current = all[topic];
      return current ? { ...all, [topic]: update(current) } : all;
    });

  const onSettle = useCallback(
    async (topic: string) => {
      if (runningRef.current[topic]) return;
      setRunning((all) => ({ ...all, [topic]: { models: [], replies: {}, outcomes: {} } }));
      const stream = openStream();
      let saved: QueryResult | undefined;
      let failedWith: string | undefined;
      try {
        const { streamSettle } = await import('../../api/question-stream');
        await streamSettle(
          queryId,
          { topic, sessionId },
          {
            signal: stream.signal,
            onEvent: (event) => {
              if (event.type === 'start') change(topic, (round) => ({ ...round, models: event.models }));
              else if (event.type === 'recheck')
                change(topic, (round) => ({
                  ...round,
                  replies: { ...round.replies, [event.model]: (round.replies[event.model] ?? '') + event.text },
                }));
              else if (event.type === 'recheck-done')
                change(topic, (round) => ({ ...round, outcomes: { ...round.outcomes, [event.model]: event.outcome } }));
              else if (event.type === 'query') saved = event.query;
              else if (event.type === 'error') failedWith = event.message;
            },
          },
        );
      } catch (error) {
        if (stream.signal.aborted) return;
        failedWith = error instanceof ApiError ? errorText(error, error.message) : undefined;
      } finally {
        stream.close();
      }
      if (saved) onUpdatedRef.current(saved);
      setRunning(({ [topic]: _done, ...others }) => others);
      if (failedWith || !saved)
        toast({ variant: 'destructive', title: conversationMessages.settleFailed, description: failedWith });
    },
    [queryId, sessionId, openStream],
  );

  return { running, onSettle: (topic) => void onSettle(topic) };
}
