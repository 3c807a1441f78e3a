import { CheckCircle2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** After a successful payment the page goes to / after 2 s (docs/product.md, "Cache and timing rules"). */
export const PAYMENT_REDIRECT_MS = 2000;
/** Where a paid user lands: Home re-reads the subscription and shows the payment toast. */
export const AFTER_PAYMENT_PATH = '/?refresh_subscription=true&payment_success=true';

/** A payment or plan change went through: says so, then goes home. */
export function DoneGoingHome({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(AFTER_PAYMENT_PATH), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="flex min-h-40 flex-col items-center justify-center gap-3 text-center">
      <CheckCircle2 className="size-12 text-success" aria-hidden />
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{children} Taking you back to Parallax...</p>
    </div>
  );
}
