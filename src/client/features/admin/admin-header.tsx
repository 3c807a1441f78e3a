import { ExternalLink, LogOut, Menu, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { ThemeToggle } from '../../components/layout/theme-toggle';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { sectionHref, type AdminSection } from './admin-sections';

export function AdminHeader({
  section,
  user,
  initialSearch,
  onOpenNav,
  onLogout,
  loggingOut,
}: {
  section: AdminSection;
  user: PublicUser;
  initialSearch: string;
  onOpenNav: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialSearch);

  // Enter takes the admin to the users list already searched for this text.
  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    void navigate(sectionHref('users', text ? { search: text } : {}));
  };

  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 md:hidden"
          aria-label="Open navigation"
          onClick={onOpenNav}
        >
          <Menu aria-hidden />
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold tracking-tight">{section.label}</h1>
          <p className="hidden truncate text-xs text-muted-foreground sm:block">{section.description}</p>
        </div>
        <form role="search" onSubmit={search} className="relative order-last w-full lg:order-none lg:w-72">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search all users"
            placeholder="Search users and press Enter"
            className="h-9 pl-9"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        <div className="flex items-center gap-1 sm:gap-2">
          <span className="hidden items-center gap-2 text-sm font-medium sm:flex">
            <span
              aria-hidden
              className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold uppercase text-primary-foreground"
            >
              {user.username.charAt(0)}
            </span>
            <span className="max-w-32 truncate">{user.username}</span>
          </span>
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm">
            <Link to="/" aria-label="Back to site">
              <ExternalLink aria-hidden />
              <span className="hidden sm:inline">Back to site</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={onLogout} disabled={loggingOut}>
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
