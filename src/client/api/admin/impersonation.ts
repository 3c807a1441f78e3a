import { useMutation } from '@tanstack/react-query';
import { endImpersonationResponseSchema } from '../../../common/admin-user-schemas';
import { apiRequest } from '../../lib/api';
import { parseResponse } from '../parse';

export const endImpersonationPath = '/api/admin/end-impersonation';

export async function endImpersonation() {
  return parseResponse(endImpersonationResponseSchema, await apiRequest('POST', endImpersonationPath));
}

export function useEndImpersonation() {
  return useMutation({ mutationFn: endImpersonation });
}
