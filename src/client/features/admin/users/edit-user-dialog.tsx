import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminToastMessages, adminValidationMessages as v } from '../../../../common/admin-messages';
import {
  SIMPLE_EMAIL_PATTERN,
  adminSettableStatuses,
  adminTiers,
  type AdminUser,
  type AdminUserUpdate,
} from '../../../../common/admin-user-schemas';
import { USERNAME_MAX, USERNAME_MIN } from '../../../../common/limits';
import { validationMessages } from '../../../../common/messages';
import { Button } from '../../../components/ui/button';
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
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { humanize, sessionIdOf } from '../shared/admin-format';
import { serverMessage } from '../../../lib/api';
import { AllowanceHistory } from './allowance-history';
import { useUpdateAdminUser } from '../../../api/admin/users';

export type EditKind = 'registered' | 'session';

const WHOLE_NUMBER = /^-?\d+$/;

/**
 * Blank means "leave it as it is"; anything else is read as a base-10 integer
 * (docs/product.md, "Users and sessions").
 */
function parseCount(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number.parseInt(trimmed, 10);
}

function countField(min: number, message: string) {
  return z
    .string()
    .refine((text) => text.trim() === '' || WHOLE_NUMBER.test(text.trim()), v.wholeNumber)
    .refine((text) => (parseCount(text) ?? min) >= min, message);
}

// One shape for both kinds; an anonymous session has no username or email to check.
function editFormSchema(kind: EditKind) {
  return z
    .object({
      username: z.string(),
      email: z.string().refine((text) => text.trim() === '' || SIMPLE_EMAIL_PATTERN.test(text.trim()), v.editEmail),
      freeQuestionsRemaining: countField(0, v.freeQuestionsMin),
      paidQuestionsRemaining: countField(-1, v.paidQuestionsMin),
      subscriptionStatus: z.string(),
      subscriptionTier: z.string(),
    })
    .superRefine(({ username }, ctx) => {
      if (kind === 'session') return;
      const name = username.trim();
      if (name.length < USERNAME_MIN) ctx.addIssue({ code: 'custom', path: ['username'], message: v.editUsernameMin });
      else if (name.length > USERNAME_MAX) {
        ctx.addIssue({ code: 'custom', path: ['username'], message: validationMessages.usernameTooLong });
      }
    });
}
type EditFormValues = z.infer<ReturnType<typeof editFormSchema>>;
const editableFields = [
  'username',
  'email',
  'freeQuestionsRemaining',
  'paidQuestionsRemaining',
  'subscriptionStatus',
  'subscriptionTier',
] as const;

/** The allowed words, plus the record's current one when it is something else, so saving never changes it by accident. */
function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

export function toUpdate(values: EditFormValues, kind: EditKind): AdminUserUpdate {
  const update: AdminUserUpdate = {};
  if (kind === 'registered') {
    update.username = values.username.trim();
    if (values.email.trim()) update.email = values.email.trim();
  }
  const free = parseCount(values.freeQuestionsRemaining);
  if (free !== undefined) update.freeQuestionsRemaining = free;
  const paid = parseCount(values.paidQuestionsRemaining);
  if (paid !== undefined) update.paidQuestionsRemaining = paid;
  update.subscriptionStatus = (values.subscriptionStatus || null) as AdminUserUpdate['subscriptionStatus'];
  update.subscriptionTier = values.subscriptionTier;
  return update;
}

/**
 * Only what the admin changed: sending the pre-filled values back would undo whatever happened
 * since the dialog opened (questions spent, a webhook cancelling the subscription).
 */
export function changedOnly(update: AdminUserUpdate, user: AdminUser): AdminUserUpdate {
  return Object.fromEntries(
    Object.entries(update).filter(([field, value]) => user[field as keyof AdminUser] !== value),
  ) as AdminUserUpdate;
}

