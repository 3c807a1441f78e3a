import { useMutation } from '@tanstack/react-query';
import type { SupportRequestInput } from '../../common/auth-schemas';
import { messageResponseSchema, type MessageResponse } from '../../common/user-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

export async function sendSupportRequest(input: SupportRequestInput): Promise<MessageResponse> {
  return parseResponse(messageResponseSchema, await apiRequest('POST', '/api/support', input));
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
