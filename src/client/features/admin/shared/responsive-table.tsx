import type { ReactNode, ThHTMLAttributes } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';

// Every list of the admin console is drawn by this one table (decision 0043). From 640 px up it is a table;
// below, where a table of six or seven columns would hide its last ones (the Actions) off-screen, each row
// becomes a card: the header row goes, and every cell shows its column's name above its value. It is one DOM
// for both widths (CSS switches the layout), so a control is never rendered twice. A card packs its fields two to a
// line, a wide field (long values, the buttons) taking a line of its own; dense packing lets a short field fill the
// gap a wide one leaves, so the table's column order need not bend to the card.

export interface ListColumn<Row> {
  /** The column's header, and the field's label on a phone's card. */
  label: string;
  /** What the header shows in place of the label, e.g. a sort button. */
  head?: ReactNode;
  headProps?: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'children'>;
  /** Classes of this column's cells in the table (alignment, truncation); a card undoes truncation. */
  className?: string;
  /** On a card, the field takes the whole width (long values, the row's buttons) rather than half. */
  wide?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A label of the card layout: hidden from 640 px up, where the column's header names the cell. It sets its own font,
 * case and colour, as the cell's classes (monospace ids, capitalised values) are meant for the value.
 */
export const CARD_LABEL_CLASS =
  'block font-sans text-xs font-medium normal-case tracking-normal text-muted-foreground sm:hidden';

export interface ResponsiveTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Rows in place of the data rows: loading or empty (a single cell spanning the table). */
  placeholder?: ReactNode;
  /** Classes for the header row, e.g. to keep it in view while the rows scroll. */
  headerClassName?: string;
}

export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  placeholder,
  headerClassName,
}: ResponsiveTableProps<Row>) {
  return (
    <Table aria-label={label} className="max-sm:block">
      <TableHeader className={cn('max-sm:hidden', headerClassName)}>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead
              key={column.label}
              {...column.headProps}
              className={cn(column.className, column.headProps?.className)}
            >
              {column.head ?? column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody className="max-sm:grid max-sm:gap-3 max-sm:[&_tr:last-child]:border">
        {placeholder ??
          rows.map((row) => (
            <TableRow
              key={rowKey(row)}
              className="max-sm:grid max-sm:grid-flow-row-dense max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:rounded-lg max-sm:border max-sm:bg-card max-sm:p-3 max-sm:hover:bg-card"
            >
              {columns.map((column) => (
                <TableCell
                  key={column.label}
                  className={cn(
                    column.className,
                    'max-sm:block max-sm:min-w-0 max-sm:max-w-none max-sm:overflow-visible max-sm:whitespace-normal max-sm:p-0 max-sm:text-left max-sm:wrap-anywhere',
                    column.wide && 'max-sm:col-span-2',
                  )}
                >
                  <span className={CARD_LABEL_CLASS}>{column.label}</span>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
