import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** Stands in for a page that a later release builds, and says so. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          <Construction className="size-10 text-muted-foreground" aria-hidden />
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description} This page is not available yet.</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button asChild variant="outline">
            <Link to="/">Back to Parallax</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
