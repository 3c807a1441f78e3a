import { testResetResponseSchema, type TestResetResponse } from '../../common/test-tools';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// POST /api/reset-user: the /test-tools page resets the caller's own account (test mode only).

export async function resetOwnAccount(): Promise<TestResetResponse> {
  return parseResponse(testResetResponseSchema, await apiRequest('POST', '/api/reset-user'));
}
