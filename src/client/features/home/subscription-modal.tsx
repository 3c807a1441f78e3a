import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { toastMessages } from '../../../common/messages';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

/** The subscription-check modal: shown on a 402 and when the last free question has been used. */
export function SubscriptionModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
            <Sparkles className="size-5" aria-hidden />
          </span>
          <DialogTitle>{toastMessages.subscriptionRequired}</DialogTitle>
          <DialogDescription>
            You have used all of your free questions. Choose a plan to keep comparing answers from the leading AI
            models.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Maybe later</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/pricing">View Plans</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
