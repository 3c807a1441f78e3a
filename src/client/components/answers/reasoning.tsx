import { Brain, ChevronRight } from 'lucide-react';
import { formatResponseTime } from './response-time';

// A thinking model's card (issue 17, item 3): "Thinking…" while no answer word has come, and afterwards
// its shown reasoning, folded away under "How it reasoned", with how long it thought.

export function ThinkingIndicator({ displayName }: { displayName: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 py-1 text-sm text-muted-foreground">
      <Brain className="size-4 animate-pulse" aria-hidden />
      Thinking…<span className="sr-only"> {displayName} is thinking before it answers</span>
    </span>
  );
}

/** How long it thought and when its first word came, e.g. 'Thought for 3.2s · first words at 4.1s'. */
export function thinkingSummary(thinkingTime: number | null, firstTokenTime: number | null): string | null {
  if (thinkingTime === null) return null;
  const thought = `Thought for ${formatResponseTime(thinkingTime)}`;
  return firstTokenTime === null ? thought : `${thought} · first words at ${formatResponseTime(firstTokenTime)}`;
}

export function HowItReasoned({
  reasoning,
  thinkingTime,
  firstTokenTime,
}: {
  reasoning: string | null;
  thinkingTime: number | null;
  firstTokenTime: number | null;
}) {
  const summary = thinkingSummary(thinkingTime, firstTokenTime);
  if (!reasoning?.trim()) return summary ? <p className="mt-3 text-xs text-muted-foreground">{summary}</p> : null;
  return (
    <details className="group mt-3 rounded-md border bg-muted/40">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md px-3 py-2 text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        <span className="inline-flex items-center gap-1.5 font-medium">
          <Brain className="size-3.5" aria-hidden />
          How it reasoned
        </span>
        {summary && <span className="basis-full pl-5.5 sm:basis-auto sm:pl-0">{summary}</span>}
      </summary>
      <div className="max-h-72 overflow-y-auto px-3 pb-3 text-xs leading-relaxed whitespace-pre-wrap break-words text-muted-foreground">
        {reasoning.trim()}
      </div>
    </details>
  );
}
