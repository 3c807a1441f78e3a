import { ArrowLeftRight, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { adminServerMessages, adminToastMessages } from '../../../../common/admin-messages';
import { fillMessage, toastMessages } from '../../../../common/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../api/auth';
import { useEndImpersonation } from '../../../api/admin/impersonation';
import {
  assignLocation,
  clearImpersonating,
  isImpersonatingFlagSet,
  markImpersonating,
  type Redirect,
} from './impersonation-storage';

/** The server's way of saying there is nothing to end: the flags are stale, not a failure. */
function isNotImpersonating(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.serverMessage === adminServerMessages.notImpersonating
  );
}

/**
 * Shown on every page while an administrator is signed in as someone else: the session-storage
 * flag covers the moments before /api/me answers, and /api/me covers a new tab, where the flag is
 * missing.
 */
export function ImpersonationBanner({ redirect = assignLocation }: { redirect?: Redirect }) {
  const { data: user } = useCurrentUser();
  const [flagged, setFlagged] = useState(isImpersonatingFlagSet);
  const [dismissed, setDismissed] = useState(false);
  const end = useEndImpersonation();
  const impersonatedBy = user?.impersonatedBy ?? null;

  useEffect(() => {
    if (impersonatedBy === null || dismissed) return;
    markImpersonating(impersonatedBy);
    setFlagged(true);
  }, [impersonatedBy, dismissed]);

  const shown = !dismissed && (flagged || impersonatedBy !== null);
  const banner = useRef<HTMLDivElement>(null);
  useBannerHeightVariable(banner, shown);

  if (!shown) return null;

  const returnToAdmin = async () => {
    try {
      await end.mutateAsync();
      clearImpersonating();
      redirect('/admin');
    } catch (error) {
      if (isNotImpersonating(error)) {
        clearImpersonating();
        setDismissed(true);
        return;
      }
      toast({
        variant: 'destructive',
        title: toastMessages.endImpersonationFailed,
        description: serverMessage(error),
      });
    }
  };

  return (
    <div
      ref={banner}
      role="region"
      aria-label="Impersonation"
      className="relative z-40 border-b border-yellow-300 bg-yellow-100 text-yellow-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          <ArrowLeftRight className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 truncate">
            {impersonatedBy !== null && user
              ? fillMessage(adminToastMessages.impersonationViewingAs, { username: user.username })
              : adminToastMessages.impersonationBanner}
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-yellow-400 bg-yellow-50 text-yellow-950 hover:bg-yellow-200"
          disabled={end.isPending}
          onClick={() => void returnToAdmin()}
        >
          {end.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
          {adminToastMessages.returnToAdmin}
        </Button>
      </div>
    </div>
  );
}

/**
 * Publishes the banner's height as --impersonation-banner-height, so full-height pages (Home) can
 * subtract it instead of pushing their bottom edge below the screen.
 */
function useBannerHeightVariable(banner: RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const root = document.documentElement.style;
    const element = banner.current;
    if (!shown || !element) {
      root.removeProperty(BANNER_HEIGHT_VARIABLE);
      return;
    }
    const publish = () => root.setProperty(BANNER_HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(BANNER_HEIGHT_VARIABLE);
    };
  }, [banner, shown]);
}

const BANNER_HEIGHT_VARIABLE = '--impersonation-banner-height';
