import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { anonymousLimitMessages } from '../../../common/anonymous-limit-messages';
import { Button } from '../../components/ui/button';
import { DismissibleNotice } from './dismissible-notice';

/** The anonymous caps' 429 (decision 0022): the server's reason, and the way on, an account. */
export function SignUpPrompt({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <DismissibleNotice id="sign-up-required" icon={UserPlus} title="Sign up to keep asking" onDismiss={onDismiss}>
      <p className="mt-1 text-sm">{message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to="/auth?tab=register">{anonymousLimitMessages.signUp}</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/auth">{anonymousLimitMessages.logIn}</Link>
        </Button>
      </div>
    </DismissibleNotice>
  );
}
