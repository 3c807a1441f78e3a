import { LoaderCircle } from 'lucide-react';

/**
 * A submit button's text with a spinner while its request runs. The spinner is hidden from
 * assistive technology: the changed text ('Logging in...') already says what is happening.
 */
export function PendingLabel({ pending, idle, busy }: { pending: boolean; idle: string; busy: string }) {
  return (
    <>
      {pending && <LoaderCircle className="animate-spin" aria-hidden />}
      {pending ? busy : idle}
    </>
  );
}
