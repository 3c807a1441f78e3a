import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';

const toneClass = {
  primary: 'bg-secondary text-primary',
  success: 'bg-green-100 text-success',
  destructive: 'bg-red-100 text-destructive',
} as const;

/**
 * The centred card every account page (forgot, reset, verify) is framed in. `focusTitle` moves
 * focus to the heading when a card replaces another (form to result), so keyboard and screen
 * reader users are not left on a button that no longer exists.
 */
export function AuthCard({
  icon,
  tone = 'primary',
  title,
  description,
  focusTitle = false,
  children,
}: {
  icon: ReactNode;
  tone?: keyof typeof toneClass;
  title: string;
  description?: ReactNode;
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="items-center gap-2 text-center sm:px-8 sm:pt-8">
          <span
            className={cn('mb-2 flex size-12 items-center justify-center rounded-full [&_svg]:size-6', toneClass[tone])}
            aria-hidden
          >
            {icon}
          </span>
          <h1
            ref={titleRef}
            tabIndex={focusTitle ? -1 : undefined}
            className="text-2xl font-semibold tracking-tight outline-none"
          >
            {title}
          </h1>
          {description && <CardDescription className="text-pretty">{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="grid gap-4 sm:px-8 sm:pb-8">{children}</CardContent>}
      </Card>
    </div>
  );
}

/** A quieter line under a card's main text (the spam-folder hint, a server's own wording). */
export function AuthNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('rounded-md bg-muted px-3 py-2 text-center text-sm text-muted-foreground', className)}>
      {children}
    </p>
  );
}

/** The card that says an account step is done, with the one way on. */
export function AuthDoneCard({
  title,
  description,
  to,
  action,
}: {
  title: string;
  description: string;
  to: string;
  action: string;
}) {
  return (
    <AuthCard icon={<CircleCheck />} tone="success" title={title} description={description} focusTitle>
      <Button asChild size="lg" className="w-full">
        <Link to={to}>{action}</Link>
      </Button>
    </AuthCard>
  );
}
