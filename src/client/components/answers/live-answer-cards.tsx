import { useState } from 'react';
import { liveCardExtras, NO_EXTRAS } from './answer-extras';
import { answerGridClass } from './answer-grid';
import type { LiveState } from './live-turn';
import { ResponseCard } from './response-card';

/** Each model's card while its answer arrives, each with its own Stop (a question on Home, a follow-up turn). */
export function LiveAnswerCards({ live, onStop }: { live: LiveState; onStop: (model: string) => void }) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  return (
    <div className={answerGridClass(live.models.length)}>
      {live.models.map((model) => {
        const answer = live.answers[model];
        return (
          <ResponseCard
            key={model}
            model={model}
            text={answer?.text || null}
            error={answer?.error ?? null}
            responseTime={answer?.responseTime ?? null}
            streaming={!answer?.done}
            question={live.question}
            modelVersion={answer?.modelVersion}
            failure={answer?.failure}
            onStop={() => onStop(model)}
            stopping={answer?.stopping}
            {...liveCardExtras(answer?.extras ?? NO_EXTRAS)}
            expanded={expanded[model] ?? false}
            onToggleExpanded={() => setExpanded((all) => ({ ...all, [model]: !all[model] }))}
          />
        );
      })}
    </div>
  );
}
