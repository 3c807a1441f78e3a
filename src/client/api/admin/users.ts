import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import {
  adminUserSchema,
  loginAsResponseSchema,
  type AdminUser,
  type AdminUserUpdate,
  type AdminUsersQuery,
} from '../../../common/admin-user-schemas';
import { messageResponseSchema } from '../../../common/user-schemas';
import { REFETCH_AFTER_CHANGE_MS, SECOND_REFETCH_AFTER_MS } from '../../../common/limits';
import { apiList, apiRequest } from '../../lib/api';
import { useTimers } from '../../lib/use-timers';
import { parseResponse } from '../parse';
import { listQuery } from './paging';

// The users and sessions calls (docs/product.md, "Admin calls"). Lists are keyed by the path and
// their parameters, so every page, sort and search is its own cache entry under one prefix.

export const adminUsersPath = '/api/admin/users';
export const usersListKey = (params: AdminUsersQuery) => [adminUsersPath, params] as const;

export interface UsersPage {
  items: AdminUser[];
  total: number;
}

export async function fetchAdminUsers(params: AdminUsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { items, total } = await apiList<unknown>(`${adminUsersPath}${listQuery(params)}`, { signal });
  return { items: parseResponse(z.array(adminUserSchema), items), total };
}

export function useAdminUsers(params: AdminUsersQuery) {
  return useQuery({
    queryKey: usersListKey(params),
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    // The previous page stays on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [adminUsersPath] }), [queryClient]);
}

/** Refresh Data: every cached users and sessions list is read again. */
export const useRefreshUsers = useInvalidateUsers;

/**
 * Schedules the two follow-up refetches (docs/product.md, "Cache and timing rules") after a change (Stripe webhooks
 * and the sync can still be writing). The timers belong to the section, so closing a dialog does not cancel them.
 */
export function useRefetchAfterChange() {
  const invalidate = useInvalidateUsers();
  const later = useTimers();
  return useCallback(() => {
    later(REFETCH_AFTER_CHANGE_MS, () => {
      void invalidate();
      later(SECOND_REFETCH_AFTER_MS, () => void invalidate());
    });
  }, [invalidate, later]);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: number; update: AdminUserUpdate }) =>
      parseResponse(adminUserSchema, await apiRequest('PUT', `${adminUsersPath}/${id}`, update)),
    onSuccess: (saved) => {
      // The row shows the saved values at once; the scheduled refetches confirm them.
      queryClient.setQueriesData<UsersPage>({ queryKey: [adminUsersPath] }, (page) =>
        page ? { ...page, items: page.items.map((row) => (row.id === saved.id ? saved : row)) } : page,
      );
    },
  });
}

export function useDeleteAdminUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (id: number) =>
      parseResponse(messageResponseSchema, await apiRequest('DELETE', `${adminUsersPath}/${id}`)),
    onSuccess: () => void invalidate(),
  });
}

export function useToggleAdmin() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
      parseResponse(adminUserSchema, await apiRequest('POST', `${adminUsersPath}/${id}/toggle-admin`, { isAdmin })),
    onSuccess: () => void invalidate(),
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: async (id: number) =>
      parseResponse(messageResponseSchema, await apiRequest('POST', `${adminUsersPath}/${id}/reset-password`)),
  });
}

export function useLoginAs() {
  return useMutation({
    mutationFn: async (id: number) =>
      parseResponse(loginAsResponseSchema, await apiRequest('POST', `/api/admin/login-as/${id}`)),
  });
}
