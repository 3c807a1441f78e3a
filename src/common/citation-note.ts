import type { Disagreement } from './comparison';

// The comparison's word on sources (issue 17, item 2), without zod so the answer cards can use it.

/**
 * What a dispute's sides cite, in one line for the comparison card; null when no side's answer had
 * sources to cite (issue 17, item 2).
 */
export function citationNote(disagreement: Disagreement, displayNameOf: (model: string) => string): string | null {
  const sides = disagreement.positions;
  if (!sides.some((p) => p.citedSources !== undefined)) return null;
  const cited = sides.filter((p) => (p.citedSources?.length ?? 0) > 0);
  if (cited.length === 0) return 'Neither side cites a source for this.';
  if (cited.length === sides.length)
    return sides.length === 2 ? 'Both sides cite a source.' : 'Every side cites a source.';
  const names = cited.map((p) => displayNameOf(p.model));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `Only ${list} ${names.length === 1 ? 'cites' : 'cite'} a source for this.`;
}
