import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, UserPlus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { createAdminSchema } from '../../../../common/admin-settings-schemas';
import { adminAccountTexts, fillText } from './settings-texts';
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
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useCreateAdmin } from '../../../api/admin/admin-accounts';

const fields = ['username', 'email', 'password'] as const;

function AddAdminForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAdmin();
  const form = useForm({
    resolver: zodResolver(createAdminSchema),
    defaultValues: { username: '', email: '', password: '', sendWelcomeEmail: true },
  });
  const { control, handleSubmit, setError } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      toast({
        variant: 'success',
        title: adminAccountTexts.adminCreated,
        description: fillText(adminAccountTexts.adminCreatedDescription, { name: created.username }),
      });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: errorText(error, adminAccountTexts.createAdminFailed) });
      showServerFieldErrors(error, setError, fields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="New administrator">
      <BoundField form={form} name="username" id="admin-username" label="Username" autoComplete="off" verbatim />
      <BoundField
        form={form}
        name="email"
        id="admin-email"
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="admin@example.com"
      />
      <BoundField
        form={form}
        name="password"
        id="admin-password"
        label="Password"
        password
        autoComplete="new-password"
      />
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="sendWelcomeEmail"
          render={({ field }) => (
            <Checkbox
              id="admin-welcome"
              ref={field.ref}
              checked={field.value ?? true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby="admin-welcome-hint"
              className="mt-0.5"
            />
          )}
        />
        <div className="grid grid-cols-1 gap-1">
          <Label htmlFor="admin-welcome">Send welcome email</Label>
          <p id="admin-welcome-hint" className="text-xs text-muted-foreground">
            Tells the new administrator their account exists and where to sign in.
          </p>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
          Create Admin
        </Button>
      </DialogFooter>
    </form>
  );
}

export function AddAdminDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Admin</DialogTitle>
          <DialogDescription>Create an account with full access to this console.</DialogDescription>
        </DialogHeader>
        <AddAdminForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
