import { UserPlus, X } from 'lucide-react';
import { Link } from 'react-router';
import { anonymousLimitMessages } from '../../../common/anonymous-limits';
import { Button } from '../../components/ui/button';

/** The anonymous caps' 429 (decision 0022): the server's reason, and the way on, an account. */
export function SignUpPrompt({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <section
      role="region"
      aria-labelledby="sign-up-required"
      className="relative rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm sm:p-5"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="absolute right-3 top-3 cursor-pointer rounded-md p-1 text-amber-800 hover:bg-amber-100"
      >
        <X className="size-4" aria-hidden />
      </button>
      <h2 id="sign-up-required" className="flex items-center gap-2 pr-8 text-lg font-semibold">
        <UserPlus className="size-5" aria-hidden />
        Sign up to keep asking
      </h2>
      <p className="mt-1 text-sm">{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to="/auth?tab=register">{anonymousLimitMessages.signUp}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/auth">{anonymousLimitMessages.logIn}</Link>
        </Button>
      </div>
    </section>
  );
}
