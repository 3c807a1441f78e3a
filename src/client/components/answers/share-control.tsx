import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, ExternalLink, Link2Off, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ShareState } from '../../../common/share-schemas';
import { createShare, revokeShare, shareStateOptions } from '../../api/share';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Input } from '../ui/input';
import { toast } from '../ui/toast-store';
import { errorText } from '../../lib/api';

// Share (issue 14, item 1; docs/product.md, "Share"): the owner makes a public read-only link to the question,
// copies it, and can stop sharing, after which the link answers 'not found'.

export function ShareControl({ queryId, sessionId }: { queryId: number; sessionId: string }) {
  const queryClient = useQueryClient();
  const options = shareStateOptions(queryId, sessionId);
  const state = useQuery(options);
  const [confirming, setConfirming] = useState(false);
  const linkId = useId();
  const show = (next: ShareState) => queryClient.setQueryData(options.queryKey, next);
  const share = useMutation({
    mutationFn: () => createShare(queryId, sessionId),
    onSuccess: (next) => {
      show(next);
      if (next.share) void copy(next.share.url);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not share', description: errorText(error, 'Please try again.') }),
  });
  const revoke = useMutation({
    mutationFn: () => revokeShare(queryId, sessionId),
    onSuccess: (next) => {
      show(next);
      toast({ variant: 'success', title: 'Sharing stopped', description: 'The link now answers “not found”.' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not stop sharing',
        description: errorText(error, 'Please try again.'),
      }),
  });

  const link = state.data?.share;
  if (!link) {
    return (
      <Button
        variant="outline"
        size="sm"
        className="h-8"
        onClick={() => share.mutate()}
        disabled={state.isPending || share.isPending}
      >
        <Share2 aria-hidden />
        {share.isPending ? 'Sharing…' : 'Share'}
      </Button>
    );
  }
  return (
    <div className="grid w-full gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
      <label htmlFor={linkId} className="font-medium">
        Anyone with this link can see this comparison (not your account):
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={linkId}
          readOnly
          value={link.url}
          className="h-8 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
          <Button size="sm" className="h-8" onClick={() => void copy(link.url)}>
            <Copy aria-hidden />
            Copy link
          </Button>
          <Button asChild variant="outline" size="sm" className="h-8">
            <a href={link.url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              Open
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-8"
            onClick={() => setConfirming(true)}
            disabled={revoke.isPending}
          >
            <Link2Off aria-hidden />
            Stop sharing
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Stop sharing this question?"
        description="The link stops working at once for everyone who has it. Sharing again makes a new link."
        confirmLabel="Stop sharing"
        dismissLabel="Keep sharing"
        destructive
        onConfirm={() => revoke.mutate()}
      />
    </div>
  );
}

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ variant: 'success', title: 'Link copied', description: 'The share link is on your clipboard.' });
  } catch {
    toast({ variant: 'default', title: 'Link ready', description: 'Copy it from the box below the question.' });
  }
}
