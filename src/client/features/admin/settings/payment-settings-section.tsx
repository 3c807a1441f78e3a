import { AlertTriangle, Info, Loader2, Save, Tag } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { adminToastMessages } from '../../../../common/admin-messages';
import type { StripeKeys, StripeKeysInput } from '../../../../common/admin-settings-schemas';
import { fillText, paymentSettingsTexts as t } from './settings-texts';
import type { PaymentMode } from '../../../../common/billing-schemas';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { BoundField } from '../../../components/ui/bound-field';
import { focusIsNowhere } from '../../../components/ui/return-focus';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { LiveModeDialogs, type LiveSwitchStep } from './live-mode-dialogs';
import { PaymentModeKeys } from './payment-mode-keys';
import { useSaveStripeKeys, useStripeKeys } from '../../../api/admin/payment-settings';
import {
  buildStripeKeysBody,
  formPathOf,
  initialPaymentSettings,
  priceIdFields,
  priceIdPlan,
  type PaymentSettingsValues,
} from './payment-settings-form';
import { useLoadErrorToast, WhenLoaded } from '../shared/table-states';
import { WebhookPanel } from './webhook-panel';

const modes: { value: PaymentMode; label: string; description: string }[] = [
  { value: 'test', label: 'Test mode', description: 'Stripe test keys. No real money moves.' },
  { value: 'live', label: 'Live mode', description: 'Real cards, real payments.' },
];
const planName = { basic: 'Basic', standard: 'Standard', unlimited: 'Unlimited' } as const;

