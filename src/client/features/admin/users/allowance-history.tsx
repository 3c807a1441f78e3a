import type { AllowanceChangeReason } from '../../../../common/allowance-ledger';
import type { AllowanceLedgerEntry } from '../../../../common/admin-user-schemas';
import { UNLIMITED_QUERIES } from '../../../../common/plans';
import { useAllowanceHistory } from '../../../api/admin/allowance-history';
import { DASH, formatDateTime } from '../shared/admin-format';
import { ListTable } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';

// The user dialog's allowance history: every change of the user's question counts, newest first,
// with who or what made it (the ledger written by src/server/allowance/).

const reasonLabels: Record<AllowanceChangeReason, string> = {
  'account-opened': 'Account created',
  'question-asked': 'Question asked',
  'question-refunded': 'Question given back (every model failed)',
  'question-unsettled': 'Question given back (its answer was never saved)',
  'period-started': 'Billing period paid',
  'plan-changed': 'Plan changed',
  'subscription-ended': 'Subscription ended',
  'payments-reset': 'Subscriptions dropped with the payment settings',
  'reset-to-free': 'Reset to the free plan',
  'admin-edit': 'Set by an administrator',
  'session-takeover': 'Moved on registration',
};

const balanceText = (balance: number) => (balance === UNLIMITED_QUERIES ? 'Unlimited' : String(balance));

function changeText(entry: AllowanceLedgerEntry): string {
  if (entry.delta === null) return entry.balanceAfter === UNLIMITED_QUERIES ? 'To unlimited' : 'From unlimited';
  return entry.delta > 0 ? `+${entry.delta}` : `−${Math.abs(entry.delta)}`;
}

const columns: readonly ListColumn<AllowanceLedgerEntry>[] = [
  { label: 'When', className: 'whitespace-nowrap', wide: true, cell: (entry) => formatDateTime(entry.createdAt) },
  { label: 'Questions', cell: (entry) => (entry.bucket === 'paid' ? 'Paid' : 'Free') },
  { label: 'Change', className: 'whitespace-nowrap tabular-nums', cell: changeText },
  { label: 'Balance', className: 'tabular-nums', cell: (entry) => balanceText(entry.balanceAfter) },
  { label: 'Reason', wide: true, cell: (entry) => reasonLabels[entry.reason] },
  { label: 'By', cell: (entry) => entry.actor?.username ?? DASH },
];

export function AllowanceHistory({ userId }: { userId: number }) {
  const history = useAllowanceHistory(userId);
  return (
    <section aria-labelledby="allowance-history-title" className="grid gap-2">
      <h3 id="allowance-history-title" className="text-sm font-semibold">
        Allowance History
      </h3>
      <ListTable
        label="Allowance history"
        columns={columns}
        rowKey={(entry) => entry.id}
        query={history}
        rows={history.data}
        loadingLabel="Loading allowance history..."
        empty={{
          title: 'No changes recorded yet.',
          hint: "Each question, payment and edit of this account's allowance will be listed here.",
        }}
        errorTitle="The allowance history could not be loaded."
        scrolls
      />
    </section>
  );
}
