import { Ghost, Pencil, Trash2 } from 'lucide-react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminUser, AdminUsersQuery } from '../../../../common/admin-user-schemas';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, sessionIdOf } from '../shared/admin-format';
import { ListPager } from '../shared/list-pager';
import { ResponsiveTable, type ListColumn } from '../shared/responsive-table';
import { useLoadErrorToast } from '../shared/table-states';
import { useAdminUsers } from '../../../api/admin/users';
import { USERS_PAGE_SIZE } from './users-list-state';
import { QuestionsCell, SubscriptionCell } from './users-table';

export function sessionsQuery(offset: number): AdminUsersQuery {
  return { kind: 'sessions', limit: USERS_PAGE_SIZE, offset, sort: '-id', filter: 'all' };
}

function sessionColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (session: AdminUser) => void;
  onDelete: (session: AdminUser) => void;
}): ListColumn<AdminUser>[] {
  return [
    { label: 'ID', className: 'text-muted-foreground tabular-nums', cell: (session) => session.id },
    {
      label: 'Session ID',
      className: 'max-w-64 truncate font-mono text-xs',
      wide: true,
      cell: (session) => <span title={sessionIdOf(session.username)}>{sessionIdOf(session.username)}</span>,
    },
    {
      label: 'Created',
      className: 'whitespace-nowrap text-muted-foreground',
      cell: (session) => formatDateTime(session.createdAt),
    },
    {
      label: 'Subscription',
      cell: (session) => <SubscriptionCell status={session.subscriptionStatus} tier={session.subscriptionTier} />,
    },
    {
      label: 'Questions',
      cell: (session) => <QuestionsCell free={session.freeQuestionsRemaining} paid={session.paidQuestionsRemaining} />,
    },
    {
      label: 'Actions',
      className: 'text-right',
      wide: true,
      cell: (session) => {
        const sessionId = sessionIdOf(session.username);
        return (
          <div className="flex gap-1 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Edit session ${sessionId}`}
              onClick={() => onEdit(session)}
            >
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-red-50"
              aria-label={`Delete session ${sessionId}`}
              onClick={() => onDelete(session)}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
        );
      },
    },
  ];
}

/** Anonymous guests: users named 'session_' plus the browser's session id (docs/product.md, "Users and sessions"). */
export function SessionsPanel({
  offset,
  onOffsetChange,
  onEdit,
  onDelete,
}: {
  offset: number;
  onOffsetChange: (offset: number) => void;
  onEdit: (session: AdminUser) => void;
  onDelete: (session: AdminUser) => void;
}) {
  const sessions = useAdminUsers(sessionsQuery(offset));
  useLoadErrorToast(sessions.error, adminToastMessages.loadAdminData);
  const items = sessions.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      {/* On a phone each row is a card of its own, so the frame goes once there are rows. */}
      <div className={items.length > 0 ? 'sm:rounded-lg sm:border sm:bg-card' : 'rounded-lg border bg-card'}>
        {sessions.isPending ? (
          <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
            <Spinner label="Loading sessions" />
            Loading sessions...
          </div>
        ) : items.length === 0 ? (
          <div className="grid justify-items-center gap-3 px-4 py-16 text-center">
            <span className="rounded-full bg-muted p-3 text-muted-foreground">
              <Ghost className="size-6" aria-hidden />
            </span>
            <p className="font-medium">
              {sessions.isError ? adminToastMessages.loadAdminData : adminEmptyStates.sessions}
            </p>
          </div>
        ) : (
          <ResponsiveTable
            label="Anonymous sessions"
            columns={sessionColumns({ onEdit, onDelete })}
            rows={items}
            rowKey={(session) => session.id}
          />
        )}
      </div>
      <ListPager
        label="Anonymous sessions pages"
        total={sessions.data?.total ?? 0}
        offset={offset}
        limit={USERS_PAGE_SIZE}
        shown={items.length}
        onOffsetChange={onOffsetChange}
      />
    </div>
  );
}
