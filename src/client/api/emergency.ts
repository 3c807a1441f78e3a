import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  EMERGENCY_TOKEN_HEADER,
  EMERGENCY_TOKEN_STORAGE_KEY,
  type CreateEmergencyAdminInput,
  type ForceLoginResponse,
  type ListAdminsResponse,
  type PasswordCompareInput,
  type PasswordCompareResult,
} from '../../common/emergency-schemas';
import { serverMessages } from '../../common/messages';
import { ApiError, apiRequest, type HttpMethod } from '../lib/api';
import { currentUserKey } from './auth';

export const adminsKey = ['/api/list-all-admins'] as const;

function readToken(): string | null {
  try {
    return sessionStorage.getItem(EMERGENCY_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The emergency token, kept for this tab only so both pages share it and it dies with the tab. */
export function useEmergencyToken() {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(readToken);
  const change = useCallback(
    (next: string | null) => {
      try {
        if (next) sessionStorage.setItem(EMERGENCY_TOKEN_STORAGE_KEY, next);
        else sessionStorage.removeItem(EMERGENCY_TOKEN_STORAGE_KEY);
      } catch {
        // Storage can be switched off; the token then lasts as long as the page.
      }
      // Answers fetched with another token must not be shown under this one.
      queryClient.removeQueries({ queryKey: adminsKey });
      setTokenState(next);
    },
    [queryClient],
  );
  return { token, setToken: change, forgetToken: useCallback(() => change(null), [change]) };
}

function emergencyRequest<T>(method: HttpMethod, path: string, token: string, body?: unknown, signal?: AbortSignal) {
  return apiRequest<T>(method, path, body, { headers: { [EMERGENCY_TOKEN_HEADER]: token }, signal });
}

/** The server answers the plain 'Not found' of an unknown path: it runs without the emergency token. */
export function isFeatureOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.serverMessage === serverMessages.notFound;
}

export function isTokenRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function useEmergencyAdmins(token: string | null) {
  return useQuery({
    queryKey: adminsKey,
    queryFn: ({ signal }) => emergencyRequest<ListAdminsResponse>('GET', adminsKey[0], token!, undefined, signal),
    enabled: Boolean(token),
  });
}

export function useComparePassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordCompareInput) =>
      emergencyRequest<PasswordCompareResult>('POST', '/api/debug-password-compare', token, input),
    // The answer carries the admin list as the server sees it now.
    onSuccess: (result) => queryClient.setQueryData<ListAdminsResponse>(adminsKey, { adminUsers: result.adminUsers }),
  });
}

export function useForceLogin(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => emergencyRequest<ForceLoginResponse>('POST', `/api/force-admin-login/${id}`, token),
    onSuccess: ({ user }) => {
      // A new identity: nothing cached for the previous one may show up under it.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== currentUserKey[0] && query.queryKey[0] !== adminsKey[0],
      });
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

export function useCreateEmergencyAdmin(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEmergencyAdminInput) =>
      emergencyRequest<{ id: number }>('POST', '/api/create-emergency-admin', token, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsKey }),
  });
}
