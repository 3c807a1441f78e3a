import { Check, LayoutDashboard, LifeBuoy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EmergencyAdmin } from '../../../common/emergency-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { AdminsState, EmergencyFrame, type EmergencyAccess } from './emergency-frame';
import { PasswordCompareTool } from './password-compare-tool';

/** /admin-debug (docs/product.md, "Emergency access"): the admin list and the password-versus-hash check. */
export function AdminDebugPage({ notFound }: { notFound: ReactNode }) {
  return (
    <EmergencyFrame
      title="Admin debug"
      description="Admin accounts, their password hash types, and a password check against a stored hash."
      notFound={notFound}
    >
      {(access) => <DebugTools access={access} />}
    </EmergencyFrame>
  );
}

function DebugTools({ access }: { access: EmergencyAccess }) {
  const [selectedId, setSelectedId] = useState<number>();
  const admins = access.admins.data?.adminUsers ?? [];
  const selected = admins.find((admin) => admin.id === selectedId);

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Admin users</CardTitle>
          <CardDescription>Hash type and length only: stored hashes are never sent to the browser.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <AdminsState access={access} />
          {admins.length > 0 && (
            <AdminHashTable admins={admins} selectedId={selectedId} onSelect={(admin) => setSelectedId(admin.id)} />
          )}
        </CardContent>
      </Card>
      <PasswordCompareTool access={access} selected={selected} />
      <AdminReference admins={admins} />
      <nav aria-label="Other admin pages" className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/backdoor-admin">
            <LifeBuoy aria-hidden />
            Emergency admin page
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin">
            <LayoutDashboard aria-hidden />
            Admin console
          </Link>
        </Button>
      </nav>
    </>
  );
}

function AdminHashTable({
  admins,
  selectedId,
  onSelect,
}: {
  admins: EmergencyAdmin[];
  selectedId: number | undefined;
  onSelect: (admin: EmergencyAdmin) => void;
}) {
  return (
    <Table aria-label="Admin users">
      <TableHeader>
        <TableRow>
          <TableHead>ID</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Hash type</TableHead>
          <TableHead>Hash length</TableHead>
          <TableHead>
            <span className="sr-only">Action</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {admins.map((admin) => {
          const chosen = admin.id === selectedId;
          return (
            <TableRow key={admin.id} className={chosen ? 'bg-secondary/60' : undefined}>
              <TableCell>{admin.id}</TableCell>
              <TableCell className="font-medium">{admin.username}</TableCell>
              <TableCell className="max-w-56 truncate">{admin.email ?? '—'}</TableCell>
              <TableCell>
                <Badge variant="secondary">{admin.role}</Badge>
              </TableCell>
              <TableCell>
                <code title={admin.hashPrefix || undefined}>{admin.hashType}</code>
              </TableCell>
              <TableCell>{admin.passwordLength}</TableCell>
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant={chosen ? 'default' : 'outline'}
                  aria-pressed={chosen}
                  aria-label={`Use This Hash of ${admin.username}`}
                  onClick={() => onSelect(admin)}
                >
                  {chosen && <Check aria-hidden />}
                  Use This Hash
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function AdminReference({ admins }: { admins: EmergencyAdmin[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin reference</CardTitle>
        <CardDescription>Every account with admin rights, for quick lookup.</CardDescription>
      </CardHeader>
      <CardContent>
        {admins.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin users to list.</p>
        ) : (
          <ul aria-label="Admin reference" className="grid gap-2 text-sm">
            {admins.map((admin) => (
              <li key={admin.id} className="flex flex-wrap items-baseline gap-x-2 rounded-md border px-3 py-2">
                <span className="font-medium">{admin.username}</span>
                <span className="text-muted-foreground">#{admin.id}</span>
                <span className="min-w-0 break-all text-muted-foreground">{admin.email ?? 'no email'}</span>
                <span className="text-muted-foreground">
                  {admin.hashType}
                  {admin.hashPrefix && (
                    <>
                      {' '}
                      <code className="break-all">{admin.hashPrefix}</code>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
