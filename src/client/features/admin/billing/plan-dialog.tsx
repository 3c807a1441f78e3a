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
import { BoundField } from '../../../components/ui/bound-field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, errorText } from '../../../lib/api';
import { newPlanForm, planFormToInput, planToForm, type PlanFormValues } from './plan-form';
import { useSavePlan } from '../../../api/admin/subscriptions';

const formFields = Object.keys(newPlanForm) as (keyof PlanFormValues)[];
const isFormField = (name: string): name is keyof PlanFormValues => (formFields as string[]).includes(name);

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const save = useSavePlan();
  const form = useForm<PlanFormValues>({ defaultValues: plan ? planToForm(plan) : newPlanForm });
  const { control, handleSubmit, setError } = form;

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

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 gap-4"
      aria-label={plan ? 'Edit plan' : 'New plan'}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BoundField
          form={form}
          name="name"
          id="plan-name"
          label="Name"
          hint={plan ? 'The plan id cannot be changed.' : planDialogTexts.nameHint}
          readOnly={plan !== null}
          aria-readonly={plan !== null || undefined}
          className={plan ? 'bg-muted text-muted-foreground' : undefined}
          verbatim
          placeholder="basic"
        />
        <BoundField form={form} name="displayName" id="plan-displayName" label="Display name" placeholder="Basic" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <BoundField
          form={form}
          name="price"
          id="plan-price"
          label="Price"
          hint="In major units, e.g. 4.99"
          inputMode="decimal"
          placeholder="4.99"
        />
        <BoundField
          form={form}
          name="currency"
          id="plan-currency"
          label="Currency"
          options={planCurrencies.map((currency) => ({ value: currency, label: currency.toUpperCase() }))}
        />
        <BoundField
          form={form}
          name="interval"
          id="plan-interval"
          label="Interval"
          options={planIntervals.map((interval) => ({
            value: interval,
            label: interval === 'month' ? 'Monthly' : 'Yearly',
          }))}
        />
      </div>
      <BoundField
        form={form}
        name="description"
        id="plan-description"
        label="Description"
        placeholder="For occasional questions"
      />
      <BoundField
        form={form}
        name="features"
        id="plan-features"
        label="Features"
        hint={planDialogTexts.featuresHint}
        render={(control) => <Textarea {...control} rows={4} />}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BoundField
          form={form}
          name="queryLimit"
          id="plan-queryLimit"
          label="Query limit"
          hint={planDialogTexts.queryLimitHint}
          placeholder="333 or unlimited"
        />
        <BoundField
          form={form}
          name="stripePriceId"
          id="plan-stripePriceId"
          label="Stripe price ID"
          verbatim
          placeholder="price_..."
        />
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
