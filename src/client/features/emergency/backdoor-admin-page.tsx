import { Bug, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EmergencyAdmin } from '../../../common/emergency-schemas';
import { emergencyMessages } from '../../../common/emergency-messages';
import { fillMessage } from '../../../common/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { CreateEmergencyAdminForm } from './create-emergency-admin-form';
import { useForceLogin } from '../../api/emergency';
import { AdminsState, EmergencyFrame, InlineError, type EmergencyAccess } from './emergency-frame';

/** /backdoor-admin (docs/product.md, "Emergency access"): sign in as any admin, or create one. */
export function BackdoorAdminPage({ notFound }: { notFound: ReactNode }) {
  return (
    <EmergencyFrame
      title="Emergency admin access"
      description="Sign in as an existing admin or create a new one when nobody can reach the admin console."
      notFound={notFound}
    >
      {(access) => <BackdoorTools access={access} />}
    </EmergencyFrame>
  );
}

function BackdoorTools({ access }: { access: EmergencyAccess }) {
  const navigate = useNavigate();
  const forceLogin = useForceLogin(access.token);
  const admins = access.admins.data?.adminUsers ?? [];

  const loginAs = (admin: EmergencyAdmin) =>
    forceLogin.mutate(admin.id, {
      onSuccess: () => navigate('/admin'),
      onError: (error) => access.handleAccessError(error),
    });

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Admins</CardTitle>
          <CardDescription>Signing in here starts a normal admin session in this browser.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <AdminsState access={access} />
          {forceLogin.error && (
            <InlineError>
              {fillMessage(emergencyMessages.forceLogin, {
                reason: errorText(forceLogin.error, emergencyMessages.forceLoginFailed),
              })}
            </InlineError>
          )}
          {admins.length > 0 && (
            <ul aria-label="Admins" className="grid gap-2">
              {admins.map((admin) => {
                const pending = forceLogin.isPending && forceLogin.variables === admin.id;
                return (
                  <li
                    key={admin.id}
                    className="flex flex-col gap-3 rounded-lg border px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {admin.username}
                        <Badge variant="secondary">{admin.role}</Badge>
                      </p>
                      <p className="break-all text-sm text-muted-foreground">
                        #{admin.id} &middot; {admin.email ?? 'no email'}
                      </p>
                    </div>
                    <Button
                      className="w-full sm:w-fit"
                      disabled={forceLogin.isPending}
                      aria-label={`Login as this Admin: ${admin.username}`}
                      onClick={() => loginAs(admin)}
                    >
                      {pending ? <Spinner label="Signing in" /> : <LogIn aria-hidden />}
                      Login as this Admin
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <CreateEmergencyAdminForm access={access} />
      <div>
        <Button asChild variant="outline">
          <Link to="/admin-debug">
            <Bug aria-hidden />
            Admin debug page
          </Link>
        </Button>
      </div>
    </>
  );
}
