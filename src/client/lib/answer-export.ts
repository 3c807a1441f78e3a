import { format } from 'date-fns';
import type { Nodes, Parents, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { safeSourceUrl } from './source-links';

// A downloaded answer (issue 16, item 12): a header saying what it answers, then the answer, as plain
// text or as the model's own markdown. Loaded on first download, so the markdown parser stays out of
// the first paint (docs/performance.md, "Home page weight").

export type AnswerFormat = 'txt' | 'md';

export interface AnswerExport {
  question: string;
  /** The model's name as shown, e.g. ChatGPT. */
  displayName: string;
  /** The vendor's model that answered, e.g. gpt-5.1; unknown for answers saved before it was recorded. */
  modelVersion?: string | null;
  /** When the question was asked. */
  askedAt: Date;
  /** Seconds as shown on the card, e.g. "3.2s", or "N/A". */
  responseTime: string;
  /** The answer as the model wrote it (markdown). */
  answer: string;
  /** The pages it cites, numbered as its markers are (issue 17, item 2). */
  sources?: readonly { url: string; title: string | null }[];
}

/** The sources as a numbered list under the answer, each with its title (when the vendor gave one) and address. */
function sourcesList(sources: AnswerExport['sources'], markdown: boolean): string {
  if (!sources?.length) return '';
  const lines = sources.map((source, index) => {
    if (!markdown) return `${index + 1}. ${source.title ? `${source.title} - ` : ''}${source.url}`;
    const label = (source.title ?? source.url).replace(/[[\]\\]/g, '\\$&');
    // Only a web address becomes a link (source-links.ts); anything else is written out as text.
    const href = safeSourceUrl(source.url);
    return href ? `${index + 1}. [${label}](<${href}>)` : `${index + 1}. ${label}`;
  });
  return `\n${markdown ? '## Sources' : 'Sources:'}\n\n${lines.join('\n')}\n`;
}

/** The download's name: the model's name plus the date, e.g. ChatGPT-2026-11-22.txt. */
export function answerFileName(displayName: string, date: Date, extension: AnswerFormat = 'txt'): string {
  return `${displayName.replace(/[^\w.-]+/g, '-')}-${format(date, 'yyyy-MM-dd')}.${extension}`;
}

function modelLabel({ displayName, modelVersion }: AnswerExport): string {
  return modelVersion ? `${displayName} (${modelVersion})` : displayName;
}

const askedLabel = (date: Date) => format(date, 'd MMMM yyyy, HH:mm');

/** The answer as plain text under a header of question, model, date and response time. */
export function answerAsText(answer: AnswerExport): string {
  const header = [
    `Question: ${answer.question}`,
    `Model: ${modelLabel(answer)}`,
    `Asked: ${askedLabel(answer.askedAt)}`,
    `Response time: ${answer.responseTime}`,
  ];
  return `${header.join('\n')}\n\n${markdownToPlainText(answer.answer)}\n${sourcesList(answer.sources, false)}`;
}

/** The answer as the model's markdown, under the same header written as markdown. */
export function answerAsMarkdown(answer: AnswerExport): string {
  const question = answer.question
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  const header = [
    `# ${answer.displayName}'s answer`,
    '',
    question,
    '',
    `- **Model:** ${modelLabel(answer)}`,
    `- **Asked:** ${askedLabel(answer.askedAt)}`,
    `- **Response time:** ${answer.responseTime}`,
    '',
    '---',
  ];
  return `${header.join('\n')}\n\n${answer.answer.trim()}\n${sourcesList(answer.sources, true)}`;
}

/**
 * Markdown as a reader would see it rendered, without its markers: paragraphs and headings on lines of
 * their own, list items as "•" or "1." lines indented by depth, a link's address after its text, table
 * cells separated by tabs, code as it is.
 */
export function markdownToPlainText(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return blocks(tree.children, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function blocks(nodes: readonly RootContent[], indent: string, separator = '\n\n'): string {
  return nodes
    .map((node) => block(node, indent))
    .filter((text) => text !== '')
    .join(separator);
}

function block(node: RootContent, indent: string): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return indentLines(inline(node), indent);
    case 'list':
      return node.children
        .map((item, index) => {
          const marker = node.ordered ? `${(node.start ?? 1) + index}. ` : '• ';
          const body = blocks(item.children, ' '.repeat(marker.length), item.spread ? '\n\n' : '\n').replace(
            /^\s+/,
            '',
          );
          const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
          return indentLines(`${marker}${check}${body}`, indent);
        })
        .join(node.spread ? '\n\n' : '\n');
    case 'blockquote':
      return blocks(node.children, `${indent}  `);
    case 'code':
      return indentLines(node.value, indent);
    case 'table':
      return node.children
        .map((row) => indentLines(row.children.map((cell) => inline(cell)).join('\t'), indent))
        .join('\n');
    case 'thematicBreak':
      return '';
    case 'html':
      return indentLines(node.value.replace(/<[^>]*>/g, '').trim(), indent);
    case 'definition':
    case 'footnoteDefinition':
      return '';
    default:
      return 'children' in node ? indentLines(inline(node), indent) : '';
  }
}

/** A block's text: markers dropped, line breaks kept, each link's address after its text. */
function inline(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
      return node.alt ?? '';
    case 'html':
      return node.value.replace(/<[^>]*>/g, '');
    case 'link': {
      const text = children(node);
      return text === node.url || !node.url ? text : `${text} (${node.url})`;
    }
    default:
      return 'children' in node ? children(node) : '';
  }
}

const children = (node: Parents) => node.children.map((child) => inline(child as Nodes)).join('');

function indentLines(text: string, indent: string): string {
  return indent === '' ? text : text.replace(/^(?=.)/gm, indent);
}
