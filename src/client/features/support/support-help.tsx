import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function SupportHelp() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Good to know</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="font-medium">When will I hear back?</dt>
            <dd className="text-muted-foreground">We answer by email, typically within one business day.</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium">A billing question?</dt>
            <dd className="text-muted-foreground">
              Write from the email address on your account so we can find your subscription quickly.
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium">Forgot your password?</dt>
            <dd className="text-muted-foreground">
              You can reset it yourself on the{' '}
              <Link to="/forgot-password" className={linkClass}>
                password reset page
              </Link>
              .
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
