import { Link2, LockKeyhole } from 'lucide-react';
import { useFormContext, type FieldError } from 'react-hook-form';
import { paymentSettingsPlans, type ModeKeys } from '../../../../common/admin-settings-schemas';
import { fillText, paymentSettingsTexts as t } from './settings-texts';
import type { PaymentMode } from '../../../../common/billing-schemas';
import { Badge } from '../../../components/ui/badge';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
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
  const {
    register,
    formState: { errors },
  } = useFormContext<PaymentSettingsValues>();
  const modeErrors = errors[mode];
  const message = (error: FieldError | undefined) => error?.message;
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
        <FormField id={id('public-key')} label="Public key" error={message(modeErrors?.publicKey)}>
          <Input
            {...fieldA11y(id('public-key'), message(modeErrors?.publicKey))}
            {...register(`${mode}.publicKey`)}
            {...readOnlyProps}
            autoComplete="off"
            spellCheck={false}
            placeholder={`pk_${prefix}_...`}
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <FormField
            id={id('secret-key')}
            label="Secret key"
            error={message(modeErrors?.secretKey)}
            hint={savedHint(keys.secretKey)}
          >
            <PasswordInput
              {...fieldA11y(id('secret-key'), message(modeErrors?.secretKey))}
              {...register(`${mode}.secretKey`)}
              {...readOnlyProps}
              toggleLabel={`${modeName[mode]} secret key`}
              autoComplete="off"
              spellCheck={false}
              placeholder={keys.secretKey || `sk_${prefix}_...`}
            />
          </FormField>
          <FormField
            id={id('webhook-secret')}
            label="Webhook secret"
            error={message(modeErrors?.webhookSecret)}
            hint={savedHint(keys.webhookSecret)}
          >
            <PasswordInput
              {...fieldA11y(id('webhook-secret'), message(modeErrors?.webhookSecret))}
              {...register(`${mode}.webhookSecret`)}
              {...readOnlyProps}
              toggleLabel={`${modeName[mode]} webhook secret`}
              autoComplete="off"
              spellCheck={false}
              placeholder={keys.webhookSecret || 'whsec_...'}
            />
          </FormField>
        </div>
      </div>
      <fieldset className="grid grid-cols-1 gap-3 rounded-lg border p-4">
        <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
          <Link2 className="size-4 text-primary" aria-hidden />
          {t.paymentLinksTitle}
        </legend>
        <p className="text-xs text-muted-foreground">{t.paymentLinksHint}</p>
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          {paymentSettingsPlans.map((plan) => {
            const error = message(modeErrors?.paymentLinks?.[plan]);
            return (
              <FormField key={plan} id={id(`link-${plan}`)} label={`${planName[plan]} payment link`} error={error}>
                <Input
                  {...fieldA11y(id(`link-${plan}`), error)}
                  {...register(`${mode}.paymentLinks.${plan}`)}
                  {...readOnlyProps}
                  className={cn('font-mono text-xs', readOnlyProps.className)}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={`https://buy.stripe.com/${prefix}_...`}
                />
              </FormField>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
