import { Loader2 } from 'lucide-react';
import { queryMessages } from '../../../common/query-messages';
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
import { toast } from '../../components/ui/toast-store';
import { useClearHistory } from '../../api/history-changes';

// The confirmation before the history is deleted; session-history.tsx loads it when first asked for.

export function ClearHistoryDialog({
  open,
  onOpenChange,
  sessionId,
  onCleared,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: string;
  onCleared: () => void;
}) {
  const clear = useClearHistory(sessionId);

  function confirm() {
    clear.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        onCleared();
        toast({ variant: 'success', title: queryMessages.historyCleared });
      },
      onError: () => {
        onOpenChange(false);
        toast({ variant: 'destructive', title: queryMessages.clearHistoryFailed });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Clear all history?</DialogTitle>
          <DialogDescription>
            Every question in your session history and its answers will be deleted. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={clear.isPending}>
            {clear.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Clear
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
