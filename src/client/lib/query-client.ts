import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api';

/** The data cache: the request path is the key (docs/product.md, "Cache and timing rules"). */
export const pathQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest('GET', String(queryKey[0]), undefined, { signal });

/** Like pathQueryFn (with `init`'s extra headers), but a 401 means "nobody is signed in" and resolves to null. */
export function nullOn401<T>(init: RequestInit = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return ((await apiRequest('GET', String(queryKey[0]), undefined, { ...init, signal })) as T | null) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  // By default (docs/product.md, "Cache and timing rules"): no retry, no refetch on focus, no polling, never stale
  // on its own.
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: pathQueryFn, retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
