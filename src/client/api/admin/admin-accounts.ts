import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminAccountSchema, type CreateAdminInput } from '../../../common/admin-settings-schemas';
import { adminUserSchema } from '../../../common/admin-user-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

// Administrator accounts (docs/product.md, "Admin calls"). The key is the request path.

export const ADMIN_USERS_PATH = '/api/admin/admin-users';
export const adminAccountsKey = [ADMIN_USERS_PATH] as const;

export function useAdminAccounts() {
  return useQuery({
    queryKey: adminAccountsKey,
    queryFn: async ({ signal }) =>
      parseResponse(z.array(adminAccountSchema), await apiRequest('GET', ADMIN_USERS_PATH, undefined, { signal })),
  });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAdminInput) =>
      parseResponse(adminUserSchema, await apiRequest('POST', ADMIN_USERS_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountsKey }),
  });
}

/** Takes the admin role away; the account itself stays. */
export function useRemoveAdminRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${ADMIN_USERS_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountsKey }),
  });
}
