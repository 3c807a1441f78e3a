import { Info, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { adminEmptyStates, adminToastMessages } from '../../../../common/admin-messages';
import type { EmailLog } from '../../../../common/admin-settings-schemas';
import { emailSettingsTexts } from './settings-texts';
import { Badge } from '../../../components/ui/badge';
import { Input } from '../../../components/ui/input';
import { useEmailLogs } from '../../../api/admin/email-settings';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/paging';
import { formatDateTime } from '../shared/admin-format';
import { ListPanel } from '../shared/list-panel';
import type { ListColumn } from '../shared/responsive-table';
import { useLoadErrorToast } from '../shared/table-states';

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

const columns: readonly ListColumn<EmailLog>[] = [
  {
    label: 'Date',
    className: 'whitespace-nowrap text-muted-foreground',
    cell: (log) => formatDateTime(log.timestamp),
  },
  { label: 'To', className: 'max-w-56 truncate', cell: (log) => log.to },
  {
    label: 'Subject',
    className: 'min-w-48',
    wide: true,
    cell: (log) => (
      <>
        {log.subject}
        {log.error && <span className="block text-xs text-destructive">{log.error}</span>}
      </>
    ),
  },
  { label: 'Status', cell: (log) => <StatusBadge log={log} /> },
];

export function EmailLogsPanel() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const settledSearch = useSettled(search, SEARCH_DELAY_MS);
  const logs = useEmailLogs(settledSearch, offset);
  useLoadErrorToast(logs.error, adminToastMessages.loadEmailLogs);
  const data = logs.data;
  const hasOutbox = data?.items.some((log) => log.status === 'outbox') ?? false;

  return (
    <ListPanel
      id="email-logs"
      title="Email Logs"
      description="Every email the app has sent or tried to send, newest first."
      refreshable
      toolbar={
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
      }
      label="Email logs"
      columns={columns}
      rowKey={(log) => log.id}
      query={logs}
      rows={data?.items}
      loadingLabel="Loading email logs..."
      empty={{ title: adminEmptyStates.emailLogs, hint: emailSettingsTexts.emptyLogsHint }}
      errorTitle={adminToastMessages.loadEmailLogs}
      footer={
        hasOutbox && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium text-foreground">outbox:</span> {emailSettingsTexts.outboxHint}
            </span>
          </p>
        )
      }
      pager={
        data && {
          offset,
          limit: ADMIN_PAGE_SIZE,
          total: data.total,
          onOffsetChange: setOffset,
          label: 'Email logs pages',
        }
      }
    />
  );
}