export function EditUserDialog({
  user,
  kind,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  kind: EditKind;
  onClose: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateAdminUser();
  // The modal hides the toast from screen readers, so the reason is also said inside the dialog.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditFormValues>({
    resolver: zodResolver(editFormSchema(kind)),
    defaultValues: {
      username: user.username,
      email: user.email ?? '',
      freeQuestionsRemaining: String(user.freeQuestionsRemaining),
      paidQuestionsRemaining: String(user.paidQuestionsRemaining),
      subscriptionStatus: user.subscriptionStatus ?? '',
      subscriptionTier: user.subscriptionTier,
    },
  });
  const { handleSubmit, setError } = form;
  const isSession = kind === 'session';

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const changes = changedOnly(toUpdate(values, kind), user);
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: user.id, update: changes });
      toast({
        variant: 'success',
        title: isSession ? adminToastMessages.sessionUpdated : adminToastMessages.userUpdated,
      });
      onSaved();
      onClose();
    } catch (error) {
      const shown = showServerFieldErrors(error, setError, editableFields);
      if (shown.length === 0) {
        const reason = serverMessage(error) ?? adminToastMessages.updateUserFailed;
        setFormError(reason);
        toast({ variant: 'destructive', title: reason });
      }
    }
  });

  const statuses = withCurrent(adminSettableStatuses, user.subscriptionStatus ?? '');
  const tiers = withCurrent(adminTiers, user.subscriptionTier);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onOpenAutoFocus={(event) => {
          // Start on the first field an admin can change, not the read-only ids above it.
          event.preventDefault();
          document.getElementById(isSession ? 'edit-free' : 'edit-username')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{isSession ? 'Edit Session' : 'Edit User'}</DialogTitle>
          <DialogDescription>
            {isSession
              ? 'Change the question allowance and subscription of this anonymous session.'
              : `Change ${user.username}'s details, question allowance and subscription.`}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-5"
          aria-label={isSession ? 'Edit Session' : 'Edit User'}
        >
          <div className="grid gap-4 rounded-lg border bg-muted/40 p-4 sm:grid-cols-3">
            <ReadOnly id="edit-user-id" label="User ID" value={String(user.id)} />
            {isSession && <ReadOnly id="edit-session-id" label="Session ID" value={sessionIdOf(user.username)} />}
            <ReadOnly id="edit-customer-id" label="Stripe Customer ID" value={user.stripeCustomerId ?? 'None'} />
            <ReadOnly
              id="edit-subscription-id"
              label="Stripe Subscription ID"
              value={user.stripeSubscriptionId ?? 'None'}
            />
          </div>

          <div className="grid items-start gap-4 sm:grid-cols-2">
            {!isSession && (
              <>
                <BoundField form={form} name="username" id="edit-username" label="Username" autoComplete="off" />
                <BoundField form={form} name="email" id="edit-email" label="Email" type="email" autoComplete="off" />
              </>
            )}
            <BoundField
              form={form}
              name="freeQuestionsRemaining"
              id="edit-free"
              label="Free Questions Remaining"
              type="number"
              min={0}
              step={1}
            />
            <BoundField
              form={form}
              name="paidQuestionsRemaining"
              id="edit-paid"
              label="Paid Questions Remaining"
              hint={v.paidQuestionsHint}
              type="number"
              min={-1}
              step={1}
            />
            <BoundField
              form={form}
              name="subscriptionStatus"
              id="edit-status"
              label="Subscription Status"
              options={[
                ...(user.subscriptionStatus === null ? [{ value: '', label: 'None' }] : []),
                ...statuses.map((status) => ({ value: status, label: humanize(status) })),
              ]}
            />
            <BoundField
              form={form}
              name="subscriptionTier"
              id="edit-tier"
              label="Subscription Tier"
              options={tiers.map((tier) => ({ value: tier, label: humanize(tier) }))}
            />
          </div>

          <AllowanceHistory userId={user.id} />

          {formError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <FormField id={id} label={label} className="min-w-0">
      <Input id={id} value={value} readOnly className="h-9 bg-transparent font-mono text-xs text-muted-foreground" />
    </FormField>
  );
}
