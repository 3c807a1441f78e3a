import {
  adminPlanInputSchema,
  planCurrencies,
  planIntervals,
  type AdminPlanInput,
} from '../../../../common/admin-billing-schemas';
import { adminValidationMessages as v } from '../../../../common/admin-messages';
import type { Plan } from '../../../../common/billing-schemas';
import { UNLIMITED_QUERIES } from '../../../../common/plans';

// The plan dialog's text fields and the API body (docs/product.md, "Subscriptions and plans"): the price in
// major units, one feature per line, and the query limit as a number or the word 'unlimited'.

export type PlanCurrency = (typeof planCurrencies)[number];
export type PlanInterval = (typeof planIntervals)[number];

export interface PlanFormValues {
  name: string;
  displayName: string;
  price: string;
  currency: PlanCurrency;
  interval: PlanInterval;
  description: string;
  features: string;
  queryLimit: string;
  stripePriceId: string;
  isActive: boolean;
}

export type PlanFormErrors = Partial<Record<keyof PlanFormValues, string>>;

/** A new plan starts in usd, monthly and active (docs/product.md, "Subscriptions and plans"). */
export const newPlanForm: PlanFormValues = {
  name: '',
  displayName: '',
  price: '',
  currency: 'usd',
  interval: 'month',
  description: '',
  features: '',
  queryLimit: '',
  stripePriceId: '',
  isActive: true,
};

const isCurrency = (value: string): value is PlanCurrency => (planCurrencies as readonly string[]).includes(value);
const isInterval = (value: string): value is PlanInterval => (planIntervals as readonly string[]).includes(value);

export function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    displayName: plan.displayName,
    price: (plan.price / 100).toFixed(2),
    currency: isCurrency(plan.currency) ? plan.currency : 'usd',
    interval: isInterval(plan.interval) ? plan.interval : 'month',
    description: plan.description ?? '',
    features: plan.features.join('\n'),
    queryLimit: plan.limits.queries === UNLIMITED_QUERIES ? 'unlimited' : String(plan.limits.queries),
    stripePriceId: plan.stripePriceId ?? '',
    isActive: plan.isActive,
  };
}

/** Major units to minor, by *100 and rounding: '4.99' -> 499. Null when it is not a number. */
export function priceToMinor(text: string): number | null {
  if (text.trim() === '') return null;
  const major = Number(text.trim());
  return Number.isFinite(major) ? Math.round(major * 100) : null;
}

/** 'unlimited' in any case -> -1; an integer -> itself; anything else -> null. */
export function parseQueryLimit(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'unlimited') return UNLIMITED_QUERIES;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export function splitFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const fieldOfPath: Record<string, keyof PlanFormValues> = {
  name: 'name',
  displayName: 'displayName',
  price: 'price',
  currency: 'currency',
  interval: 'interval',
  description: 'description',
  features: 'features',
  limits: 'queryLimit',
  stripePriceId: 'stripePriceId',
  isActive: 'isActive',
};

/** The body the server's adminPlanInputSchema accepts, or the messages to show on the fields. */
export function planFormToInput(
  values: PlanFormValues,
): { ok: true; body: AdminPlanInput } | { ok: false; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const price = priceToMinor(values.price);
  const queries = parseQueryLimit(values.queryLimit);
  if (price === null) errors.price = v.planPrice;
  if (queries === null) errors.queryLimit = v.planQueries;

  const description = values.description.trim();
  const stripePriceId = values.stripePriceId.trim();
  const body: AdminPlanInput = {
    name: values.name.trim(),
    displayName: values.displayName.trim(),
    price: price ?? 0,
    currency: values.currency,
    interval: values.interval,
    description: description === '' ? null : description,
    features: splitFeatures(values.features),
    limits: { queries: queries ?? 0 },
    stripePriceId: stripePriceId === '' ? null : stripePriceId,
    isActive: values.isActive,
  };
  const checked = adminPlanInputSchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = fieldOfPath[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
