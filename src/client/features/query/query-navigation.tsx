import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { Neighbours } from './use-query-detail';

export function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
      <Link to="/">
        <ArrowLeft aria-hidden />
        Back to Dashboard
      </Link>
    </Button>
  );
}

/**
 * Previous goes to the older question, Next to the newer one (session history order). A link with
 * nowhere to go is left out; an empty slot keeps the other link on its side.
 */
export function QueryNeighbourLinks({ neighbours }: { neighbours: Neighbours }) {
  const { previousId, nextId } = neighbours;
  if (previousId === null && nextId === null) return null;
  return (
    <nav aria-label="Session history" className="flex items-center justify-between gap-2 sm:justify-end">
      {previousId !== null ? (
        <Button asChild variant="outline" size="sm">
          <Link to={`/query/${previousId}`} data-testid="previous-query">
            <ChevronLeft aria-hidden />
            Previous Query
          </Link>
        </Button>
      ) : (
        <span aria-hidden />
      )}
      {nextId !== null ? (
        <Button asChild variant="outline" size="sm">
          <Link to={`/query/${nextId}`} data-testid="next-query">
            Next Query
            <ChevronRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <span aria-hidden />
      )}
    </nav>
  );
}
