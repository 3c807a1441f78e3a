import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** 'Showing a–b of N' with Previous and Next; the server does the paging. */
export function ListPager({
  total,
  offset,
  limit,
  shown,
  onOffsetChange,
  label,
}: {
  total: number;
  offset: number;
  limit: number;
  /** Rows on this page, which can be fewer than `limit` on the last one. */
  shown: number;
  onOffsetChange: (offset: number) => void;
  label: string;
}) {
  if (total === 0) return null;
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + shown, total);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm">
      <p className="text-muted-foreground tabular-nums" aria-live="polite">
        Showing {first}–{last} of {total.toLocaleString('en-US')}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
