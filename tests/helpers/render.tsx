import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from '../../src/client/components/ui/toaster';
import { createQueryClient } from '../../src/client/lib/query-client';

/**
 * Renders a page inside the app's real providers (query client, router, toaster) at `path`.
 * `routes` adds stand-in pages so a test can see where a redirect went.
 */
export function renderPage(
  element: ReactElement,
  { path = '/', at = path, routes = [] }: { path?: string; at?: string; routes?: RouteObject[] } = {},
) {
  const queryClient: QueryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [at] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
