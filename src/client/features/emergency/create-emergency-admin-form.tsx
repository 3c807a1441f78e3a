import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { createEmergencyAdminSchema, type CreateEmergencyAdminInput } from '../../../common/emergency-schemas';
import { emergencyMessages } from '../../../common/emergency-messages';
import { PASSWORD_MAX, USERNAME_MAX } from '../../../common/limits';
import { fillMessage } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { BoundField } from '../../components/ui/bound-field';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorText } from '../../lib/api';
import { useCreateEmergencyAdmin } from '../../api/emergency';
import { InlineError, type EmergencyAccess } from './emergency-frame';

const fields = ['username', 'password'] as const;

/** Creates an admin by username and password alone, for when no admin can sign in any more. */
export function CreateEmergencyAdminForm({ access }: { access: EmergencyAccess }) {
  const create = useCreateEmergencyAdmin(access.token);
  const form = useForm<CreateEmergencyAdminInput>({
    resolver: zodResolver(createEmergencyAdminSchema),
    defaultValues: { username: '', password: '' },
  });
  const { handleSubmit, reset, setError } = form;

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (access.handleAccessError(error) || !(error instanceof ApiError)) return;
        for (const field of fields) {
          const message = error.fieldErrors[field];
          if (message) setError(field, { message });
        }
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create emergency admin</CardTitle>
        <CardDescription>
          A new admin account with a username and password only. Sign in with the username, then add an email in the
          admin console.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create emergency admin">
          <div className="grid gap-4 sm:grid-cols-2">
            <BoundField
              form={form}
              name="username"
              id="emergency-username"
              label="Username"
              autoComplete="off"
              maxLength={USERNAME_MAX}
            />
            <BoundField
              form={form}
              name="password"
              id="emergency-password"
              label="Password"
              password
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
            />
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={create.isPending}>
            {create.isPending ? <Spinner label="Creating" /> : <UserPlus aria-hidden />}
            Create Admin
          </Button>
        </form>
        {create.error && (
          <InlineError>
            {fillMessage(emergencyMessages.createAdmin, {
              reason: errorText(create.error, emergencyMessages.createAdminFailed),
            })}
          </InlineError>
        )}
        {create.data && (
          <div
            role="status"
            className="flex items-start gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {fillMessage(emergencyMessages.adminCreated, { id: create.data.id })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
