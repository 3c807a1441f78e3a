import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stripeKeysSchema, webhookKeySchema, type StripeKeysInput } from '../../../common/admin-settings-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';
import { plansKey } from './subscriptions';

// Stripe keys, mode, price ids and Payment Links, and the webhook API key (docs/product.md, "Admin calls").

export const STRIPE_KEYS_PATH = '/api/admin/stripe-keys';
export const WEBHOOK_KEY_PATH = '/api/admin/webhook-key';
export const GENERATE_WEBHOOK_KEY_PATH = '/api/admin/generate-webhook-key';
export const stripeKeysKey = [STRIPE_KEYS_PATH] as const;
export const webhookKeyKey = [WEBHOOK_KEY_PATH] as const;

export function useStripeKeys() {
  return useQuery({
    queryKey: stripeKeysKey,
    queryFn: async ({ signal }) =>
      parseResponse(stripeKeysSchema, await apiRequest('GET', STRIPE_KEYS_PATH, undefined, { signal })),
  });
}

export function useSaveStripeKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StripeKeysInput) => apiRequest('POST', STRIPE_KEYS_PATH, body),
    onSuccess: async () => {
      // Price ids and Payment Links show on the plans too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stripeKeysKey }),
        queryClient.invalidateQueries({ queryKey: plansKey }),
      ]);
    },
  });
}

export function useWebhookKey() {
  return useQuery({
    queryKey: webhookKeyKey,
    queryFn: async ({ signal }) =>
      parseResponse(webhookKeySchema, await apiRequest('GET', WEBHOOK_KEY_PATH, undefined, { signal })),
  });
}

/** Answers the new key whole, once; the stored one is read back masked. */
export function useGenerateWebhookKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { apiKey } = parseResponse(webhookKeySchema, await apiRequest('POST', GENERATE_WEBHOOK_KEY_PATH));
      if (!apiKey) throw new Error('No key was generated');
      return apiKey;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeyKey }),
  });
}
