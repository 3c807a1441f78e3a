import {
  streamEventSchema,
  type QueryRequest,
  type RetryRequest,
  type SettleRequest,
  type FollowUpRequest,
  type StopRequest,
  type StreamEvent,
} from '../../common/query-schemas';
import { ApiError, apiRequest, toApiError } from '../lib/api';

// POST /api/query/stream and POST /api/query/:id/retry: refusals (400 keys missing, 402 no questions
// left, ...) arrive as an ordinary JSON error before the stream opens and become the same ApiError as
// any other call; after that the body is Server-Sent Events, `event: <type>` and `data: <StreamEvent JSON>`.

/** The events of the complete frames in `buffer`, and what is left over for the next chunk. */
export function parseSseFrames(buffer: string): { events: StreamEvent[]; rest: string } {
  const frames = buffer.split(/\r?\n\r?\n/);
  const rest = frames.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const frame of frames) {
    const data = frame
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) continue;
    try {
      const parsed = streamEventSchema.safeParse(JSON.parse(data));
      // An event this client does not know is skipped rather than breaking the whole answer.
      if (parsed.success) events.push(parsed.data);
    } catch {
      // Not JSON: skipped for the same reason.
    }
  }
  return { events, rest };
}

/** POST /api/query/stream: asks the question; the answers arrive as events. */
export function streamQuestion(
  request: QueryRequest,
  options: { onEvent: (event: StreamEvent) => void; signal?: AbortSignal },
): Promise<void> {
  return streamEvents('/api/query/stream', request, options);
}

/** POST /api/query/:id/retry: asks one model of a saved question again; its answer arrives as events. */
export function streamRetry(
  queryId: number,
  request: RetryRequest,
  options: { onEvent: (event: StreamEvent) => void; signal?: AbortSignal },
): Promise<void> {
  return streamEvents(`/api/query/${queryId}/retry`, request, options);
}

/** POST /api/query/:id/follow-up: a follow-up turn; its answers arrive as a question's do. */
export function streamFollowUp(
  queryId: number,
  request: FollowUpRequest,
  options: { onEvent: (event: StreamEvent) => void; signal?: AbortSignal },
): Promise<void> {
  return streamEvents(`/api/query/${queryId}/follow-up`, request, options);
}

/** POST /api/query/:id/settle: re-checks one disagreement; the models' replies arrive as events. */
export function streamSettle(
  queryId: number,
  request: SettleRequest,
  options: { onEvent: (event: StreamEvent) => void; signal?: AbortSignal },
): Promise<void> {
  return streamEvents(`/api/query/${queryId}/settle`, request, options);
}

/** POST /api/query/stream/:streamId/stop: stops one model of a stream, or all of them. */
export async function stopStream(streamId: string, request: StopRequest): Promise<void> {
  await apiRequest('POST', `/api/query/stream/${encodeURIComponent(streamId)}/stop`, request);
}

async function streamEvents(
  url: string,
  request: unknown,
  { onEvent, signal }: { onEvent: (event: StreamEvent) => void; signal?: AbortSignal },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Network error: check your connection and try again.', undefined, undefined);
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new ApiError(response.status, 'The server sent no answer.', undefined, undefined);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() + '\n\n' : decoder.decode(value, { stream: true });
    const { events, rest } = parseSseFrames(buffer);
    buffer = rest;
    for (const event of events) onEvent(event);
    if (done) return;
  }
}
