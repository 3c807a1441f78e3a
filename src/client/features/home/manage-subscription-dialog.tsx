import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { planLabel } from '../../lib/format';
import { CancelTab, ResumeTab } from './cancel-resume-tab';
import { useBillingSubscription } from '../../api/billing-subscription';
import { UpgradePlans } from './upgrade-plans';

/**
 * 'Manage Subscription' (docs/product.md, "Home page"): two tabs, Upgrade Subscription and Cancel Subscription,
 * or Resume Subscription while the subscription is set to end. `onChanged` runs after a cancel or
 * resume went through.
 */
export function ManageSubscriptionDialog({
  user,
  onChanged,
  trigger,
  defaultOpen = false,
}: {
  user: PublicUser;
  onChanged: () => void;
  trigger: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [tab, setTab] = useState('upgrade');
  const billing = useBillingSubscription({ enabled: open });
  const cancelling =
    user.subscriptionStatus === 'pending_cancellation' ||
    billing.data?.status === 'pending_cancellation' ||
    billing.data?.cancelAtPeriodEnd === true;

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) setTab('upgrade');
  };
  const done = () => {
    setOpen(false);
    onChanged();
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Manage Subscription</DialogTitle>
          <DialogDescription>
            {planLabel(user.subscriptionTier)} plan{cancelling ? ', set to end at the close of this period' : ''}.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid h-auto w-full grid-cols-2">
            <TabsTrigger value="upgrade" className="whitespace-normal">
              Upgrade Subscription
            </TabsTrigger>
            <TabsTrigger value="change" className="whitespace-normal">
              {cancelling ? 'Resume Subscription' : 'Cancel Subscription'}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="upgrade">
            <UpgradePlans tier={user.subscriptionTier} billing={billing.data} />
          </TabsContent>
          <TabsContent value="change">
            {billing.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner label="Loading subscription" />
              </div>
            ) : cancelling ? (
              <ResumeTab billing={billing.data} onDone={done} />
            ) : (
              <CancelTab billing={billing.data} onDone={done} />
            )}
          </TabsContent>
        </Tabs>
        <DialogFooter className="sm:justify-start">
          <Button asChild variant="link" size="sm">
            <Link to="/billing">
              <ExternalLink aria-hidden />
              Billing details
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
