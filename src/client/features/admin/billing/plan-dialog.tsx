import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { adminToastMessages } from '../../../../common/admin-messages';
import { planCurrencies, planIntervals } from '../../../../common/admin-billing-schemas';
import { planDialogTexts } from '../settings/settings-texts';
import type { Plan } from '../../../../common/billing-schemas';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api';
import { newPlanForm, planFormToInput, planToForm, type PlanFormValues } from './plan-form';
import { useSavePlan } from '../../../api/admin/subscriptions';

const formFields = Object.keys(newPlanForm) as (keyof PlanFormValues)[];
const isFormField = (name: string): name is keyof PlanFormValues => (formFields as string[]).includes(name);

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const save = useSavePlan();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PlanFormValues>({ defaultValues: plan ? planToForm(plan) : newPlanForm });

  const showErrors = (fieldErrors: Record<string, string>) => {
    let first = true;
    for (const [name, message] of Object.entries(fieldErrors)) {
      const field = name === 'limits' || name.startsWith('limits.') ? 'queryLimit' : name;
      if (!isFormField(field)) continue;
      setError(field, { type: 'validate', message }, { shouldFocus: first });
      first = false;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const result = planFormToInput(values);
    if (!result.ok) {
      showErrors(result.errors as Record<string, string>);
      return;
    }
    try {
      if (plan) {
        // The name is the plan's id: an edit sends everything else.
        const { name: _name, ...body } = result.body;
        await save.mutateAsync({ kind: 'edit', id: plan.id, body });
        toast({ variant: 'success', title: adminToastMessages.planUpdated, description: body.displayName });
      } else {
        await save.mutateAsync({ kind: 'create', body: result.body });
        toast({ variant: 'success', title: adminToastMessages.planCreated, description: result.body.displayName });
      }
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: errorText(error, adminToastMessages.planSaveFailed) });
      if (error instanceof ApiError) showErrors(error.fieldErrors);
    }
  });

  const a11y = (name: keyof PlanFormValues) => fieldA11y(`plan-${name}`, errors[name]?.message);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-4"
      aria-label={plan ? 'Edit plan' : 'New plan'}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          id="plan-name"
          label="Name"
          error={errors.name?.message}
          hint={plan ? 'The plan id cannot be changed.' : planDialogTexts.nameHint}
        >
          <Input
            {...a11y('name')}
            {...register('name')}
            readOnly={plan !== null}
            aria-readonly={plan !== null || undefined}
            className={plan ? 'bg-muted text-muted-foreground' : undefined}
            autoCapitalize="none"
            spellCheck={false}
            placeholder="basic"
          />
        </FormField>
        <FormField id="plan-displayName" label="Display name" error={errors.displayName?.message}>
          <Input {...a11y('displayName')} {...register('displayName')} placeholder="Basic" />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField id="plan-price" label="Price" error={errors.price?.message} hint="In major units, e.g. 4.99">
          <Input {...a11y('price')} {...register('price')} inputMode="decimal" placeholder="4.99" />
        </FormField>
        <FormField id="plan-currency" label="Currency">
          <NativeSelect {...a11y('currency')} {...register('currency')}>
            {planCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency.toUpperCase()}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="plan-interval" label="Interval">
          <NativeSelect {...a11y('interval')} {...register('interval')}>
            {planIntervals.map((interval) => (
              <option key={interval} value={interval}>
                {interval === 'month' ? 'Monthly' : 'Yearly'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="plan-description" label="Description" error={errors.description?.message}>
        <Input {...a11y('description')} {...register('description')} placeholder="For occasional questions" />
      </FormField>
      <FormField
        id="plan-features"
        label="Features"
        error={errors.features?.message}
        hint={planDialogTexts.featuresHint}
      >
        <Textarea {...a11y('features')} {...register('features')} rows={4} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          id="plan-queryLimit"
          label="Query limit"
          error={errors.queryLimit?.message}
          hint={planDialogTexts.queryLimitHint}
        >
          <Input {...a11y('queryLimit')} {...register('queryLimit')} placeholder="333 or unlimited" />
        </FormField>
        <FormField id="plan-stripePriceId" label="Stripe price ID" error={errors.stripePriceId?.message}>
          <Input
            {...a11y('stripePriceId')}
            {...register('stripePriceId')}
            autoCapitalize="none"
            spellCheck={false}
            placeholder="price_..."
          />
        </FormField>
      </div>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Checkbox
              id="plan-isActive"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor="plan-isActive">Active (offered to visitors)</Label>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {plan ? 'Save Changes' : 'Create Plan'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create (plan null) or edit a subscription plan. */
export function PlanDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: Plan | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-2xl"
        // An edit starts on the first field that can change: the name is the plan's id and is read-only.
        onOpenAutoFocus={(event) => {
          if (!plan) return;
          event.preventDefault();
          document.getElementById('plan-displayName')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{plan ? planDialogTexts.editTitle : planDialogTexts.createTitle}</DialogTitle>
          <DialogDescription>
            {plan
              ? `Changes to ${plan.displayName} apply to new checkouts.`
              : 'Add a plan that visitors can subscribe to.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts from the chosen plan's values. */}
        {open && <PlanForm plan={plan} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
