import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminAiModelSchema, keyCheckSchema } from '../../../common/admin-settings-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

// The AI models' keys for everyone and the key check (issue 17, item 4; docs/product.md, "Admin calls").

export const AI_MODELS_PATH = '/api/admin/ai-models';

export function useAiModels() {
  return useQuery({
    queryKey: [AI_MODELS_PATH],
    queryFn: async ({ signal }) =>
      parseResponse(z.array(adminAiModelSchema), await apiRequest('GET', AI_MODELS_PATH, undefined, { signal })),
  });
}

export function useCheckKey() {
  return useMutation({
    mutationFn: async (model: string) =>
      parseResponse(keyCheckSchema, await apiRequest('POST', `${AI_MODELS_PATH}/${model}/check`)),
  });
}
