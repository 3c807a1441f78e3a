/** Response time in seconds, or N/A (docs/product.md, "Asking a question"). */
export function formatResponseTime(ms: number | null): string {
  return ms === null ? 'N/A' : `${(ms / 1000).toFixed(1)}s`;
}
