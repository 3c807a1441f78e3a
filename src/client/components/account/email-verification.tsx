import { CircleAlert, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { verificationMessages as m } from '../../../common/messages';
import { useResendVerification } from '../../api/auth';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from '../ui/button';
import { toast } from '../ui/toast-store';

/**
 * Asks for a new verification link for the signed-in account. Once sent it says so where it stood,
 * for as long as the page is open (a toast alone is gone in seconds); a refusal (the rate limit)
 * comes as a toast with the server's words, and the button stays for another try.
 */
export function ResendLinkButton({
  label = m.resendLink,
  variant = 'link',
  size = 'sm',
  className,
}: {
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const resend = useResendVerification();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <span role="status" className="inline-flex items-start gap-1.5 font-medium">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        {m.sent}
      </span>
    );
  }
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (error) =>
        toast({ variant: 'destructive', title: m.sendFailed, description: errorText(error, m.sendFailedFallback) }),
    });
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={cn(
        variant === 'link' && 'h-auto p-0 text-sm font-medium text-inherit underline underline-offset-4',
        className,
      )}
      onClick={send}
      disabled={resend.isPending}
    >
      {resend.isPending ? m.sending : label}
    </Button>
  );
}

/** The lasting cue of an unverified address: "Email not verified" and "Resend link". */
export function EmailNotVerifiedCue({ className, hint = false }: { className?: string; hint?: boolean }) {
  return (
    <div
      className={cn(
        'grid gap-1 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-2 text-sm text-amber-950',
        className,
      )}
    >
      {/* Side by side where they fit, the link under the words in a narrow sidebar. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex items-center gap-1.5 font-medium">
          <CircleAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
          {m.notVerified}
        </p>
        <ResendLinkButton />
      </div>
      {hint && <p className="text-xs text-amber-900">{m.cueHint}</p>}
    </div>
  );
}
