import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { Spinner } from '../ui/spinner';

export function FullPageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}

/**
 * The guards (docs/product.md, "Pages and routes"): anonymous visitors go to /auth; when `requireVerified` is set,
 * unverified users go to /verify-email. The current user comes from the caller so this stays feature-free.
 */
export function RequireAuth({
  user,
  isLoading,
  requireVerified = false,
  children,
}: {
  user: PublicUser | null | undefined;
  isLoading: boolean;
  requireVerified?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  if (isLoading) return <FullPageLoading />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (requireVerified && !user.emailVerified) return <Navigate to="/verify-email" replace />;
  return <>{children}</>;
}
