import { ShoppingCart } from 'lucide-react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { RelativeTime } from '../../../components/ui/relative-time';
import { useAbandonedCheckouts, type CheckoutRow } from '../../../api/admin/abandoned-checkouts';
import { formatDateTime, formatMoney } from '../shared/admin-format';
import { ListTable, PanelCard, RefreshButton } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';
import { useLoadErrorToast } from '../shared/table-states';

/**
 * The checkout id is cut to 15 characters (docs/product.md, "Abandoned checkouts"); the whole id stays in the
 * tooltip.
 */
export const CHECKOUT_ID_DISPLAY_LENGTH = 15;

const ANONYMOUS = 'Anonymous';

function statusVariant(status: string): BadgeProps['variant'] {
  if (status === 'complete') return 'success';
  if (status === 'expired') return 'secondary';
  return 'warning';
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)} className="capitalize">
      {status}
    </Badge>
  );
}

function Time({ date }: { date: Date | null }) {
  return date ? <RelativeTime date={date} title={formatDateTime(date)} /> : '—';
}

function shortIdOf(id: string): string {
  return id.length > CHECKOUT_ID_DISPLAY_LENGTH ? id.slice(0, CHECKOUT_ID_DISPLAY_LENGTH) : id;
}

const timeClass = 'whitespace-nowrap text-muted-foreground';

/** The amount, with the plan under it for a checkout attempt that names one. */
const amountColumn: ListColumn<CheckoutRow> = {
  label: 'Amount',
  className: 'whitespace-nowrap tabular-nums',
  cell: (row) => (
    <>
      {formatMoney(row.amount, row.currency)}
      {row.plan && <span className="block text-xs text-muted-foreground">{row.plan}</span>}
    </>
  ),
};
const statusColumn: ListColumn<CheckoutRow> = { label: 'Status', cell: (row) => <StatusBadge status={row.status} /> };
const createdColumn: ListColumn<CheckoutRow> = {
  label: 'Created',
  className: timeClass,
  cell: (row) => <Time date={row.createdAt} />,
};
const expiresColumn: ListColumn<CheckoutRow> = {
  label: 'Expires',
  className: timeClass,
  cell: (row) => <Time date={row.expiresAt} />,
};

const columns: Record<'dashboard' | 'subscriptions', readonly ListColumn<CheckoutRow>[]> = {
  dashboard: [
    { label: 'Timestamp', className: 'whitespace-nowrap', wide: true, cell: (row) => formatDateTime(row.createdAt) },
    {
      label: 'Checkout ID',
      cell: (row) => {
        const shortId = shortIdOf(row.id);
        return (
          <code title={row.id} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
            {shortId}
            {shortId !== row.id && '…'}
          </code>
        );
      },
    },
    {
      label: 'Customer',
      className: 'max-w-56 truncate',
      cell: (row) => row.customerEmail ?? row.customerName ?? ANONYMOUS,
    },
    amountColumn,
    statusColumn,
    createdColumn,
    expiresColumn,
  ],
  subscriptions: [
    {
      label: 'Customer Email',
      className: 'max-w-64 truncate',
      wide: true,
      cell: (row) =>
        row.customerEmail ?? <span className="text-muted-foreground">{row.customerName ?? ANONYMOUS}</span>,
    },
    amountColumn,
    statusColumn,
    createdColumn,
    expiresColumn,
  ],
};

function CheckoutsTable({
  variant,
  checkouts,
}: {
  variant: 'dashboard' | 'subscriptions';
  checkouts: ReturnType<typeof useAbandonedCheckouts>;
}) {
  const rows = checkouts.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-3">
      <ListTable
        label="Abandoned checkouts"
        columns={columns[variant]}
        rowKey={(row) => row.id}
        query={checkouts}
        rows={checkouts.data}
        loadingLabel="Loading abandoned checkouts..."
        empty={{
          title: adminEmptyStates.abandonedCheckouts,
          hint: 'Checkouts that were started but never paid appear here.',
        }}
        errorTitle={adminToastMessages.loadAbandonedCheckouts}
      />
      {variant === 'dashboard' && rows.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Showing {rows.length} incomplete checkout {rows.length === 1 ? 'session' : 'sessions'}
        </p>
      )}
    </div>
  );
}

/**
 * Stripe checkouts started but never paid (docs/product.md, "Abandoned checkouts"). 'dashboard' is the full table
 * (also its own view); 'subscriptions' is the shorter one on the Subscriptions section's tab, with a Refresh button.
 */
export function AbandonedCheckoutsPanel({ variant }: { variant: 'dashboard' | 'subscriptions' }) {
  const checkouts = useAbandonedCheckouts();
  useLoadErrorToast(checkouts.error, adminToastMessages.loadAbandonedCheckouts);
  if (variant === 'dashboard') return <CheckoutsTable variant="dashboard" checkouts={checkouts} />;
  return (
    <PanelCard
      id="abandoned-checkouts"
      title="Abandoned Checkouts"
      icon={ShoppingCart}
      description="Checkout sessions that were opened but not completed."
      actions={<RefreshButton query={checkouts} />}
    >
      <CheckoutsTable variant="subscriptions" checkouts={checkouts} />
    </PanelCard>
  );
}
