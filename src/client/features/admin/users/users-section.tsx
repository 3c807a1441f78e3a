import { LoaderCircle, RefreshCw, RefreshCcwDot } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '../../../../common/admin-user-schemas';
import type { PublicUser } from '../../../../common/user-schemas';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { EditUserDialog, type EditKind } from './edit-user-dialog';
import { assignLocation, type Redirect } from './impersonation-storage';
import { RegisteredUsersPanel } from './registered-users-panel';
import { SessionsPanel } from './sessions-table';
import { SyncProgressCard, SyncResultsCard } from './sync-results-card';
import { useStripeSync } from './use-stripe-sync';
import { useUserActions, type AnyUserAction } from './use-user-actions';
import { needsConfirmation, UserActionConfirm, type PendingAction } from './user-action-confirm';
import { useRefetchAfterChange, useRefreshUsers } from '../../../api/admin/users';
import { useUsersListState } from './users-list-state';

export function UsersSection({
  currentUser,
  initialSearch = '',
  redirect = assignLocation,
}: {
  currentUser: PublicUser;
  /** The header's search (?search=), which starts the Registered Users search box. */
  initialSearch?: string;
  redirect?: Redirect;
}) {
  const list = useUsersListState(initialSearch);
  const [sessionsOffset, setSessionsOffset] = useState(0);
  const [editing, setEditing] = useState<{ user: AdminUser; kind: EditKind } | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const sync = useStripeSync();
  const refresh = useRefreshUsers();
  const refetchAfterChange = useRefetchAfterChange();
  const { run } = useUserActions({ currentUserId: currentUser.id, redirect });

  const request = (action: AnyUserAction, user: AdminUser) => {
    if (needsConfirmation(action)) setPending({ action, user });
    else void run(action, user);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Manage accounts, question allowances, subscriptions and admin access.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void sync.begin()} disabled={sync.busy}>
            {sync.busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <RefreshCcwDot aria-hidden />}
            {sync.busy ? 'Syncing...' : 'Sync with Stripe'}
          </Button>
          <Button variant="outline" onClick={() => void refresh()}>
            <RefreshCw aria-hidden />
            Refresh Data
          </Button>
        </div>
      </div>

      {sync.progress && <SyncProgressCard job={sync.progress} />}
      {sync.result && <SyncResultsCard job={sync.result} onClose={sync.close} />}

      <Tabs defaultValue="registered">
        <TabsList className="max-w-full overflow-x-auto whitespace-nowrap">
          <TabsTrigger value="registered">Registered Users</TabsTrigger>
          <TabsTrigger value="sessions">Anonymous Sessions</TabsTrigger>
        </TabsList>
        <TabsContent value="registered">
          <RegisteredUsersPanel
            list={list}
            currentUserId={currentUser.id}
            onEdit={(user) => setEditing({ user, kind: 'registered' })}
            onAction={request}
          />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsPanel
            offset={sessionsOffset}
            onOffsetChange={setSessionsOffset}
            onEdit={(user) => setEditing({ user, kind: 'session' })}
            onDelete={(user) => request('delete-session', user)}
          />
        </TabsContent>
      </Tabs>

      {editing && (
        <EditUserDialog
          key={editing.user.id}
          user={editing.user}
          kind={editing.kind}
          onClose={() => setEditing(null)}
          onSaved={refetchAfterChange}
        />
      )}
      <UserActionConfirm
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={(confirmed) => void run(confirmed.action, confirmed.user)}
      />
    </div>
  );
}
