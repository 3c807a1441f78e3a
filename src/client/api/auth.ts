import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResendVerificationInput,
  ResetPasswordInput,
  VerifyEmailResponse,
} from '../../common/auth-schemas';
import { ANONYMOUS_AS_NULL_HEADER } from '../../common/current-user';
import { CURRENT_USER_STALE_MS } from '../../common/limits';
import type { MessageResponse, PublicUser } from '../../common/user-schemas';
import { apiRequest } from '../lib/api';
import { nullOn401 } from '../lib/query-client';
import { clearSessionId, peekSessionId, regenerateSessionId } from '../lib/session-id';
import { isSubscriptionStatusKey } from './subscription-status';

import { currentUserKey } from './current-user-key';

export { currentUserKey };

/**
 * Every page load's "who is this?": asked with ANONYMOUS_AS_NULL_HEADER, so an anonymous visitor gets 200 with
 * null rather than the 401 the browser would log as a console error (decision 0044). A 401 still means nobody.
 */
const fetchCurrentUser = nullOn401<PublicUser>({ headers: { [ANONYMOUS_AS_NULL_HEADER]: '1' } });

/** The signed-in user, or null for an anonymous visitor. */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    retry: 1,
  });
}

/** Data tied to the browser's anonymous session goes stale when the caller's identity changes. */
function invalidateIdentityData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return isSubscriptionStatusKey(key) || String(key).startsWith('/api/history/');
    },
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<PublicUser>('POST', '/api/login', { ...input, sessionId: input.sessionId ?? peekSessionId() }),
    onSuccess: async (user) => {
      clearSessionId();
      queryClient.setQueryData(currentUserKey, user);
      await invalidateIdentityData(queryClient);
    },
  });
}

/**
 * Signs nobody in, and answers the same whether or not the address had an account (decision 0035).
 * A new account takes over the browser's anonymous questions, so their counts are read again; the
 * browser keeps its session id until someone signs in here.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      apiRequest<MessageResponse>('POST', '/api/register', {
        ...input,
        sessionId: input.sessionId ?? peekSessionId(),
      }),
    onSuccess: () => invalidateIdentityData(queryClient),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', '/api/logout'),
    onSuccess: () => {
      regenerateSessionId();
      // Nothing cached for the old identity may leak into the next one. The current-user entry is
      // set rather than removed, so the screens observing it redraw as signed out at once.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => apiRequest<MessageResponse>('POST', '/api/forgot-password', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest<MessageResponse>('POST', '/api/reset-password', input),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<VerifyEmailResponse>('GET', `/api/verify-email/${encodeURIComponent(token)}`),
    // A signed-out browser is signed in by the link (decision 0035): then it is a sign-in, as useLogin's.
    onSuccess: async () => {
      const wasSignedIn = Boolean(queryClient.getQueryData(currentUserKey));
      // Refetched where a screen shows the user (the header does, on every page).
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      if (wasSignedIn || !queryClient.getQueryData(currentUserKey)) return;
      clearSessionId();
      await invalidateIdentityData(queryClient);
    },
  });
}

/** Signed in: no input, for the caller's account. Signed out: the address, answered neutrally (decision 0042). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (input?: ResendVerificationInput) =>
      apiRequest<MessageResponse>('POST', '/api/resend-verification', input),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<MessageResponse>('POST', '/api/change-password', input),
  });
}
