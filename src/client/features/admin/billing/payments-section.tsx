import { CreditCard, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import type { AdminPayment } from '../../../../common/admin-billing-schemas';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { ListPager } from '../shared/list-pager';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { usePayments } from '../../../api/admin/payments';
import { formatDateTime, formatMoney } from '../shared/admin-format';
import { LoadError, TableEmptyRow, TableLoadingRow, useLoadErrorToast } from '../shared/table-states';

const COLUMNS = 5;
const EMPTY = 'No payments found';

/** Spec section 2: succeeded is default, pending is outline, anything else reads as a failure. */
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
    <Card role="region" aria-labelledby="payments-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle id="payments-title" className="flex items-center gap-2">
            <CreditCard className="size-5 text-primary" aria-hidden />
            Payments
          </CardTitle>
          <CardDescription>Every payment taken through Stripe, newest first.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void payments.refetch()} disabled={payments.isFetching}>
          <RefreshCw className={cn(payments.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {payments.isError && !data ? (
          <LoadError
            title={adminToastMessages.loadAdminData}
            onRetry={() => void payments.refetch()}
            retrying={payments.isFetching}
          />
        ) : (
          <>
            <div className="rounded-lg border">
              <Table aria-label="Payments">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>ID</TableHead>
                    <TableHead>User</TableHead>
                    <TableHead>Amount</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Date</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {payments.isPending ? (
                    <TableLoadingRow colSpan={COLUMNS} label="Loading payments..." />
                  ) : !data || data.items.length === 0 ? (
                    <TableEmptyRow colSpan={COLUMNS} title={EMPTY} />
                  ) : (
                    data.items.map((payment) => <PaymentRow key={payment.id} payment={payment} />)
                  )}
                </TableBody>
              </Table>
            </div>
            {data && (
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
            )}
            {data && data.total > ADMIN_PAGE_SIZE && (
              <ListPager
                offset={offset}
                limit={ADMIN_PAGE_SIZE}
                shown={data.items.length}
                total={data.total}
                onOffsetChange={setOffset}
                label="Payments pages"
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