function ModeToggle({ savedMode, onSelect }: { savedMode: PaymentMode; onSelect: (mode: PaymentMode) => void }) {
  const { register } = useFormContext<PaymentSettingsValues>();
  return (
    <fieldset className="grid grid-cols-1 gap-3">
      <legend className="mb-2 text-sm font-medium">Active mode</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {modes.map((mode) => (
          <label
            key={mode.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/50',
              'has-[:checked]:border-primary has-[:checked]:bg-secondary/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            )}
          >
            <input
              type="radio"
              value={mode.value}
              {...register('mode', { onChange: () => onSelect(mode.value) })}
              className="mt-1 size-4 accent-primary"
              aria-labelledby={`mode-${mode.value}-label`}
              aria-describedby={`mode-${mode.value}-description`}
            />
            <span className="grid grid-cols-1 gap-0.5">
              <span className="flex items-center gap-2 font-medium">
                <span id={`mode-${mode.value}-label`}>{mode.label}</span>
                {savedMode === mode.value && (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                    Saved
                  </span>
                )}
              </span>
              <span id={`mode-${mode.value}-description`} className="text-sm text-muted-foreground">
                {mode.description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PaymentSettingsForm({
  keys,
  revealedKey,
  onGenerated,
  savedFromHere,
}: {
  keys: StripeKeys;
  revealedKey: string | null;
  onGenerated: (key: string) => void;
  /** Set by a successful save; the form it re-creates then gives the keyboard back to its Save button. */
  savedFromHere: RefObject<boolean>;
}) {
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (savedFromHere.current && focusIsNowhere()) saveButton.current?.focus();
    savedFromHere.current = false;
  }, [savedFromHere]);
  const initial = useMemo(() => initialPaymentSettings(keys), [keys]);
  const form = useForm<PaymentSettingsValues>({ defaultValues: initial });
  const { handleSubmit, setError, clearErrors, control } = form;
  const mode = useWatch({ control, name: 'mode' });
  const [tab, setTab] = useState<PaymentMode>(keys.mode);
  const [step, setStep] = useState<LiveSwitchStep>('idle');
  const [pendingBody, setPendingBody] = useState<StripeKeysInput | null>(null);
  const save = useSaveStripeKeys();

  const showErrors = (fieldErrors: Record<string, string>, bodyMode: PaymentMode) => {
    let first = true;
    for (const [field, message] of Object.entries(fieldErrors)) {
      const path = formPathOf(field, bodyMode) ?? (field.includes('.') ? field : null);
      if (!path) continue;
      setError(path as FieldPath<PaymentSettingsValues>, { type: 'validate', message }, { shouldFocus: first });
      first = false;
    }
  };

  const post = async (body: StripeKeysInput) => {
    try {
      savedFromHere.current = true;
      await save.mutateAsync(body);
      toast({ variant: 'success', title: adminToastMessages.settingsSaved });
    } catch (error) {
      savedFromHere.current = false;
      toast({ variant: 'destructive', title: errorText(error, adminToastMessages.stripeSettingsFailed) });
      if (error instanceof ApiError) {
        setTab(body.mode);
        showErrors(error.fieldErrors, body.mode);
      }
    }
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const result = buildStripeKeysBody(values, initial);
    if (!result.ok) {
      setTab(values.mode);
      // Let the tab render its fields before they are marked and focused.
      setTimeout(() => showErrors(result.errors, values.mode));
      return;
    }
    if (values.mode === 'live' && keys.mode !== 'live') {
      setPendingBody(result.body);
      setStep('warn');
      return;
    }
    void post(result.body);
  });

  const answerClear = (clearCustomerIds: boolean) => {
    setStep('idle');
    if (pendingBody) void post({ ...pendingBody, clearCustomerIds });
    setPendingBody(null);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6" aria-label="Payment settings">
        <Card>
          <CardContent className="grid grid-cols-1 gap-4 pt-6">
            <ModeToggle savedMode={keys.mode} onSelect={setTab} />
            {mode === 'live' && keys.mode !== 'live' && (
              <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                Saving will switch the site to live payments. You will be asked to confirm.
              </p>
            )}
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="stripe-keys-title">
          <CardHeader>
            <CardTitle id="stripe-keys-title" className="text-lg">
              Stripe keys and webhooks
            </CardTitle>
            <CardDescription>
              Each mode has its own keys. Only the mode selected above can be edited and is saved.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as PaymentMode)}>
              <TabsList className="w-full sm:w-72">
                {(['test', 'live'] as const).map((value) => (
                  <TabsTrigger key={value} value={value} className="gap-2">
                    {value === 'test' ? 'Test' : 'Live'}
                    {mode === value && <span className="size-2 rounded-full bg-emerald-500" aria-hidden />}
                  </TabsTrigger>
                ))}
              </TabsList>
              {(['test', 'live'] as const).map((value) => (
                <TabsContent key={value} value={value} className="grid grid-cols-1 gap-6">
                  <PaymentModeKeys mode={value} editable={mode === value} keys={keys[value]} />
                  <WebhookPanel mode={value} revealedKey={revealedKey} onGenerated={onGenerated} />
                </TabsContent>
              ))}
            </Tabs>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="price-ids-title">
          <CardHeader>
            <CardTitle id="price-ids-title" className="flex items-center gap-2 text-lg">
              <Tag className="size-5 text-primary" aria-hidden />
              {t.priceIdsTitle}
            </CardTitle>
            <CardDescription>{t.priceIdsHint}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {mode !== keys.mode && (
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                {fillText(t.priceIdsOtherMode, { saved: keys.mode, mode })}
              </p>
            )}
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              {priceIdFields.map((field) => (
                <BoundField
                  key={field}
                  form={form}
                  name={field}
                  id={`price-${field}`}
                  label={`${planName[priceIdPlan[field]]} price ID`}
                  className="font-mono text-xs"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="price_..."
                />
              ))}
            </div>
          </CardContent>
        </Card>

        <div className="flex justify-end">
          <Button ref={saveButton} type="submit" size="lg" disabled={save.isPending}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            Save Settings
          </Button>
        </div>
      </form>
      <LiveModeDialogs step={step} onStepChange={setStep} onClearAnswer={answerClear} />
    </FormProvider>
  );
}

export function PaymentSettingsSection() {
  const keys = useStripeKeys();
  // Kept above the form: a save reloads the keys and re-creates the form, and the new key must stay on screen.
  const [revealedKey, setRevealedKey] = useState<string | null>(null);
  const savedFromHere = useRef(false);
  useLoadErrorToast(keys.error, adminToastMessages.loadAdminData);

  return (
    <div className="grid grid-cols-1 gap-6">
      {keys.data && !keys.data.configured && (
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">{t.notConfiguredTitle}:</span> {t.notConfigured}
          </p>
        </div>
      )}
      <WhenLoaded query={keys} loadingLabel="Loading payment settings..." errorTitle={adminToastMessages.loadAdminData}>
        {(data) => (
          <PaymentSettingsForm
            key={keys.dataUpdatedAt}
            keys={data}
            revealedKey={revealedKey}
            onGenerated={setRevealedKey}
            savedFromHere={savedFromHere}
          />
        )}
      </WhenLoaded>
    </div>
  );
}
