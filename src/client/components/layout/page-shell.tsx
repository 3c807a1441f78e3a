import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { Button } from '../ui/button';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import { ThemeToggle } from './theme-toggle';

/** Header, content and footer for every page except Home, which has its own workspace layout. */
export function PageShell({ user, children }: { user: PublicUser | null | undefined; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Button asChild variant="ghost" size="sm">
              <Link to="/pricing">Pricing</Link>
            </Button>
            {user ? (
              <Button asChild variant="outline" size="sm">
                <Link to="/profile">{user.username}</Link>
              </Button>
            ) : (
              <Button asChild size="sm">
                <Link to="/auth">Login / Register</Link>
              </Button>
            )}
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
