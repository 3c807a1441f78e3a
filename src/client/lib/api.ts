import { TOTAL_COUNT_HEADER } from '../../common/list-headers';
import { toastMessages } from '../../common/messages';

// The one place where the error rules (docs/product.md, "Errors and messages") live: every call goes
// through apiRequest, and every failure becomes an ApiError the screens can read without parsing bodies themselves.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own `message`, when it sent one. */
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 402 on any call (docs/product.md, "Errors and messages"). */
  get subscriptionRequired(): boolean {
    return this.status === 402;
  }

  get apiConfigurationRequired(): boolean {
    return this.status === 400 && isRecord(this.body) && this.body.apiConfigurationRequired === true;
  }

  get missingServices(): string[] {
    return isRecord(this.body) && Array.isArray(this.body.missingServices) ? this.body.missingServices.map(String) : [];
  }

  /** Field name to first message, when the server rejected a form's values. */
  get fieldErrors(): Record<string, string> {
    return isRecord(this.body) && isRecord(this.body.errors) ? (this.body.errors as Record<string, string>) : {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A failed (non-OK) response as the ApiError every screen reads (docs/product.md, "Errors and messages"). */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page, say): the raw text is what the user gets to see.
  }
  if (res.status === 402) {
    return new ApiError(402, toastMessages.subscriptionRequired, toastMessages.subscriptionRequired, body);
  }
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
  return new ApiError(res.status, `${res.status}: ${serverMessage ?? (text || res.statusText)}`, serverMessage, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends JSON with the session cookie and no caching; resolves to the parsed answer or throws ApiError. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  return (await apiExchange<T>(method, path, body, init)).data;
}

/** A GET of a paged list: the items and the server's X-Total-Count (the item count when it sent none). */
export async function apiList<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ items: T[]; total: number; headers: Headers }> {
  const { data, headers } = await apiExchange<T[]>('GET', path, undefined, init);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    items: data,
    total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : data.length,
    headers,
  };
}

async function apiExchange<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  init: RequestInit,
): Promise<{ data: T; headers: Headers }> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        ...init.headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, 'Network error: check your connection and try again.', undefined, undefined);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return { data: undefined as T, headers: res.headers };
  const type = res.headers.get('content-type') ?? '';
  const data = (type.includes('application/json') ? await res.json() : await res.text()) as T;
  return { data, headers: res.headers };
}

/** The text a toast shows for a failed call: the server's message, else the screen's own fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The server's own message when it sent one; the screen's fallback for anything else (never a stack or a parse error). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
