import { Plus, RefreshCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { ListPager } from './list-pager';
import { ResponsiveTable, type ListColumn } from './responsive-table';
import { LoadError, TableEmptyRow, TableLoadingRow } from './table-states';

// The console's one list: a card with its title and actions, a table that shows loading, empty,
// failed and loaded states the same way everywhere, optional totals and a pager. Every list of the
// console is drawn by ListPanel (or ListTable inside a card of its own); the rows are ResponsiveTable's,
// a table from 640 px up and a card per row below.

/** What a list needs to know of its query (a TanStack Query result has all of it). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ListTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  query: ListQueryState;
  /** Undefined until the first answer. */
  rows: readonly Row[] | undefined;
  loadingLabel: string;
  empty: { title: string; hint?: ReactNode };
  /** Said when the first load fails; a later failed refresh keeps the rows on screen. */
  errorTitle: string;
  /** A short window onto a long list: the rows scroll under a header that stays. */
  scrolls?: boolean;
}

export function ListTable<Row>({
  label,
  columns,
  rowKey,
  query,
  rows,
  loadingLabel,
  empty,
  errorTitle,
  scrolls = false,
}: ListTableProps<Row>) {
  if (query.isError && rows === undefined) {
    return <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const placeholder = query.isPending ? (
    <TableLoadingRow colSpan={columns.length} label={loadingLabel} />
  ) : !rows || rows.length === 0 ? (
    <TableEmptyRow colSpan={columns.length} title={empty.title} hint={empty.hint} />
  ) : undefined;
  return (
    // On a phone the rows are cards with borders of their own, so the frame is drawn from 640 px up.
    <div className={cn('sm:rounded-lg sm:border', scrolls && 'max-h-64 overflow-y-auto')}>
      <ResponsiveTable
        label={label}
        columns={columns}
        rows={rows ?? []}
        rowKey={rowKey}
        placeholder={placeholder}
        headerClassName={cn(scrolls && 'sticky top-0 bg-muted')}
      />
    </div>
  );
}

/** Refresh Data for one list: spins while the list is being read again. */
export function RefreshButton({ query }: { query: ListQueryState }) {
  return (
    <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
      Refresh
    </Button>
  );
}

/** A list's Add button: opens the dialog that creates a new row. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" onClick={onClick}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}

export interface PanelCardProps {
  /** Names the card's title element (`<id>-title`), which labels the region. */
  id: string;
  title: ReactNode;
  icon?: LucideIcon;
  description?: ReactNode;
  /** Buttons at the right of the header. */
  actions?: ReactNode;
  titleClassName?: string;
  children: ReactNode;
}

/** A titled card of the console, a labelled region for screen readers. */
export function PanelCard({ id, title, icon: Icon, description, actions, titleClassName, children }: PanelCardProps) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle id={`${id}-title`} className={cn('flex items-center gap-2', titleClassName ?? 'text-lg')}>
            {Icon && <Icon className="size-5 text-primary" aria-hidden />}
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">{children}</CardContent>
    </Card>
  );
}

export interface ListPagerProps {
  offset: number;
  limit: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** The pager's accessible name, e.g. 'Payments pages'. */
  label: string;
}

export interface ListPanelProps<Row> extends Omit<PanelCardProps, 'children'>, ListTableProps<Row> {
  /** Adds Refresh to the header's actions. */
  refreshable?: boolean;
  /** Above the table: a search field or filters. */
  toolbar?: ReactNode;
  /** Below the table: totals or a note. */
  footer?: ReactNode;
  /** Server-side paging; the pager shows only when there is more than one page. */
  pager?: ListPagerProps;
}

export function ListPanel<Row>({
  id,
  title,
  icon,
  description,
  actions,
  titleClassName,
  refreshable = false,
  toolbar,
  footer,
  pager,
  ...table
}: ListPanelProps<Row>) {
  return (
    <PanelCard
      id={id}
      title={title}
      icon={icon}
      description={description}
      titleClassName={titleClassName}
      actions={
        (actions || refreshable) && (
          <div className="flex flex-wrap gap-2">
            {actions}
            {refreshable && <RefreshButton query={table.query} />}
          </div>
        )
      }
    >
      {toolbar}
      <ListTable {...table} />
      {footer}
      {pager && pager.total > pager.limit && <ListPager {...pager} shown={table.rows?.length ?? 0} />}
    </PanelCard>
  );
}
