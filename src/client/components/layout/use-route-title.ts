import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle } from '../../../common/routes';

/** Names the browser tab after the route on screen (the table in src/common/routes.ts). */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  // A layout effect, so that a page naming itself in its own (passive) effect, as the 404 page does, wins.
  useLayoutEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
