import { Copy, Loader2, Lock, RefreshCw, Terminal, Webhook } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import { WEBHOOK_PATH } from '../../../../common/admin-settings-schemas';
import { requiredWebhookEvents } from '../../../../common/stripe-webhook-events';
import { paymentSettingsTexts as t } from './settings-texts';
import type { PaymentMode } from '../../../../common/billing-schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { copyText } from '../shared/copy-text';
import { useGenerateWebhookKey, useWebhookKey } from '../../../api/admin/payment-settings';

function Block({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <div>
        <h4 className="text-sm font-medium">{title}</h4>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </div>
  );
}

/** A value to copy: shown in full in a monospace box, wrapping rather than widening the page. */
function CopyRow({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex items-stretch gap-2">
      <code className="min-w-0 flex-1 break-all rounded-md border bg-muted/60 px-3 py-2 font-mono text-xs leading-5">
        {value}
      </code>
      <Button variant="outline" size="sm" className="h-auto" onClick={() => void copyText(value)} aria-label={label}>
        <Copy aria-hidden />
        Copy
      </Button>
    </div>
  );
}

function WebhookKeyBlock({
  revealedKey,
  onGenerated,
}: {
  revealedKey: string | null;
  onGenerated: (key: string) => void;
}) {
  const stored = useWebhookKey();
  const generate = useGenerateWebhookKey();
  const [confirming, setConfirming] = useState(false);

  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (key) => onGenerated(key),
      onError: () => toast({ variant: 'destructive', title: adminToastMessages.generateWebhookKeyFailed }),
    });

  return (
    <Block title={t.webhookKeyTitle} hint={t.webhookKeyHint}>
      {revealedKey ? (
        <div className="grid grid-cols-1 gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">{t.webhookKeyNew}</p>
          <CopyRow value={revealedKey} label="Copy webhook API key" />
        </div>
      ) : (
        <p className="rounded-md border bg-muted/60 px-3 py-2 font-mono text-xs">
          {stored.isPending
            ? 'Loading…'
            : (stored.data?.apiKey ?? <span className="font-sans">{t.webhookKeyNone}</span>)}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={generate.isPending}
          onClick={() => (stored.data?.apiKey || revealedKey ? setConfirming(true) : run())}
        >
          {generate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          {t.generateWebhookKey}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generate a new webhook API key?"
        description="The current key stops working at once: anything that sends it must be given the new one."
        confirmLabel="Generate New Key"
        dismissLabel="Cancel"
        destructive
        onConfirm={run}
      />
    </Block>
  );
}

/**
 * What to set up at Stripe for one mode: the endpoint, the events, and the mode's advice. The webhook
 * API key is one for the whole server; a newly generated one is kept by the caller so both tabs show it.
 */
export function WebhookPanel({
  mode,
  revealedKey,
  onGenerated,
}: {
  mode: PaymentMode;
  revealedKey: string | null;
  onGenerated: (key: string) => void;
}) {
  const endpoint = `${window.location.origin}${WEBHOOK_PATH}`;
  return (
    <section aria-labelledby={`webhook-${mode}-title`} className="grid grid-cols-1 gap-5 rounded-lg border p-4 sm:p-5">
      <h3 id={`webhook-${mode}-title`} className="flex items-center gap-2 font-semibold">
        <Webhook className="size-4 text-primary" aria-hidden />
        Webhooks ({mode === 'live' ? 'Live' : 'Test'})
      </h3>
      <WebhookKeyBlock revealedKey={revealedKey} onGenerated={onGenerated} />
      <Block title={t.endpointTitle} hint={t.endpointHint}>
        <CopyRow value={endpoint} label="Copy webhook endpoint URL" />
      </Block>
      <Block title={t.requiredEventsTitle}>
        <ul className="flex flex-wrap gap-2" aria-label="Required webhook events">
          {requiredWebhookEvents.map((event) => (
            <li key={event}>
              <code className="rounded-full border bg-card px-2.5 py-1 font-mono text-xs">{event}</code>
            </li>
          ))}
        </ul>
      </Block>
      {mode === 'test' ? (
        <div className="flex gap-3 rounded-lg border border-indigo-100 bg-secondary/60 p-3 text-sm">
          <Terminal className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <div className="grid min-w-0 gap-2">
            <p>{t.testTip}</p>
            <code className="break-all rounded bg-card px-2 py-1 font-mono text-xs">
              stripe listen --forward-to {endpoint}
            </code>
          </div>
        </div>
      ) : (
        <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t.liveSecurity}</p>
        </div>
      )}
    </section>
  );
}
