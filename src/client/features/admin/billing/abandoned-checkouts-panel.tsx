import { ShoppingCart } from 'lucide-react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { TableCell, TableRow } from '../../../components/ui/table';
import { useAbandonedCheckouts, type CheckoutRow } from '../../../api/admin/abandoned-checkouts';
import { formatDateTime, formatMoney, formatRelative } from '../shared/admin-format';
import { ListTable, PanelCard, RefreshButton } from '../shared/list-panel';
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

function TimeCell({ date }: { date: Date | null }) {
  return (
    <TableCell className="whitespace-nowrap text-muted-foreground">
      {date ? (
        <time dateTime={date.toISOString()} title={formatDateTime(date)}>
          {formatRelative(date)}
        </time>
      ) : (
        '—'
      )}
    </TableCell>
  );
}

/** The amount, with the plan under it for a checkout attempt that names one. */
function AmountCell({ row }: { row: CheckoutRow }) {
  return (
    <TableCell className="whitespace-nowrap tabular-nums">
      {formatMoney(row.amount, row.currency)}
      {row.plan && <span className="block text-xs text-muted-foreground">{row.plan}</span>}
    </TableCell>
  );
}

function DashboardRow({ row }: { row: CheckoutRow }) {
  const shortId = row.id.length > CHECKOUT_ID_DISPLAY_LENGTH ? row.id.slice(0, CHECKOUT_ID_DISPLAY_LENGTH) : row.id;
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">{formatDateTime(row.createdAt)}</TableCell>
      <TableCell>
        <code title={row.id} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {shortId}
          {shortId !== row.id && '…'}
        </code>
      </TableCell>
      <TableCell className="max-w-56 truncate">{row.customerEmail ?? row.customerName ?? ANONYMOUS}</TableCell>
      <AmountCell row={row} />
      <TableCell>
        <StatusBadge status={row.status} />
      </TableCell>
      <TimeCell date={row.createdAt} />
      <TimeCell date={row.expiresAt} />
    </TableRow>
  );
}

function SubscriptionsRow({ row }: { row: CheckoutRow }) {
  return (
    <TableRow>
      <TableCell className="max-w-64 truncate">
        {row.customerEmail ?? <span className="text-muted-foreground">{row.customerName ?? ANONYMOUS}</span>}
      </TableCell>
      <AmountCell row={row} />
      <TableCell>
        <StatusBadge status={row.status} />
      </TableCell>
      <TimeCell date={row.createdAt} />
      <TimeCell date={row.expiresAt} />
    </TableRow>
  );
}

const columns = {
  dashboard: ['Timestamp', 'Checkout ID', 'Customer', 'Amount', 'Status', 'Created', 'Expires'],
  subscriptions: ['Customer Email', 'Amount', 'Status', 'Created', 'Expires'],
} as const;

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
        heads={columns[variant]}
        query={checkouts}
        rows={checkouts.data}
        renderRow={(row) =>
          variant === 'dashboard' ? (
            <DashboardRow key={row.id} row={row} />
          ) : (
            <SubscriptionsRow key={row.id} row={row} />
          )
        }
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
