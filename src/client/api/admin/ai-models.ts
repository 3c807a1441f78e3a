import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminAiModelSchema, keyCheckSchema, webSearchSettingSchema } from '../../../common/admin-settings-schemas';
import { messageResponseSchema } from '../../../common/user-schemas';
import { modelCostSchema, modelPriceSchema, type ModelPriceInput } from '../../../common/model-prices';
import { queryOptionsPath } from '../questions';
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

/** The version the server-wide key answers with, key unchanged (the environment's, or the saved one). */
export function useSaveModelVersion() {
  return useMutation({
    mutationFn: async ({ model, version }: { model: string; version: string }) =>
      parseResponse(messageResponseSchema, await apiRequest('PUT', `${AI_MODELS_PATH}/${model}/version`, { version })),
  });
}

export const WEB_SEARCH_PATH = '/api/admin/web-search';

/** Whether questions may turn on "Search the web" (issue 17, item 2). */
export function useWebSearchSetting() {
  return useQuery({
    queryKey: [WEB_SEARCH_PATH],
    queryFn: async ({ signal }) =>
      parseResponse(webSearchSettingSchema, await apiRequest('GET', WEB_SEARCH_PATH, undefined, { signal })),
  });
}

export function useSetWebSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (allowed: boolean) =>
      parseResponse(webSearchSettingSchema, await apiRequest('PUT', WEB_SEARCH_PATH, { allowed })),
    onSuccess: (setting) => {
      queryClient.setQueryData([WEB_SEARCH_PATH], setting);
      // Home's switch follows at once in this browser.
      void queryClient.invalidateQueries({ queryKey: [queryOptionsPath] });
    },
  });
}

export const MODEL_PRICES_PATH = '/api/admin/model-prices';
export const MODEL_COSTS_PATH = '/api/admin/model-costs';

/** The price per million tokens of each model version the administrator has entered (issue 13, item 4). */
export function useModelPrices() {
  return useQuery({
    queryKey: [MODEL_PRICES_PATH],
    queryFn: async ({ signal }) =>
      parseResponse(z.array(modelPriceSchema), await apiRequest('GET', MODEL_PRICES_PATH, undefined, { signal })),
  });
}

export function useSaveModelPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ model, ...body }: ModelPriceInput & { model: string }) =>
      parseResponse(messageResponseSchema, await apiRequest('PUT', `${MODEL_PRICES_PATH}/${model}`, body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [MODEL_PRICES_PATH] });
      void queryClient.invalidateQueries({ queryKey: [MODEL_COSTS_PATH] });
    },
  });
}

/** This month's tokens and estimated vendor cost per model. */
export function useModelCosts() {
  return useQuery({
    queryKey: [MODEL_COSTS_PATH],
    queryFn: async ({ signal }) =>
      parseResponse(z.array(modelCostSchema), await apiRequest('GET', MODEL_COSTS_PATH, undefined, { signal })),
  });
}
