import { MailWarning } from 'lucide-react';
import { anonymousLimitMessages as m } from '../../../common/anonymous-limit-messages';
import { ResendLinkButton } from '../../components/account/email-verification';
import { DismissibleNotice } from './dismissible-notice';

/**
 * An unverified account's free questions are used for now (decision 0060): the server's reason, and
 * the way on, a new verification link, right where the question was refused.
 */
export function VerifyEmailPrompt({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <DismissibleNotice id="verification-required" icon={MailWarning} title={m.verifyTitle} onDismiss={onDismiss}>
      <p className="mt-1 text-sm">{message}</p>
      <div className="mt-3 text-sm">
        <ResendLinkButton label={m.sendNewLink} variant="default" />
      </div>
    </DismissibleNotice>
  );
}
