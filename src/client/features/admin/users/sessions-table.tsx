import { Ghost, Pencil, Trash2 } from 'lucide-react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminUser, AdminUsersQuery } from '../../../../common/admin-user-schemas';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime, sessionIdOf } from '../shared/admin-format';
import { ListPager } from '../shared/list-pager';
import { useLoadErrorToast } from '../shared/table-states';
import { useAdminUsers } from '../../../api/admin/users';
import { USERS_PAGE_SIZE } from './users-list-state';
import { QuestionsCell, SubscriptionCell } from './users-table';

export function sessionsQuery(offset: number): AdminUsersQuery {
  return { kind: 'sessions', limit: USERS_PAGE_SIZE, offset, sort: '-id', filter: 'all' };
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
      <div className="rounded-lg border bg-card">
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
          <Table aria-label="Anonymous sessions">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>ID</TableHead>
                <TableHead>Session ID</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Subscription</TableHead>
                <TableHead>Questions</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((session) => {
                const sessionId = sessionIdOf(session.username);
                return (
                  <TableRow key={session.id}>
                    <TableCell className="text-muted-foreground tabular-nums">{session.id}</TableCell>
                    <TableCell className="max-w-64 truncate font-mono text-xs" title={sessionId}>
                      {sessionId}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      {formatDateTime(session.createdAt)}
                    </TableCell>
                    <TableCell>
                      <SubscriptionCell status={session.subscriptionStatus} tier={session.subscriptionTier} />
                    </TableCell>
                    <TableCell>
                      <QuestionsCell free={session.freeQuestionsRemaining} paid={session.paidQuestionsRemaining} />
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
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
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
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
