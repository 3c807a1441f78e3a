import { CircleStop } from 'lucide-react';
import { ComparisonCard } from '../../components/answers/comparison-card';
import { ConsensusCard } from '../../components/answers/consensus-card';
import { LiveAnswerCards } from '../../components/answers/live-answer-cards';
import { Button } from '../../components/ui/button';
import type { LiveState } from './use-ask';

/** The answers while they arrive (docs/product.md, "Asking a question"). */
export function LiveAnswers({ live, onStop }: { live: LiveState; onStop: (model: string | null) => void }) {
  const typing = live.models.filter((model) => !live.answers[model]?.done).length;
  const allDone = live.models.length > 0 && typing === 0;
  const stoppingAll = live.models.every((model) => live.answers[model]?.done || live.answers[model]?.stopping);

  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold tracking-tight">Live AI Responses</h1>
        <div className="flex items-center gap-3">
          <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-green-500" />
            {allDone ? 'Comparing the answers...' : `${typing}/${live.models.length} models typing`}
          </p>
          {!allDone && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onStop(null)}
              disabled={stoppingAll}
              aria-keyshortcuts="Escape"
              title="Stop every answer (Esc)"
            >
              <CircleStop aria-hidden />
              {stoppingAll ? 'Stopping...' : 'Stop'}
            </Button>
          )}
        </div>
      </div>
      <p className="rounded-lg border bg-card px-4 py-3 text-sm whitespace-pre-wrap break-words shadow-sm">
        <span className="font-medium">Question: </span>
        {live.question}
      </p>
      <LiveAnswerCards live={live} onStop={onStop} />
      {(allDone || live.comparison) && <ComparisonCard comparison={live.comparison} pending={!live.comparison} />}
      {live.comparison?.consensus && <ConsensusCard consensus={live.comparison.consensus} />}
    </div>
  );
}
