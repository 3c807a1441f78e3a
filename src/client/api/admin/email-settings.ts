import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { emailLogSchema, emailSettingsSchema, type EmailSettingsInput } from '../../../common/admin-settings-schemas';
import { messageResponseSchema } from '../../../common/user-schemas';
import { apiList, apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';
import { ADMIN_PAGE_SIZE, listQuery } from './paging';

// Email settings, the test email and the email logs (docs/product.md, "Admin calls"). Keys start with the
// request path.

export const EMAIL_SETTINGS_PATH = '/api/admin/email-settings';
export const TEST_EMAIL_PATH = '/api/admin/send-test-email';
export const EMAIL_LOGS_PATH = '/api/admin/email-logs';
export const emailSettingsKey = [EMAIL_SETTINGS_PATH] as const;

export function useEmailSettings() {
  return useQuery({
    queryKey: emailSettingsKey,
    queryFn: async ({ signal }) =>
      parseResponse(emailSettingsSchema, await apiRequest('GET', EMAIL_SETTINGS_PATH, undefined, { signal })),
  });
}

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: EmailSettingsInput) =>
      parseResponse(messageResponseSchema, await apiRequest('POST', EMAIL_SETTINGS_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailSettingsKey }),
  });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      parseResponse(messageResponseSchema, await apiRequest('POST', TEST_EMAIL_PATH, { email })),
    // The test email is logged (sent or written to the outbox), so the logs tab is now out of date.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EMAIL_LOGS_PATH] }),
  });
}

export function useEmailLogs(search: string, offset: number) {
  return useQuery({
    queryKey: [EMAIL_LOGS_PATH, { search, limit: ADMIN_PAGE_SIZE, offset }],
    queryFn: async ({ signal }) => {
      const query = listQuery({ search: search.trim(), limit: ADMIN_PAGE_SIZE, offset });
      const { items, total } = await apiList<unknown>(`${EMAIL_LOGS_PATH}${query}`, { signal });
      return { items: parseResponse(z.array(emailLogSchema), items), total };
    },
    placeholderData: keepPreviousData,
  });
}
