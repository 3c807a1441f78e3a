import { ExternalLink } from 'lucide-react';
import type { AnswerSource } from '../../../common/query-schemas';
import { webSearchTexts } from '../../../common/web-search';
import { safeSourceUrl, sourceDomain } from '../../lib/source-links';

/** The pages an answer cites, numbered as its markers are; each opens in a new tab, with no way back to us. */
export function AnswerSources({ sources, displayName }: { sources: readonly AnswerSource[]; displayName: string }) {
  if (sources.length === 0) return null;
  return (
    <section aria-label={`${displayName} sources`} className="mt-3 border-t pt-3">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {webSearchTexts.sourcesHeading}
      </h4>
      <ol className="grid gap-1 text-xs">
        {sources.map((source, index) => {
          const href = safeSourceUrl(source.url);
          const domain = sourceDomain(source.url);
          const title = source.title ?? domain;
          return (
            <li key={source.url} className="flex min-w-0 items-baseline gap-1.5">
              <span className="shrink-0 tabular-nums text-muted-foreground">{index + 1}.</span>
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={source.url}
                  className="group inline-flex min-w-0 items-baseline gap-1.5 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="truncate font-medium text-primary">{title}</span>
                  {source.title && <span className="shrink-0 text-muted-foreground">{domain}</span>}
                  <ExternalLink className="size-3 shrink-0 self-center text-muted-foreground" aria-hidden />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <span className="min-w-0 truncate" title={source.url}>
                  {title}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
