import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FullPageLoading } from '../../components/layout/guards';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useCurrentUser } from '../../api/auth';
import { SupportForm } from './support-form';
import { SupportHelp } from './support-help';

function SentConfirmation({ reply, email, onAnother }: { reply: string; email: string; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form (and its focused button) just disappeared; keyboard and screen-reader users land here.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden />
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          Message sent
        </h2>
        <p className="max-w-md text-muted-foreground">{reply}</p>
        <p className="text-sm text-muted-foreground">
          We will reply to <span className="font-medium text-foreground break-all">{email}</span>.
        </p>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link to="/">Back to Parallax</Link>
          </Button>
          <Button variant="outline" onClick={onAnother}>
            Send another message
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function SupportPage() {
  const { data: user, isLoading } = useCurrentUser();
  const [sent, setSent] = useState<{ reply: string; email: string } | null>(null);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <div className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Contact Support</h1>
        <p className="mt-1 text-muted-foreground">
          Questions about your account, a subscription or an answer you got? Write to us and we will reply by email.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {sent ? (
          <SentConfirmation reply={sent.reply} email={sent.email} onAnother={() => setSent(null)} />
        ) : isLoading ? (
          // Waiting lets the form start with the signed-in user's name and email already filled in.
          <FullPageLoading />
        ) : (
          <SupportForm user={user} onSent={(reply, email) => setSent({ reply, email })} />
        )}
        <aside aria-label="Support information">
          <SupportHelp />
        </aside>
      </div>
    </div>
  );
}
