import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import type { AdminPayment } from '../../../../common/admin-billing-schemas';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { TableCell, TableRow } from '../../../components/ui/table';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { usePayments } from '../../../api/admin/payments';
import { formatDateTime, formatMoney } from '../shared/admin-format';
import { ListPanel } from '../shared/list-panel';
import { useLoadErrorToast } from '../shared/table-states';

const EMPTY = 'No payments found';

/** Succeeded is default, pending is outline, anything else reads as a failure (docs/product.md, "Payments"). */
export function paymentStatusVariant(status: string): BadgeProps['variant'] {
  if (status === 'succeeded') return 'default';
  if (status === 'pending') return 'outline';
  return 'destructive';
}

function PaymentRow({ payment }: { payment: AdminPayment }) {
  return (
    <TableRow>
      <TableCell className="font-mono text-xs text-muted-foreground">#{payment.id}</TableCell>
      <TableCell>
        {payment.userId === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <div className="grid">
            <span className="font-medium">#{payment.userId}</span>
            {payment.username && <span className="text-xs text-muted-foreground">{payment.username}</span>}
          </div>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap font-medium tabular-nums">
        {formatMoney(payment.amount, payment.currency)}
      </TableCell>
      <TableCell>
        <Badge variant={paymentStatusVariant(payment.status)} className="capitalize">
          {payment.status}
        </Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(payment.createdAt)}</TableCell>
    </TableRow>
  );
}

export function PaymentsSection() {
  const [offset, setOffset] = useState(0);
  const payments = usePayments(offset);
  useLoadErrorToast(payments.error, adminToastMessages.loadAdminData);
  const data = payments.data;
  const currency = data?.items[0]?.currency ?? 'usd';

  return (
    <ListPanel
      id="payments"
      title="Payments"
      icon={CreditCard}
      titleClassName=""
      description="Every payment taken through Stripe, newest first."
      refreshable
      label="Payments"
      heads={['ID', 'User', 'Amount', 'Status', 'Date']}
      query={payments}
      rows={data?.items}
      renderRow={(payment) => <PaymentRow key={payment.id} payment={payment} />}
      loadingLabel="Loading payments..."
      empty={{ title: EMPTY }}
      errorTitle={adminToastMessages.loadAdminData}
      footer={
        data && (
          <dl className="grid grid-cols-1 gap-3 rounded-lg bg-muted/60 px-4 py-3 text-sm sm:grid-cols-2">
            <div className="flex items-baseline justify-between gap-2 sm:justify-start">
              <dt className="text-muted-foreground">Total payments</dt>
              <dd className="font-semibold tabular-nums">{data.total}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-2 sm:justify-end">
              <dt className="text-muted-foreground">Total revenue</dt>
              <dd className="font-semibold tabular-nums">
                {data.totalRevenue === null ? '—' : formatMoney(data.totalRevenue, currency)}
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
