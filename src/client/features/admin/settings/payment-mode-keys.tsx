import { Link2, LockKeyhole } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { paymentSettingsPlans, type ModeKeys } from '../../../../common/admin-settings-schemas';
import { fillText, paymentSettingsTexts as t } from './settings-texts';
import type { PaymentMode } from '../../../../common/billing-schemas';
import { Badge } from '../../../components/ui/badge';
import { BoundField } from '../../../components/ui/bound-field';
import { cn } from '../../../lib/cn';
import type { PaymentSettingsValues } from './payment-settings-form';

const modeName = { test: 'Test', live: 'Live' } as const;
const planName = { basic: 'Basic', standard: 'Standard', unlimited: 'Unlimited' } as const;

const sourceLabel: Record<ModeKeys['source'], string> = {
  settings: t.sourceSettings,
  environment: t.sourceEnvironment,
  none: t.sourceNone,
};

export function SourceBadge({ source }: { source: ModeKeys['source'] }) {
  return (
    <Badge variant={source === 'none' ? 'outline' : source === 'settings' ? 'success' : 'secondary'}>
      {sourceLabel[source]}
    </Badge>
  );
}

function savedHint(masked: string) {
  return masked ? `Saved: ${masked}. ${t.keepSaved}.` : undefined;
}

/** One mode's Stripe keys and Payment Links; read-only unless it is the mode selected to save. */
export function PaymentModeKeys({ mode, editable, keys }: { mode: PaymentMode; editable: boolean; keys: ModeKeys }) {
  const form = useFormContext<PaymentSettingsValues>();
  const id = (field: string) => `stripe-${mode}-${field}`;
  const prefix = mode === 'live' ? 'live' : 'test';
  const readOnlyProps = editable
    ? {}
    : { readOnly: true, 'aria-readonly': true, className: 'bg-muted/70 text-muted-foreground' };

  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          Active keys come from: <SourceBadge source={keys.source} />
        </p>
      </div>
      {!editable && (
        <p className="flex items-start gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-sm text-muted-foreground">
          <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden />
          {fillText(t.readOnlyTab, { mode: modeName[mode] })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4">
        <BoundField
          form={form}
          name={`${mode}.publicKey`}
          id={id('public-key')}
          label="Public key"
          {...readOnlyProps}
          autoComplete="off"
          spellCheck={false}
          placeholder={`pk_${prefix}_...`}
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {(['secretKey', 'webhookSecret'] as const).map((key) => (
            <BoundField
              key={key}
              form={form}
              name={`${mode}.${key}`}
              id={id(key === 'secretKey' ? 'secret-key' : 'webhook-secret')}
              label={key === 'secretKey' ? 'Secret key' : 'Webhook secret'}
              hint={savedHint(keys[key])}
              password
              {...readOnlyProps}
              toggleLabel={`${modeName[mode]} ${key === 'secretKey' ? 'secret key' : 'webhook secret'}`}
              autoComplete="off"
              spellCheck={false}
              placeholder={keys[key] || (key === 'secretKey' ? `sk_${prefix}_...` : 'whsec_...')}
            />
          ))}
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-3 rounded-lg border p-4">
        <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
          <Link2 className="size-4 text-primary" aria-hidden />
          {t.paymentLinksTitle}
        </legend>
        <p className="text-xs text-muted-foreground">{t.paymentLinksHint}</p>
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          {paymentSettingsPlans.map((plan) => (
            <BoundField
              key={plan}
              form={form}
              name={`${mode}.paymentLinks.${plan}`}
              id={id(`link-${plan}`)}
              label={`${planName[plan]} payment link`}
              {...readOnlyProps}
              className={cn('font-mono text-xs', readOnlyProps.className)}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={`https://buy.stripe.com/${prefix}_...`}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
