import { useId } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../common/user-schemas';
import { useLeaderboardContribution } from '../../api/profile';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';

// The leaderboard switch (issue 14, item 4): the figures count every compared question; this decides only
// whether the user's own questions may appear there as examples. The privacy page says the same.

export function LeaderboardSetting({ user }: { user: PublicUser }) {
  const change = useLeaderboardContribution();
  const id = useId();
  const hintId = useId();
  const checked = change.isPending ? change.variables : user.contributesToLeaderboard;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold tracking-tight">Public leaderboard</h2>
        <CardDescription>
          The{' '}
          <Link to="/leaderboard" className="font-medium text-primary underline underline-offset-2">
            reliability leaderboard
          </Link>{' '}
          counts every compared question in its totals, without saying who asked.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Checkbox
            id={id}
            aria-describedby={hintId}
            className="mt-0.5"
            checked={checked}
            disabled={change.isPending}
            onCheckedChange={(on) =>
              change.mutate(on === true, {
                onSuccess: (saved) =>
                  toast({
                    variant: 'success',
                    title: 'Saved',
                    description: saved.contributesToLeaderboard
                      ? 'Your disputed questions may be shown on the leaderboard.'
                      : 'Your questions will not be shown on the leaderboard.',
                  }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not save',
                    description: errorText(error, 'Please try again.'),
                  }),
              })
            }
          />
          <div className="grid gap-1">
            <Label htmlFor={id}>Show my disputed questions on the leaderboard</Label>
            <p id={hintId} className="text-sm text-muted-foreground">
              When on, the text of a question where the models contradicted each other may appear among the
              leaderboard’s examples, without your name. Turn it off and none of your questions are shown; they are
              still counted in the totals.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
