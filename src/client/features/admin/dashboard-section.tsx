import { format } from 'date-fns';
import { CalendarRange, DollarSign, RefreshCw, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../common/admin-messages';
import { DASHBOARD_REFRESH_MS, type ActivityItem, type CurrencyRevenue } from '../../../common/admin-billing-schemas';
import { formatPrice } from '../../../common/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { AbandonedCheckoutsPanel } from './billing/abandoned-checkouts-panel';
import { LeaderboardDailyCard } from './leaderboard-daily';
import { VendorCostsCard } from './vendor-costs-card';
import { formatDateTime, humanize, statusBadgeVariant } from './shared/admin-format';
import { useDashboard } from '../../api/admin/dashboard';
import { useLoadErrorToast } from './shared/table-states';
import { ResponsiveTable, type ListColumn } from './shared/responsive-table';

export function DashboardSection() {
  const dashboard = useDashboard();
  const { data, isFetching, isPending } = dashboard;
  useLoadErrorToast(dashboard.error, adminToastMessages.loadAdminData);
  const count = (value: number | undefined) => value?.toLocaleString('en-US');
  // One line per currency: amounts in different currencies are never added together (decision 0037).
  const money = (pick: (revenue: CurrencyRevenue) => number) =>
    data === undefined ? undefined : <RevenueLines revenue={data.revenue} pick={pick} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {dashboard.dataUpdatedAt
            ? `Updated at ${format(dashboard.dataUpdatedAt, 'HH:mm:ss')} · refreshes every ${DASHBOARD_REFRESH_MS / 1000} seconds`
            : 'Loading the latest figures...'}
        </p>
        <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void dashboard.refetch()}>
          <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden />
          Refresh Now
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Revenue"
          hint="All succeeded payments"
          icon={DollarSign}
          value={money((revenue) => revenue.total)}
        />
        <StatCard
          label="Monthly Revenue"
          hint="Succeeded payments this month"
          icon={CalendarRange}
          value={money((revenue) => revenue.thisMonth)}
        />
        <StatCard
          label="Active Subscriptions"
          hint="Users with an active subscription"
          icon={UserCheck}
          value={count(data?.activeSubscriptions)}
        />
        <StatCard label="Total Users" hint="Registered accounts" icon={Users} value={count(data?.totalUsers)} />
      </div>

      <VendorCostsCard />

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Recent Activity</CardTitle>
          <CardDescription>
            The newest payments and subscription changes, and checkouts left unfinished.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="activity">
            <TabsList className="max-w-full overflow-x-auto whitespace-nowrap">
              <TabsTrigger value="activity">Activity Feed</TabsTrigger>
              <TabsTrigger value="abandoned">Abandoned Checkouts</TabsTrigger>
            </TabsList>
            <TabsContent value="activity">
              <ActivityFeed items={data?.recentActivity} loading={isPending} />
            </TabsContent>
            <TabsContent value="abandoned">
              <AbandonedCheckoutsPanel variant="dashboard" />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <LeaderboardDailyCard />
    </div>
  );
}

function StatCard({
  label,
  hint,
  icon: Icon,
  value,
}: {
  label: string;
  hint: string;
  icon: LucideIcon;
  value: ReactNode | undefined;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 id={id} className="text-sm font-medium text-muted-foreground">
          {label}
        </h3>
        <span className="rounded-lg bg-secondary p-2 text-secondary-foreground">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      {value === undefined ? (
        <div className="mt-2 h-8 w-24 animate-pulse rounded bg-muted" aria-hidden />
      ) : (
        <div className="mt-2 text-2xl font-semibold tracking-tight tabular-nums">{value}</div>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

/** Each currency's amount on its own line, formatted for that currency; nothing earned yet says so. */
function RevenueLines({ revenue, pick }: { revenue: CurrencyRevenue[]; pick: (revenue: CurrencyRevenue) => number }) {
  if (revenue.length === 0) return <p>{formatPrice(0)}</p>;
  return (
    <ul className="grid gap-0.5" aria-label="Revenue per currency">
      {revenue.map((entry) => (
        <li key={entry.currency} className="break-words">
          {formatPrice(pick(entry), entry.currency)}
        </li>
      ))}
    </ul>
  );
}

const activityColumns: readonly ListColumn<ActivityItem>[] = [
  {
    label: 'Event',
    cell: (item) => (
      <>
        <div className="font-medium">{humanize(item.event)}</div>
        {item.amount !== null && (
          <div className="text-xs text-muted-foreground tabular-nums">
            {formatPrice(item.amount, item.currency ?? undefined)}
          </div>
        )}
      </>
    ),
  },
  { label: 'User', cell: (item) => item.username ?? (item.userId !== null ? `User #${item.userId}` : '—') },
  { label: 'Type', cell: (item) => (item.type ? humanize(item.type) : '—') },
  {
    label: 'Status',
    cell: (item) =>
      item.status ? <Badge variant={statusBadgeVariant(item.status)}>{humanize(item.status)}</Badge> : '—',
  },
  {
    label: 'Date',
    className: 'whitespace-nowrap text-muted-foreground',
    wide: true,
    cell: (item) => formatDateTime(item.createdAt),
  },
];

function ActivityFeed({ items, loading }: { items: ActivityItem[] | undefined; loading: boolean }) {
  if (loading) return <p className="py-8 text-center text-sm text-muted-foreground">Loading activity...</p>;
  if (!items?.length) {
    return <p className="py-8 text-center text-sm text-muted-foreground">{adminEmptyStates.activity}</p>;
  }
  return <ResponsiveTable label="Activity Feed" columns={activityColumns} rows={items} rowKey={(item) => item.key} />;
}
