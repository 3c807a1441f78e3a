import type { UseQueryResult } from '@tanstack/react-query';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ListAdminsResponse } from '../../../common/emergency-schemas';
import { emergencyMessages } from '../../../common/emergency-messages';
import { fillMessage } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorText } from '../../lib/api';
import { isFeatureOff, isTokenRejected, useEmergencyAdmins, useEmergencyToken } from '../../api/emergency';

export interface EmergencyAccess {
  token: string;
  admins: UseQueryResult<ListAdminsResponse>;
  /** Takes over a failed call's error when it means the feature is off or the token was refused. */
  handleAccessError: (error: unknown) => boolean;
}

type Problem = { kind: 'off' } | { kind: 'rejected'; message: string };

function problemOf(error: unknown): Problem | null {
  if (isFeatureOff(error)) return { kind: 'off' };
  if (isTokenRejected(error)) {
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    return { kind: 'rejected', message: message ?? emergencyMessages.tokenInvalid };
  }
  return null;
}

/**
 * The frame both break-glass pages share: it asks for the emergency token first, shows the app's
 * 404 page when the server runs without the feature, and hands the page its token and admin list.
 */
export function EmergencyFrame({
  title,
  description,
  notFound,
  children,
}: {
  title: string;
  description: string;
  notFound: ReactNode;
  children: (access: EmergencyAccess) => ReactNode;
}) {
  const { token, setToken, forgetToken } = useEmergencyToken();
  const admins = useEmergencyAdmins(token);
  const [reported, setReported] = useState<Problem | null>(null);
  const problem = reported ?? problemOf(admins.error);

  if (problem?.kind === 'off') return <>{notFound}</>;

  const unlock = (next: string) => {
    setReported(null);
    setToken(next);
  };
  const forget = () => {
    setReported(null);
    forgetToken();
  };
  const handleAccessError = (error: unknown) => {
    const found = problemOf(error);
    if (found) setReported(found);
    return found !== null;
  };
  const locked = !token || problem?.kind === 'rejected';

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <ShieldAlert className="mt-1 size-7 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {token && (
          <Button variant="outline" size="sm" onClick={forget}>
            <KeyRound aria-hidden />
            Forget token
          </Button>
        )}
      </header>
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {emergencyMessages.auditNote}
      </p>
      {locked ? (
        <TokenPrompt
          onUnlock={unlock}
          rejection={problem?.kind === 'rejected' ? problem.message : undefined}
          key={problem?.kind === 'rejected' ? problem.message : 'prompt'}
        />
      ) : (
        children({ token, admins, handleAccessError })
      )}
    </div>
  );
}

function TokenPrompt({ onUnlock, rejection }: { onUnlock: (token: string) => void; rejection?: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState(rejection);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) return setError(emergencyMessages.tokenRequired);
    onUnlock(entered);
  };
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle>Emergency access token</CardTitle>
        <CardDescription>
          Enter the value of EMERGENCY_ADMIN_TOKEN from the server&apos;s configuration. It is kept in this browser tab
          only and sent with every call.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Emergency access">
          <FormField id="emergency-token" label="Access token" error={error}>
            <PasswordInput
              toggleLabel="access token"
              autoComplete="off"
              autoFocus
              value={value}
              onChange={(event) => setValue(event.target.value)}
              {...fieldA11y('emergency-token', error)}
            />
          </FormField>
          <Button type="submit" className="w-full sm:w-fit">
            <KeyRound aria-hidden />
            Unlock
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** An inline red error, as the debug pages show them (docs/product.md, "Emergency access"). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {children}
    </p>
  );
}

/** Loading, failure and empty states of the admin list, shared by both emergency pages. */
export function AdminsState({ access }: { access: EmergencyAccess }) {
  const { admins } = access;
  if (admins.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Loading admin users" />
        Loading admin users...
      </p>
    );
  if (admins.error)
    return (
      <InlineError>
        {fillMessage(emergencyMessages.fetchAdmins, {
          reason: errorText(admins.error, emergencyMessages.fetchAdminsFailed),
        })}
      </InlineError>
    );
  if (admins.data.adminUsers.length === 0)
    return <p className="text-sm text-muted-foreground">No admin users found.</p>;
  return null;
}
