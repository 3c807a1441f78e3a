import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { common, createLowlight } from 'lowlight';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

// Syntax highlighting for code in answers (issue 20, item 5). Loaded by the first code block shown
// (code-block.tsx), never with the page: the grammars are larger than the rest of an answer's code.

const lowlight = createLowlight(common);

/** How sure the guess at an unlabelled block's language must be before it is coloured (highlight.js's relevance). */
const MIN_GUESS_RELEVANCE = 5;

/**
 * The code as React elements with highlight.js's token classes (coloured by styles.css), or null to keep it
 * plain: an unknown language, or an unlabelled block whose language cannot be told with confidence.
 */
export function highlightCode(code: string, language: string | null): ReactNode | null {
  let tree: Root;
  if (language) {
    if (!lowlight.registered(language)) return null;
    tree = lowlight.highlight(language, code);
  } else {
    tree = lowlight.highlightAuto(code);
    if (((tree.data as { relevance?: number } | undefined)?.relevance ?? 0) < MIN_GUESS_RELEVANCE) return null;
  }
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
