import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import type { AdminPayment } from '../../../../common/admin-billing-schemas';
import type { CurrencyTotal } from '../../../../common/list-headers';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { usePayments } from '../../../api/admin/payments';
import { DASH, formatDateTime, formatMoney } from '../shared/admin-format';
import { ListPanel } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';
import { useLoadErrorToast } from '../shared/table-states';

const EMPTY = 'No payments found';

/** Succeeded is default, pending is outline, anything else reads as a failure (docs/product.md, "Payments"). */
export function paymentStatusVariant(status: string): BadgeProps['variant'] {
  if (status === 'succeeded') return 'default';
  if (status === 'pending') return 'outline';
  return 'destructive';
}

const columns: readonly ListColumn<AdminPayment>[] = [
  { label: 'ID', className: 'font-mono text-xs text-muted-foreground', cell: (payment) => `#${payment.id}` },
  {
    label: 'User',
    cell: (payment) =>
      payment.userId === null ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <div className="grid">
          <span className="font-medium">#{payment.userId}</span>
          {payment.username && <span className="text-xs text-muted-foreground">{payment.username}</span>}
        </div>
      ),
  },
  {
    label: 'Amount',
    className: 'whitespace-nowrap font-medium tabular-nums',
    cell: (payment) => formatMoney(payment.amount, payment.currency),
  },
  {
    label: 'Status',
    cell: (payment) => (
      <Badge variant={paymentStatusVariant(payment.status)} className="capitalize">
        {payment.status}
      </Badge>
    ),
  },
  {
    label: 'Date',
    className: 'whitespace-nowrap text-muted-foreground',
    cell: (payment) => formatDateTime(payment.createdAt),
  },
];

/** One amount per currency, each in its own currency: amounts are never added across currencies (decision 0037). */
function RevenueTotals({ revenue }: { revenue: CurrencyTotal[] }) {
  if (revenue.length === 0) return DASH;
  return (
    // A column on a phone, where three amounts would wrap raggedly; one line, wrapping if need be, beside.
    <ul
      aria-label="Revenue per currency"
      className="grid justify-items-end gap-0.5 sm:flex sm:flex-wrap sm:justify-end sm:gap-x-4 sm:gap-y-0.5"
    >
      {revenue.map((total) => (
        <li key={total.currency} className="whitespace-nowrap">
          {formatMoney(total.amount, total.currency)}
        </li>
      ))}
    </ul>
  );
}

export function PaymentsSection() {
  const [offset, setOffset] = useState(0);
  const payments = usePayments(offset);
  useLoadErrorToast(payments.error, adminToastMessages.loadAdminData);
  const data = payments.data;

  return (
    <ListPanel
      id="payments"
      title="Payments"
      icon={CreditCard}
      titleClassName=""
      description="Every payment taken through Stripe, newest first."
      refreshable
      label="Payments"
      columns={columns}
      rowKey={(payment) => payment.id}
      query={payments}
      rows={data?.items}
      loadingLabel="Loading payments..."
      empty={{ title: EMPTY }}
      errorTitle={adminToastMessages.loadAdminData}
      footer={
        data && (
          <dl className="grid grid-cols-1 gap-3 rounded-lg bg-muted/60 px-4 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-8">
            <div className="flex items-baseline justify-between gap-2 sm:justify-start">
              <dt className="text-muted-foreground">Total payments</dt>
              <dd className="font-semibold tabular-nums">{data.total}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-x-4 sm:justify-end">
              <dt className="shrink-0 text-muted-foreground">Total revenue</dt>
              <dd className="min-w-0 font-semibold tabular-nums">
                <RevenueTotals revenue={data.revenue} />
              </dd>
            </div>
          </dl>
        )
      }
      pager={
        data && {
          offset,
          limit: ADMIN_PAGE_SIZE,
          total: data.total,
          onOffsetChange: setOffset,
          label: 'Payments pages',
        }
      }
    />
  );
}
