import { Info, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { EmailLog } from '../../../../common/admin-settings-schemas';
import { emailSettingsTexts } from './settings-texts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useEmailLogs } from '../../../api/admin/email-settings';
import { ListPager } from '../shared/list-pager';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { formatDateTime } from '../shared/admin-format';
import { LoadError, TableEmptyRow, TableLoadingRow, useLoadErrorToast } from '../shared/table-states';

const COLUMNS = 4;
const SEARCH_DELAY_MS = 300;

/** The value once typing has paused, so each keystroke does not become a request. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function StatusBadge({ log }: { log: EmailLog }) {
  if (log.status === 'delivered') return <Badge>delivered</Badge>;
  if (log.status === 'outbox')
    return (
      <Badge variant="outline" title={emailSettingsTexts.outboxHint}>
        outbox
      </Badge>
    );
  return (
    <Badge variant="destructive" title={log.error ?? undefined}>
      {log.status}
    </Badge>
  );
}

export function EmailLogsPanel() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const settledSearch = useSettled(search, SEARCH_DELAY_MS);
  const logs = useEmailLogs(settledSearch, offset);
  useLoadErrorToast(logs.error, adminToastMessages.loadEmailLogs);
  const data = logs.data;
  const hasOutbox = data?.items.some((log) => log.status === 'outbox') ?? false;

  return (
    <Card role="region" aria-labelledby="email-logs-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid grid-cols-1 gap-1.5">
          <CardTitle id="email-logs-title" className="text-lg">
            Email Logs
          </CardTitle>
          <CardDescription>Every email the app has sent or tried to send, newest first.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          <RefreshCw className={cn(logs.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="relative max-w-md">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={emailSettingsTexts.searchLabel}
            placeholder={emailSettingsTexts.searchLabel}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
            className="pl-9"
          />
        </div>
        {logs.isError && !data ? (
          <LoadError
            title={adminToastMessages.loadEmailLogs}
            onRetry={() => void logs.refetch()}
            retrying={logs.isFetching}
          />
        ) : (
          <div className="rounded-lg border">
            <Table aria-label="Email logs">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Date</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {logs.isPending ? (
                  <TableLoadingRow colSpan={COLUMNS} label="Loading email logs..." />
                ) : !data || data.items.length === 0 ? (
                  <TableEmptyRow
                    colSpan={COLUMNS}
                    title={adminEmptyStates.emailLogs}
                    hint={emailSettingsTexts.emptyLogsHint}
                  />
                ) : (
                  data.items.map((log) => (
                    <TableRow key={log.id}>
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        {formatDateTime(log.timestamp)}
                      </TableCell>
                      <TableCell className="max-w-56 truncate">{log.to}</TableCell>
                      <TableCell className="min-w-48">
                        {log.subject}
                        {log.error && <span className="block text-xs text-destructive">{log.error}</span>}
                      </TableCell>
                      <TableCell>
                        <StatusBadge log={log} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
        )}
        {hasOutbox && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium text-foreground">outbox:</span> {emailSettingsTexts.outboxHint}
            </span>
          </p>
        )}
        {data && data.total > ADMIN_PAGE_SIZE && (
          <ListPager
            offset={offset}
            limit={ADMIN_PAGE_SIZE}
            shown={data.items.length}
            total={data.total}
            onOffsetChange={setOffset}
            label="Email logs pages"
          />
        )}
      </CardContent>
    </Card>
  );
}
