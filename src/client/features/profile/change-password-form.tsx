import { Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { ChangePasswordFormInput } from '../../../common/auth-schemas';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits';
import { toastMessages as t, validationMessages as m } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { BoundField } from '../../components/ui/bound-field';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { useChangePassword } from '../../api/auth';

const emptyForm: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The server's own reason: a field's message when it rejected a value, else its general message. */
function failureText(error: unknown): string {
  const fieldMessage = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
  return fieldMessage ?? errorText(error, t.passwordChangeFailed);
}

export function ChangePasswordForm({ username }: { username: string }) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({ defaultValues: emptyForm });
  const { handleSubmit, reset, control } = form;
  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });
  const complete = Boolean(currentPassword && newPassword && confirmPassword);
  const pending = changePassword.isPending;

  // These are reported as toasts, mismatch before length (docs/product.md, "Profile and password change"), so no
  // schema resolver here.
  const onSubmit = handleSubmit((values) => {
    if (values.newPassword !== values.confirmPassword) {
      toast({ variant: 'destructive', title: m.changePasswordMismatchTitle, description: m.changePasswordMismatch });
      return;
    }
    if (values.newPassword.length < PASSWORD_MIN) {
      toast({ variant: 'destructive', title: m.changePasswordTooShortTitle, description: m.changePasswordTooShort });
      return;
    }
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t.passwordChangedTitle, description: t.passwordChanged });
          reset(emptyForm);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t.passwordChangeFailedTitle, description: failureText(error) }),
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          Enter your current password, then choose a new one of at least {PASSWORD_MIN} characters.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <CardContent className="grid gap-4">
          <BoundField
            form={form}
            name="currentPassword"
            id="current-password"
            label="Current Password"
            password
            toggleLabel="current password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
          />
          <BoundField
            form={form}
            name="newPassword"
            id="new-password"
            label="New Password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            password
            toggleLabel="new password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
          <BoundField
            form={form}
            name="confirmPassword"
            id="confirm-new-password"
            label="Confirm New Password"
            password
            toggleLabel="password confirmation"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
          />
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch sm:flex-row sm:items-center sm:justify-end">
          <Button variant="outline" onClick={() => reset(emptyForm)} disabled={pending}>
            Clear Form
          </Button>
          <Button type="submit" disabled={!complete || pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {pending ? 'Updating...' : 'Update Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
