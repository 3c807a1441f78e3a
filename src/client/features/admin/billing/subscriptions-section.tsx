import { History, Package, Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { useState } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { Plan } from '../../../../common/billing-schemas';
import { UNLIMITED_QUERIES } from '../../../../common/plans';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api';
import { AbandonedCheckoutsPanel } from './abandoned-checkouts-panel';
import { ListPager } from '../shared/list-pager';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { PlanDialog } from './plan-dialog';
import { formatDateTime, formatMoney } from '../shared/admin-format';
import { useAdminPlans, useSubscriptionEvents, useTogglePlan } from '../../../api/admin/subscriptions';
import { LoadError, TableEmptyRow, TableLoadingRow, useLoadErrorToast } from '../shared/table-states';

const PLAN_COLUMNS = 7;
const EVENT_COLUMNS = 6;

function PlanRow({
  plan,
  toggling,
  onEdit,
  onToggle,
}: {
  plan: Plan;
  toggling: boolean;
  onEdit: () => void;
  onToggle: () => void;
}) {
  return (
    <TableRow>
      <TableCell className="font-mono text-xs">{plan.name}</TableCell>
      <TableCell className="font-medium">
        {plan.displayName}
        {plan.testOnly && (
          <Badge variant="outline" className="ml-2">
            Test only
          </Badge>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatMoney(plan.price, plan.currency)}
        <span className="text-muted-foreground"> / {plan.interval}</span>
      </TableCell>
      <TableCell className="tabular-nums">
        {plan.limits.queries === UNLIMITED_QUERIES ? 'Unlimited' : plan.limits.queries}
      </TableCell>
      <TableCell className="font-mono text-xs text-muted-foreground">{plan.stripePriceId ?? '—'}</TableCell>
      <TableCell>
        <Badge variant={plan.isActive ? 'success' : 'secondary'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${plan.displayName}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant={plan.isActive ? 'ghost' : 'secondary'}
            size="sm"
            onClick={onToggle}
            disabled={toggling}
            aria-label={`${plan.isActive ? 'Deactivate' : 'Activate'} ${plan.displayName}`}
          >
            {plan.isActive ? <PowerOff aria-hidden /> : <Power aria-hidden />}
            {plan.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
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
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: adminToastMessages.planStatusFailed,
            description: errorText(error, 'Please try again.'),
          }),
      },
    );

  return (
    <Card role="region" aria-labelledby="plans-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle id="plans-title" className="flex items-center gap-2 text-lg">
            <Package className="size-5 text-primary" aria-hidden />
            Subscription Plans
          </CardTitle>
          <CardDescription>The plans visitors can subscribe to. Inactive plans are hidden from them.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setDialog({ open: true, plan: null })}>
          <Plus aria-hidden />
          Add Plan
        </Button>
      </CardHeader>
      <CardContent>
        {plans.isError && !plans.data ? (
          <LoadError
            title={adminToastMessages.loadPlans}
            onRetry={() => void plans.refetch()}
            retrying={plans.isFetching}
          />
        ) : (
          <div className="rounded-lg border">
            <Table aria-label="Subscription plans">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Name</TableHead>
                  <TableHead>Display Name</TableHead>
                  <TableHead>Price</TableHead>
                  <TableHead>Query Limit</TableHead>
                  <TableHead>Stripe Price ID</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {plans.isPending ? (
                  <TableLoadingRow colSpan={PLAN_COLUMNS} label="Loading plans..." />
                ) : !plans.data || plans.data.length === 0 ? (
                  <TableEmptyRow
                    colSpan={PLAN_COLUMNS}
                    title={adminEmptyStates.plans}
                    hint="Use Add Plan to create the first one."
                  />
                ) : (
                  plans.data.map((plan) => (
                    <PlanRow
                      key={plan.id}
                      plan={plan}
                      toggling={toggle.isPending && toggle.variables?.id === plan.id}
                      onEdit={() => setDialog({ open: true, plan })}
                      onToggle={() => togglePlan(plan)}
                    />
                  ))
                )}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      <PlanDialog
        open={dialog.open}
        plan={dialog.plan}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </Card>
  );
}

function EventsCard() {
  const [offset, setOffset] = useState(0);
  const events = useSubscriptionEvents(offset);
  useLoadErrorToast(events.error, adminToastMessages.loadAdminData);
  const data = events.data;

  return (
    <Card role="region" aria-labelledby="events-title">
      <CardHeader>
        <CardTitle id="events-title" className="flex items-center gap-2 text-lg">
          <History className="size-5 text-primary" aria-hidden />
          Subscription Events
        </CardTitle>
        <CardDescription>Changes to users’ subscriptions, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {events.isError && !data ? (
          <LoadError
            title={adminToastMessages.loadAdminData}
            onRetry={() => void events.refetch()}
            retrying={events.isFetching}
          />
        ) : (
          <div className="rounded-lg border">
            <Table aria-label="Subscription events">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>ID</TableHead>
                  <TableHead>User</TableHead>
                  <TableHead>Event Type</TableHead>
                  <TableHead>New Status</TableHead>
                  <TableHead>New Tier</TableHead>
                  <TableHead>Date</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {events.isPending ? (
                  <TableLoadingRow colSpan={EVENT_COLUMNS} label="Loading events..." />
                ) : !data || data.items.length === 0 ? (
                  <TableEmptyRow colSpan={EVENT_COLUMNS} title={adminEmptyStates.events} />
                ) : (
                  data.items.map((event) => (
                    <TableRow key={event.id}>
                      <TableCell className="font-mono text-xs text-muted-foreground">#{event.id}</TableCell>
                      <TableCell>
                        {event.userId === null ? '—' : `#${event.userId}`}
                        {event.username && (
                          <span className="block text-xs text-muted-foreground">{event.username}</span>
                        )}
                      </TableCell>
                      <TableCell>
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{event.eventType}</code>
                      </TableCell>
                      <TableCell className="capitalize">{event.newStatus ?? '—'}</TableCell>
                      <TableCell className="capitalize">{event.newTier ?? '—'}</TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        {formatDateTime(event.createdAt)}
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
        )}
        {data && data.total > ADMIN_PAGE_SIZE && (
          <ListPager
            offset={offset}
            limit={ADMIN_PAGE_SIZE}
            shown={data.items.length}
            total={data.total}
            onOffsetChange={setOffset}
            label="Subscription events pages"
          />
        )}
      </CardContent>
    </Card>
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
