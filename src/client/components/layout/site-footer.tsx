import { Link } from 'react-router';
import { lazyTriggerDialog } from '../ui/lazy-dialog';

const LegalDialog = lazyTriggerDialog(async () => (await import('../legal/legal-dialog')).LegalDialog);

export function SiteFooter() {
  const linkClass = 'text-muted-foreground hover:text-foreground underline-offset-4 hover:underline cursor-pointer';
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row">
        <p className="text-muted-foreground">© {new Date().getFullYear()} Parallax</p>
        <nav aria-label="Legal and support" className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
          <LegalDialog
            document="terms"
            trigger={
              <button type="button" className={linkClass}>
                Terms and Conditions
              </button>
            }
          />
          <LegalDialog
            document="privacy"
            trigger={
              <button type="button" className={linkClass}>
                Privacy Policy
              </button>
            }
          />
          <Link to="/leaderboard" className={linkClass}>
            Leaderboard
          </Link>
          <Link to="/support" className={linkClass}>
            Support
          </Link>
        </nav>
      </div>
    </footer>
  );
}
