import { Check, ShieldCheck, ShieldOff, UserRound } from 'lucide-react';
import { useState } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { AdminAccount } from '../../../../common/admin-settings-schemas';
import { adminAccountTexts, fillText } from './settings-texts';
import { planSeeds, UNLIMITED_QUERIES } from '../../../../common/plans';
import type { PublicUser } from '../../../../common/user-schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { AddAdminDialog } from './add-admin-dialog';
import { useAdminAccounts, useRemoveAdminRole } from '../../../api/admin/admin-accounts';
import { formatDate, formatMoney } from '../shared/admin-format';
import { AddButton, ListPanel } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';
import { toastFailure, useLoadErrorToast } from '../shared/table-states';

function AccountInfo({ user }: { user: PublicUser }) {
  const rows: [string, string][] = [
    ['Username', user.username],
    ['Email', user.email ?? '—'],
    ['Role', user.role === 'admin' || user.isAdmin ? 'Admin' : 'User'],
  ];
  return (
    <Card role="region" aria-labelledby="account-info-title">
      <CardHeader>
        <CardTitle id="account-info-title" className="flex items-center gap-2 text-lg">
          <UserRound className="size-5 text-primary" aria-hidden />
          Your Account
        </CardTitle>
        <CardDescription>The administrator you are signed in as.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid min-w-0 gap-1 rounded-lg bg-muted/50 p-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
              <dd className="truncate font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function adminColumns({
  currentUserId,
  isRemoving,
  onRemove,
}: {
  currentUserId: number;
  isRemoving: (admin: AdminAccount) => boolean;
  onRemove: (admin: AdminAccount) => void;
}): ListColumn<AdminAccount>[] {
  return [
    {
      label: 'Username',
      className: 'font-medium',
      cell: (admin) => (
        <>
          {admin.username}
          {admin.id === currentUserId && (
            <Badge variant="secondary" className="ml-2">
              {adminAccountTexts.youTag}
            </Badge>
          )}
        </>
      ),
    },
    {
      label: 'Email',
      className: 'max-w-64 truncate text-muted-foreground',
      wide: true,
      cell: (admin) => admin.email ?? '—',
    },
    { label: 'Role', className: 'capitalize', cell: (admin) => admin.role },
    {
      label: 'Created',
      className: 'whitespace-nowrap text-muted-foreground',
      cell: (admin) => formatDate(admin.createdAt),
    },
    {
      label: 'Actions',
      className: 'text-right',
      cell: (admin) =>
        admin.id === currentUserId ? (
          <span className="text-muted-foreground sm:hidden">{adminAccountTexts.noActionsOnSelf}</span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-red-50"
            onClick={() => onRemove(admin)}
            disabled={isRemoving(admin)}
            aria-label={`Remove admin role from ${admin.username}`}
          >
            <ShieldOff aria-hidden />
            Remove admin
          </Button>
        ),
    },
  ];
}

function AdminAccounts({ currentUser }: { currentUser: PublicUser }) {
  const admins = useAdminAccounts();
  const remove = useRemoveAdminRole();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  useLoadErrorToast(admins.error, adminToastMessages.loadAdminUsers);

  const confirmRemove = () => {
    if (!removing) return;
    const admin = removing;
    remove.mutate(admin.id, {
      onSuccess: () =>
        toast({ variant: 'success', title: adminAccountTexts.adminRemoved, description: admin.username }),
      onError: toastFailure(adminToastMessages.updateAdminStatusFailed),
    });
  };

  return (
    <>
      <ListPanel
        id="admin-accounts"
        title="Admin Accounts"
        icon={ShieldCheck}
        description="Everyone who can open this console."
        actions={<AddButton label="Add Admin" onClick={() => setAdding(true)} />}
        label="Admin accounts"
        columns={adminColumns({
          currentUserId: currentUser.id,
          isRemoving: (admin) => remove.isPending && remove.variables === admin.id,
          onRemove: setRemoving,
        })}
        rowKey={(admin) => admin.id}
        query={admins}
        rows={admins.data}
        loadingLabel="Loading admin users..."
        empty={{ title: adminEmptyStates.admins }}
        errorTitle={adminToastMessages.loadAdminUsers}
      />
      <AddAdminDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={adminAccountTexts.removeTitle}
        description={fillText(adminAccountTexts.removeDescription, { name: removing?.username ?? '' })}
        confirmLabel={adminAccountTexts.removeConfirm}
        dismissLabel={adminAccountTexts.removeDismiss}
        destructive
        onConfirm={confirmRemove}
      />
    </>
  );
}

function PlanOverview() {
  const plans = planSeeds.filter((plan) => !plan.testOnly);
  return (
    <Card role="region" aria-labelledby="plan-overview-title">
      <CardHeader>
        <CardTitle id="plan-overview-title" className="text-lg">
          Subscription Plans
        </CardTitle>
        <CardDescription>The standard plans and their monthly allowances, for reference.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Standard plans">
          {plans.map((plan) => (
            <li key={plan.id} className="grid grid-cols-1 gap-3 rounded-lg border p-4">
              <div className="flex items-baseline justify-between gap-2">
                <h3 className="font-semibold">{plan.displayName}</h3>
                <p className="text-xl font-bold tabular-nums">
                  {formatMoney(plan.price)}
                  <span className="text-sm font-normal text-muted-foreground">/month</span>
                </p>
              </div>
              <p className="flex items-center gap-2 text-sm">
                <Check className="size-4 text-emerald-600" aria-hidden />
                {plan.queryLimit === UNLIMITED_QUERIES ? 'Unlimited queries' : `${plan.queryLimit} queries per month`}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function AdminSettingsSection({ currentUser }: { currentUser: PublicUser }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <AccountInfo user={currentUser} />
      <AdminAccounts currentUser={currentUser} />
      <PlanOverview />
    </div>
  );
}
