import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import type { AdminUser, AdminUserSortKey } from '../../../../common/admin-user-schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { isAdministrator, planLabel } from '../../../lib/format';
import { humanize, paidQuestionsText, statusBadgeVariant } from '../shared/admin-format';
import { ResponsiveTable, type ListColumn } from '../shared/responsive-table';
import { UserActionsMenu, type UserAction } from './user-actions-menu';

/** The table shows every sort key but the creation date. */
type ColumnKey = Exclude<AdminUserSortKey, 'createdAt'>;

/** The columns people can sort by, in the table's order; a phone sorts with a menu of them (UsersSortSelect). */
export const sortableColumns: readonly { key: ColumnKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'subscription', label: 'Subscription' },
  { key: 'questions', label: 'Questions Remaining' },
];

const cellsOf: Record<ColumnKey, Pick<ListColumn<UserRow>, 'className' | 'wide' | 'cell'>> = {
  id: { className: 'text-muted-foreground tabular-nums', cell: ({ user }) => user.id },
  username: {
    cell: ({ user, isSelf }) => (
      <div className="flex items-center gap-2">
        <span
          aria-hidden
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold uppercase text-secondary-foreground"
        >
          {user.username.charAt(0)}
        </span>
        <span className="min-w-0 font-medium">{user.username}</span>
        {isSelf && <Badge variant="outline">You</Badge>}
      </div>
    ),
  },
  email: {
    className: 'max-w-56 truncate text-muted-foreground',
    wide: true,
    cell: ({ user }) => <span title={user.email ?? undefined}>{user.email ?? '—'}</span>,
  },
  role: {
    cell: ({ user }) => {
      const admin = isAdministrator(user);
      return <Badge variant={admin ? 'default' : 'outline'}>{admin ? 'Admin' : 'User'}</Badge>;
    },
  },
  subscription: {
    cell: ({ user }) => <SubscriptionCell status={user.subscriptionStatus} tier={user.subscriptionTier} />,
  },
  questions: {
    cell: ({ user }) => <QuestionsCell free={user.freeQuestionsRemaining} paid={user.paidQuestionsRemaining} />,
  },
};

interface UserRow {
  user: AdminUser;
  isSelf: boolean;
}

export function UsersTable({
  users,
  currentUserId,
  sortKey,
  descending,
  onSort,
  onEdit,
  onAction,
}: {
  users: AdminUser[];
  currentUserId: number;
  sortKey: AdminUserSortKey;
  descending: boolean;
  onSort: (key: AdminUserSortKey) => void;
  onEdit: (user: AdminUser) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const columns: ListColumn<UserRow>[] = [
    ...sortableColumns.map(({ key, label }) => {
      const active = key === sortKey;
      return {
        label,
        head: <SortButton label={label} active={active} descending={descending} onSort={() => onSort(key)} />,
        headProps: { 'aria-sort': active ? (descending ? 'descending' : 'ascending') : 'none' } as const,
        ...cellsOf[key],
      };
    }),
    {
      label: 'Actions',
      className: 'text-right',
      wide: true,
      cell: ({ user, isSelf }) => (
        <div className="flex items-center gap-1 sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${user.username}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
        </div>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label="Registered users"
      columns={columns}
      rows={users.map((user) => ({ user, isSelf: user.id === currentUserId }))}
      rowKey={({ user }) => user.id}
    />
  );
}

function SortButton({
  label,
  active,
  descending,
  onSort,
}: {
  label: string;
  active: boolean;
  descending: boolean;
  onSort: () => void;
}) {
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={onSort}
      className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {label}
      <Icon className={active ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} aria-hidden />
    </button>
  );
}

export function SubscriptionCell({ status, tier }: { status: string | null; tier: string }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={statusBadgeVariant(status)}>{status ? humanize(status) : 'None'}</Badge>
      <span className="text-xs text-muted-foreground">{planLabel(tier)} plan</span>
    </div>
  );
}

export function QuestionsCell({ free, paid }: { free: number; paid: number }) {
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-2 text-xs tabular-nums">
      <dt className="text-muted-foreground">Free</dt>
      <dd>{free.toLocaleString('en-US')}</dd>
      <dt className="text-muted-foreground">Paid</dt>
      <dd>{paidQuestionsText(paid)}</dd>
    </dl>
  );
}
