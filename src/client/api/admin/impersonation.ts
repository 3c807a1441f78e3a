import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

export const endImpersonationPath = '/api/admin/end-impersonation';

export async function endImpersonation() {
  const answer = await apiRequest('POST', endImpersonationPath);
  // The banner offering this is on every page; the schema, and zod with it, load only when it is used
  // (docs/performance.md, "Home page weight").
  const { endImpersonationResponseSchema } = await import('../../../common/admin-user-schemas');
  return parseResponse(endImpersonationResponseSchema, answer);
}

export function useEndImpersonation() {
  return useMutation({ mutationFn: endImpersonation });
}
