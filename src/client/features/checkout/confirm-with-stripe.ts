import { toast } from '../../components/ui/toast-store';

/**
 * Runs a Stripe.js confirm step (confirmPayment, confirmSetup) and turns both ways it can fail — a
 * thrown error or a result carrying `error` — into one red toast. Answers the successful result, or
 * null when the user has been told it failed.
 */
export async function confirmWithStripe<R extends { error?: { message?: string } }>(
  confirm: () => Promise<R>,
  failure: { title: string; fallback: string },
): Promise<Exclude<R, { error: { message?: string } }> | null> {
  const failed = (message?: string) =>
    toast({ variant: 'destructive', title: failure.title, description: message || failure.fallback });
  let result: R;
  try {
    result = await confirm();
  } catch (error) {
    failed(error instanceof Error ? error.message : undefined);
    return null;
  }
  if (result.error) {
    failed(result.error.message);
    return null;
  }
  return result as Exclude<R, { error: { message?: string } }>;
}
