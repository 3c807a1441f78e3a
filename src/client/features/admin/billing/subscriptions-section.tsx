import { History, Package, Pencil, Power, PowerOff } from 'lucide-react';
import { useState } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { SubscriptionEvent } from '../../../../common/admin-billing-schemas';
import type { Plan } from '../../../../common/billing-schemas';
import { UNLIMITED_QUERIES } from '../../../../common/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { AbandonedCheckoutsPanel } from './abandoned-checkouts-panel';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { PlanDialog } from './plan-dialog';
import { formatDateTime, formatMoney } from '../shared/admin-format';
import { useAdminPlans, useSubscriptionEvents, useTogglePlan } from '../../../api/admin/subscriptions';
import { AddButton, ListPanel } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';
import { toastFailure, useLoadErrorToast } from '../shared/table-states';

function planColumns({
  isToggling,
  onEdit,
  onToggle,
}: {
  isToggling: (plan: Plan) => boolean;
  onEdit: (plan: Plan) => void;
  onToggle: (plan: Plan) => void;
}): ListColumn<Plan>[] {
  return [
    { label: 'Name', className: 'font-mono text-xs', cell: (plan) => plan.name },
    {
      label: 'Display Name',
      className: 'font-medium',
      cell: (plan) => (
        <>
          {plan.displayName}
          {plan.testOnly && (
            <Badge variant="outline" className="ml-2">
              Test only
            </Badge>
          )}
        </>
      ),
    },
    {
      label: 'Price',
      className: 'whitespace-nowrap tabular-nums',
      cell: (plan) => (
        <>
          {formatMoney(plan.price, plan.currency)}
          <span className="text-muted-foreground"> / {plan.interval}</span>
        </>
      ),
    },
    {
      label: 'Query Limit',
      className: 'tabular-nums',
      cell: (plan) => (plan.limits.queries === UNLIMITED_QUERIES ? 'Unlimited' : plan.limits.queries),
    },
    {
      label: 'Stripe Price ID',
      className: 'font-mono text-xs text-muted-foreground',
      cell: (plan) => plan.stripePriceId ?? '—',
    },
    {
      label: 'Status',
      cell: (plan) => (
        <Badge variant={plan.isActive ? 'success' : 'secondary'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
      ),
    },
    {
      label: 'Actions',
      className: 'text-right',
      wide: true,
      cell: (plan) => (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => onEdit(plan)} aria-label={`Edit ${plan.displayName}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant={plan.isActive ? 'ghost' : 'secondary'}
            size="sm"
            onClick={() => onToggle(plan)}
            disabled={isToggling(plan)}
            aria-label={`${plan.isActive ? 'Deactivate' : 'Activate'} ${plan.displayName}`}
          >
            {plan.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {plan.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      ),
    },
  ];
}

function PlansCard() {
  const plans = useAdminPlans();
  const toggle = useTogglePlan();
  const [dialog, setDialog] = useState<{ open: boolean; plan: Plan | null }>({ open: false, plan: null });
  useLoadErrorToast(plans.error, adminToastMessages.loadPlans);

  const togglePlan = (plan: Plan) =>
    toggle.mutate(
      { id: plan.id, isActive: !plan.isActive },
      {
        onSuccess: (saved) =>
          toast({
            variant: 'success',
            title: saved.isActive ? adminToastMessages.planActivated : adminToastMessages.planDeactivated,
            description: saved.displayName,
          }),
        onError: toastFailure(adminToastMessages.planStatusFailed),
      },
    );

  return (
    <>
      <ListPanel
        id="plans"
        title="Subscription Plans"
        icon={Package}
        description="The plans visitors can subscribe to. Inactive plans are hidden from them."
        actions={<AddButton label="Add Plan" onClick={() => setDialog({ open: true, plan: null })} />}
        label="Subscription plans"
        columns={planColumns({
          isToggling: (plan) => toggle.isPending && toggle.variables?.id === plan.id,
          onEdit: (plan) => setDialog({ open: true, plan }),
          onToggle: togglePlan,
        })}
        rowKey={(plan) => plan.id}
        query={plans}
        rows={plans.data}
        loadingLabel="Loading plans..."
        empty={{ title: adminEmptyStates.plans, hint: 'Use Add Plan to create the first one.' }}
        errorTitle={adminToastMessages.loadPlans}
      />
      <PlanDialog
        open={dialog.open}
        plan={dialog.plan}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </>
  );
}

const eventColumns: readonly ListColumn<SubscriptionEvent>[] = [
  { label: 'ID', className: 'font-mono text-xs text-muted-foreground', cell: (event) => `#${event.id}` },
  {
    label: 'User',
    cell: (event) => (
      <>
        {event.userId === null ? '—' : `#${event.userId}`}
        {event.username && <span className="block text-xs text-muted-foreground">{event.username}</span>}
      </>
    ),
  },
  {
    label: 'Event Type',
    wide: true,
    cell: (event) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{event.eventType}</code>,
  },
  { label: 'New Status', className: 'capitalize', cell: (event) => event.newStatus ?? '—' },
  { label: 'New Tier', className: 'capitalize', cell: (event) => event.newTier ?? '—' },
  {
    label: 'Date',
    className: 'whitespace-nowrap text-muted-foreground',
    wide: true,
    cell: (event) => formatDateTime(event.createdAt),
  },
];

function EventsCard() {
  const [offset, setOffset] = useState(0);
  const events = useSubscriptionEvents(offset);
  useLoadErrorToast(events.error, adminToastMessages.loadAdminData);
  const data = events.data;

  return (
    <ListPanel
      id="events"
      title="Subscription Events"
      icon={History}
      description="Changes to users’ subscriptions, newest first."
      label="Subscription events"
      columns={eventColumns}
      rowKey={(event) => event.id}
      query={events}
      rows={data?.items}
      loadingLabel="Loading events..."
      empty={{ title: adminEmptyStates.events }}
      errorTitle={adminToastMessages.loadAdminData}
      pager={
        data && {
          offset,
          limit: ADMIN_PAGE_SIZE,
          total: data.total,
          onOffsetChange: setOffset,
          label: 'Subscription events pages',
        }
      }
    />
  );
}

export function SubscriptionsSection() {
  return (
    <Tabs defaultValue="plans" className="grid grid-cols-1 gap-2">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="plans" className="flex-auto whitespace-nowrap">
          Plans
        </TabsTrigger>
        <TabsTrigger value="abandoned" className="flex-auto whitespace-nowrap">
          Abandoned Checkouts
        </TabsTrigger>
      </TabsList>
      <TabsContent value="plans" className="grid grid-cols-1 gap-6">
        <PlansCard />
        <EventsCard />
      </TabsContent>
      {/* Radix mounts a tab's content only while it is open, so the checkouts load on first opening. */}
      <TabsContent value="abandoned">
        <AbandonedCheckoutsPanel variant="subscriptions" />
      </TabsContent>
    </Tabs>
  );
}
