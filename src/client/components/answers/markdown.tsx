import type { Element, ElementContent } from 'hast';
import { ExternalLink } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useMemo, type ComponentPropsWithoutRef, type ElementType } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { AnswerClaim } from '../../../common/comparison';
import type { AnswerSource, CitationMark } from '../../../common/query-schemas';
import { cn } from '../../lib/cn';
import { Table } from '../ui/table';
import { ClaimMark, ClaimsContext } from './claim-mark';
import { CodeBlock } from './code-block';
import { rehypeMarkCitations } from './mark-citations';
import { rehypeMarkClaims } from './mark-claims';
import { rehypeMarkSentences, type SentencePredicate } from './mark-sentences';

// A model's answer as formatted text (paragraphs, bullets and numbered lists; docs/product.md, "Asking a question").
// Raw HTML in an answer is never rendered as HTML: react-markdown shows it as text, and its URL
// filter drops javascript: links.

/** A component for `tag` with fixed classes; react-markdown's `node` prop never reaches the DOM. */
function styled<T extends ElementType>(tag: T, className: string) {
  function Styled({ node: _node, className: extra, ...props }: ComponentPropsWithoutRef<T> & ExtraProps) {
    const Tag = tag as ElementType;
    return <Tag className={cn(className, extra as string | undefined)} {...props} />;
  }
  return Styled;
}

/** The text of a hast node and everything inside it. */
function textOf(node: ElementContent | Element | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

const hasMark = (node: Element): boolean =>
  node.children.some((child) => child.type === 'element' && (child.tagName === 'mark' || hasMark(child)));

function classNames(node: Element | undefined): string[] {
  const value = node?.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

const components: Components = {
  p: styled('p', 'leading-relaxed'),
  ul: styled('ul', 'list-disc space-y-1 pl-5'),
  ol: styled('ol', 'list-decimal space-y-1 pl-5'),
  li: styled('li', 'leading-relaxed [&>ol]:mt-1 [&>ul]:mt-1'),
  h1: styled('h3', 'text-base font-semibold'),
  h2: styled('h4', 'text-base font-semibold'),
  h3: styled('h5', 'text-sm font-semibold'),
  h4: styled('h6', 'text-sm font-semibold'),
  h5: styled('h6', 'text-sm font-semibold'),
  h6: styled('h6', 'text-sm font-semibold'),
  blockquote: styled('blockquote', 'border-l-4 border-border pl-3 text-muted-foreground'),
  hr: styled('hr', 'border-border'),
  code: styled('code', 'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]'),
  pre: ({ node, children }) => {
    const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    const language = /(?:^|\s)language-([\w+#.-]+)/.exec(classNames(code).join(' '))?.[1]?.toLowerCase() ?? null;
    return (
      <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} keepAsIs={code ? hasMark(code) : true}>
        {children}
      </CodeBlock>
    );
  },
  // The app's table: wider than the card, it scrolls inside it (never widening the page) and takes keyboard focus.
  table: ({ node: _node, className, ...props }) => <Table className={cn('text-left text-xs', className)} {...props} />,
  th: styled('th', 'border border-border bg-muted px-2 py-1 font-semibold'),
  td: styled('td', 'border border-border px-2 py-1 align-top'),
  sup: styled(
    'sup',
    '[&.citation]:ml-0.5 [&.citation]:text-[0.7em] [&.citation_a]:no-underline [&.citation_a]:break-normal',
  ),
  a: ({ node: _node, className, children, ...props }) => (
    <a
      {...props}
      className={cn(
        'font-medium text-primary underline underline-offset-2 break-all hover:text-primary-hover',
        className,
      )}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  ),
  // An answer must not make the browser fetch images from anywhere it names: show a link instead.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
      >
        {alt || 'Image'}
        <ExternalLink className="size-3" aria-hidden />
      </a>
    ) : (
      <span>{alt}</span>
    ),
  // Claim marks (mark-claims.ts) carry data-claim; sentence marks (mark-sentences.ts) do not.
  mark: ({ node: _node, ...props }) => {
    const claim = (props as Record<string, unknown>)['data-claim'];
    return typeof claim === 'string' ? (
      <ClaimMark index={Number(claim)}>{props.children}</ClaimMark>
    ) : (
      <mark {...props} />
    );
  },
};

export interface MarkdownProps {
  text: string;
  /** Word-overlap highlighting: the sentences it picks are marked. Ignored when `claims` is given. */
  highlight?: SentencePredicate;
  /** Claim marks: this answer's claims, with offsets into `text`; `model` is whose answer it is. */
  claims?: readonly AnswerClaim[];
  model?: string;
  /** The pages the answer cites and where: numbered links at those places (mark-citations.ts). */
  sources?: readonly AnswerSource[];
  citationMarks?: readonly CitationMark[];
}

export function Markdown({ text, highlight, claims, model, sources, citationMarks }: MarkdownProps) {
  const claimContext = useMemo(() => (claims && model ? { model, claims } : null), [claims, model]);
  const body = (
    <div className="min-w-0 text-sm break-words [&>*+*]:mt-3">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[
          // Citations first: the text they split keeps its source position, which the claim marks need.
          [rehypeMarkCitations, { source: text, sources, marks: citationMarks }],
          claimContext
            ? [rehypeMarkClaims, { source: text, claims: claimContext.claims }]
            : [rehypeMarkSentences, { highlight }],
        ]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
  if (!claimContext) return body;
  return (
    <ClaimsContext.Provider value={claimContext}>
      {/* Tooltips open after the documented delay (docs/product.md, "Cache and timing rules"); the answers
          are the only place with tooltips, so the provider lives here (main.tsx has none). */}
      <Tooltip.Provider delayDuration={700}>{body}</Tooltip.Provider>
    </ClaimsContext.Provider>
  );
}
