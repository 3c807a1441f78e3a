import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import type { AdminUser, AdminUserSortKey } from '../../../../common/admin-user-schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { isAdministrator, planLabel } from '../../../lib/format';
import { humanize, paidQuestionsText, statusBadgeVariant } from '../shared/admin-format';
import { UserActionsMenu, type UserAction } from './user-actions-menu';

const columns: { key: AdminUserSortKey; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'subscription', label: 'Subscription' },
  { key: 'questions', label: 'Questions Remaining' },
];

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
  return (
    <Table aria-label="Registered users">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <SortableHead
              key={column.key}
              label={column.label}
              active={column.key === sortKey}
              descending={descending}
              onSort={() => onSort(column.key)}
            />
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === currentUserId}
            onEdit={() => onEdit(user)}
            onAction={onAction}
          />
        ))}
      </TableBody>
    </Table>
  );
}

function SortableHead({
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
    <TableHead aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        onClick={onSort}
        className="-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {label}
        <Icon className={active ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} aria-hidden />
      </button>
    </TableHead>
  );
}

function UserRow({
  user,
  isSelf,
  onEdit,
  onAction,
}: {
  user: AdminUser;
  isSelf: boolean;
  onEdit: () => void;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const admin = isAdministrator(user);
  return (
    <TableRow>
      <TableCell className="text-muted-foreground tabular-nums">{user.id}</TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <span
            aria-hidden
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold uppercase text-secondary-foreground"
          >
            {user.username.charAt(0)}
          </span>
          <span className="font-medium">{user.username}</span>
          {isSelf && <Badge variant="outline">You</Badge>}
        </div>
      </TableCell>
      <TableCell className="max-w-56 truncate text-muted-foreground" title={user.email ?? undefined}>
        {user.email ?? '—'}
      </TableCell>
      <TableCell>
        <Badge variant={admin ? 'default' : 'outline'}>{admin ? 'Admin' : 'User'}</Badge>
      </TableCell>
      <TableCell>
        <SubscriptionCell status={user.subscriptionStatus} tier={user.subscriptionTier} />
      </TableCell>
      <TableCell>
        <QuestionsCell free={user.freeQuestionsRemaining} paid={user.paidQuestionsRemaining} />
      </TableCell>
      <TableCell>
        <div className="flex items-center justify-end gap-1">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${user.username}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
        </div>
      </TableCell>
    </TableRow>
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
