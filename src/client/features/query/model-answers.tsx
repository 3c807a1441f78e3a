import { useId, useMemo, useState } from 'react';
import type { ComparisonAnalysis } from '../../../common/comparison';
import type { ModelResponse } from '../../../common/query-schemas';
import { ClaimLegend, claimsOf } from '../../components/answers/claim-legend';
import { savedCardExtras } from '../../components/answers/answer-extras';
import { ResponseCard, type ResponseCardProps } from '../../components/answers/response-card';
import { differenceHighlighter } from '../../lib/difference-highlight';
import { cn } from '../../lib/cn';
import { HighlightToggle } from './highlight-toggle';

// One column per model on wide screens (up to three), one column on phones.
const columns: Record<number, string> = {
  1: '',
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-2 lg:grid-cols-3',
};

function answerText(response: ModelResponse): string | null {
  return response.error ? null : response.text;
}

/**
 * The per-model comparison: each answer in a response card, with its own Highlight Differences switch.
 * The switch shows the analysis's claim marks, or, for a query stored before claims existed, the
 * documented word-overlap highlighting (docs/product.md, "Comparison").
 */
export function ModelAnswers({
  question,
  responses,
  createdAt,
  comparison,
  cardProps,
  webSearch = false,
}: {
  /** The question these answer, for downloads. */
  question: string;
  /** Asked with "Search the web" on. */
  webSearch?: boolean;
  responses: ModelResponse[];
  createdAt?: Date;
  comparison?: ComparisonAnalysis | null;
  /** Per answer: Retry, or the retry arriving (use-retry.ts). */
  cardProps?: (response: ModelResponse) => Partial<ResponseCardProps>;
}) {
  const titleId = useId();
  const [highlighting, setHighlighting] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const answered = responses.filter((response) => answerText(response));
  const highlighters = useMemo(
    () =>
      new Map(
        responses.map((response) => {
          const own = answerText(response);
          const others = responses
            .filter((other) => other !== response)
            .map(answerText)
            .filter((text): text is string => Boolean(text));
          return [response.model, own && others.length > 0 ? differenceHighlighter(own, others) : undefined];
        }),
      ),
    [responses],
  );

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            Model Responses
          </h2>
          <p className="text-sm text-muted-foreground">
            {responses.length === 1 ? 'One model answered this question.' : 'Each model’s answer, side by side.'}
          </p>
        </div>
        <HighlightToggle checked={highlighting} onCheckedChange={setHighlighting} disabled={answered.length < 2} />
      </div>
      {highlighting && <ClaimLegend comparison={comparison} />}
      {responses.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No model answers were saved for this question.
        </p>
      ) : (
        <div className={cn('grid items-start gap-4', columns[Math.min(responses.length, 3)])}>
          {responses.map((response) => (
            <ResponseCard
              key={response.model}
              model={response.model}
              text={response.text}
              error={response.error}
              responseTime={response.responseTime}
              createdAt={createdAt}
              question={question}
              modelVersion={response.modelVersion}
              expanded={expanded[response.model] ?? false}
              onToggleExpanded={() =>
                setExpanded((current) => ({ ...current, [response.model]: !(current[response.model] ?? false) }))
              }
              highlight={highlighting ? highlighters.get(response.model) : undefined}
              claims={highlighting ? claimsOf(comparison, response.model) : undefined}
              {...savedCardExtras(response, webSearch)}
              {...cardProps?.(response)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
