import { formatRelativeTime, useNow } from '../../lib/relative-time';

/** A time as 'how long ago' (or 'in how long'), kept current; the exact time is in its tooltip. */
export function RelativeTime({
  date,
  title,
  className,
}: {
  date: Date | string;
  /** The exact time as the screen writes it elsewhere; the browser's local format when left out. */
  title?: string;
  className?: string;
}) {
  const now = useNow();
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) return <span className={className}>{formatRelativeTime(at, now)}</span>;
  return (
    <time dateTime={at.toISOString()} title={title ?? at.toLocaleString()} className={className}>
      {formatRelativeTime(at, now)}
    </time>
  );
}
