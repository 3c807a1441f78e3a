import { useEffect } from 'react';
import { Link } from 'react-router';
import { notFoundDocumentTitle } from '../../../common/routes';
import { Button } from '../../components/ui/button';

export function NotFoundPage() {
  // Also drawn on listed routes (the emergency pages while switched off): the tab says 404 there too.
  useEffect(() => {
    document.title = notFoundDocumentTitle;
  }, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">404 Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
