import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModelKey } from '../../common/models';
import { modelVersionsSchema, type ModelVersions } from '../../common/query-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// GET /api/model-versions/{model} (issue 17, item 1): the versions the caller's key can use, from the
// vendor's own list. Only the API key dialog asks, so this file (and zod) loads with it.

export const modelVersionsPath = (model: ModelKey) => `/api/model-versions/${model}`;

async function fetchModelVersions(model: ModelKey, refresh: boolean, signal?: AbortSignal): Promise<ModelVersions> {
  const url = `${modelVersionsPath(model)}${refresh ? '?refresh=true' : ''}`;
  return parseResponse(modelVersionsSchema, await apiRequest('GET', url, undefined, { signal }));
}

export function useModelVersions(model: ModelKey) {
  return useQuery({
    queryKey: [modelVersionsPath(model)],
    queryFn: ({ signal }) => fetchModelVersions(model, false, signal),
  });
}

/** An administrator's "read the list again now". */
export function useRefreshModelVersions(model: ModelKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchModelVersions(model, true),
    onSuccess: (fresh) => queryClient.setQueryData([modelVersionsPath(model)], fresh),
  });
}
