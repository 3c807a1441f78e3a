import { queryOptions } from '@tanstack/react-query';
import { sharedReportSchema, shareStateSchema, type ShareState } from '../../common/share-schemas';
import { apiRequest } from '../lib/api';
import { parseResponse } from './parse';

// Share (issue 14, item 1): a question's public link, made, read and revoked by its owner, and the report a
// link shows. Keys are the request paths, as for every other call.

const sharePath = (queryId: number, sessionId: string) =>
  `/api/query/${queryId}/share?sessionId=${encodeURIComponent(sessionId)}`;

export function shareStateOptions(queryId: number, sessionId: string) {
  return queryOptions<ShareState>({
    queryKey: [sharePath(queryId, sessionId)],
    queryFn: async ({ signal }) =>
      parseResponse(shareStateSchema, await apiRequest('GET', sharePath(queryId, sessionId), undefined, { signal })),
  });
}

export async function createShare(queryId: number, sessionId: string): Promise<ShareState> {
  return parseResponse(shareStateSchema, await apiRequest('POST', `/api/query/${queryId}/share`, { sessionId }));
}

export async function revokeShare(queryId: number, sessionId: string): Promise<ShareState> {
  return parseResponse(shareStateSchema, await apiRequest('DELETE', sharePath(queryId, sessionId)));
}

const sharedReportPath = (slug: string) => `/api/shared/${encodeURIComponent(slug)}`;

export function sharedReportOptions(slug: string) {
  return queryOptions({
    queryKey: [sharedReportPath(slug)],
    queryFn: async ({ signal }) =>
      parseResponse(sharedReportSchema, await apiRequest('GET', sharedReportPath(slug), undefined, { signal })),
    // A missing or revoked link stays missing: asking again at once would only repeat the 404.
    retry: false,
  });
}
