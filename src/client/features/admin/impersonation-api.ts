import { useMutation } from '@tanstack/react-query';
import { endImpersonationResponseSchema } from '../../../common/admin-user-schemas';
import { apiRequest } from '../../lib/api';

export const endImpersonationPath = '/api/admin/end-impersonation';

export async function endImpersonation() {
  return endImpersonationResponseSchema.parse(await apiRequest('POST', endImpersonationPath));
}

export function useEndImpersonation() {
  return useMutation({ mutationFn: endImpersonation });
}
