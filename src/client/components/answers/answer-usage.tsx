import { Coins } from 'lucide-react';
import type { ModelResponse } from '../../../common/query-schemas';
import { formatResponseTime } from './response-time';

// What an answer used (issue 13, item 4): tokens in and out as the vendor counted them, and its times;
// a question's page adds them up. Only what the vendor reported is shown: nothing is estimated here.

const count = new Intl.NumberFormat('en-US');

type Usage = NonNullable<ModelResponse['usage']>;

/** '1,234 in · 567 out' when the vendor reported both; what it reported otherwise. */
export function tokensLabel(usage: Usage | null | undefined): string | null {
  if (!usage) return null;
  const parts = [
    usage.inputTokens !== null ? `${count.format(usage.inputTokens)} in` : null,
    usage.outputTokens !== null ? `${count.format(usage.outputTokens)} out` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' · ')} tokens` : null;
}

/** One line under an answer: its tokens, when its first word came, and its whole time. */
export function AnswerUsage({
  usage,
  firstTokenTime,
  responseTime,
}: {
  usage: Usage | null | undefined;
  firstTokenTime: number | null;
  responseTime: number | null;
}) {
  const tokens = tokensLabel(usage);
  if (!tokens && firstTokenTime === null) return null;
  const items = [
    tokens,
    firstTokenTime !== null ? `first words at ${formatResponseTime(firstTokenTime)}` : null,
    responseTime !== null ? `${formatResponseTime(responseTime)} in all` : null,
  ].filter(Boolean);
  return (
    <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
      <Coins className="size-3.5 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">Usage: </span>
        {items.join(' · ')}
      </span>
    </p>
  );
}

/** A question's totals: every answer's tokens added up, and the slowest answer's time. */
export function questionTotals(responses: readonly ModelResponse[]): string | null {
  const sum = (pick: (usage: Usage) => number | null) => {
    const values = responses.flatMap((r) => (r.usage && pick(r.usage) !== null ? [pick(r.usage)!] : []));
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
  };
  const tokens = tokensLabel({ inputTokens: sum((u) => u.inputTokens), outputTokens: sum((u) => u.outputTokens) });
  const times = responses.flatMap((r) => (r.responseTime !== null ? [r.responseTime] : []));
  const slowest = times.length > 0 ? `slowest answer ${formatResponseTime(Math.max(...times))}` : null;
  const parts = [tokens, slowest].filter(Boolean);
  return parts.length > 0 ? `In all: ${parts.join(' · ')}` : null;
}
