/** One column on phones; up to three side by side on wide screens (docs/product.md, "Display rules"). */
export function answerGridClass(count: number): string {
  if (count >= 3) return 'grid items-start gap-4 lg:grid-cols-3';
  if (count === 2) return 'grid items-start gap-4 md:grid-cols-2';
  return 'grid items-start gap-4';
}
