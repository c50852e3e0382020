import { ApiError, errorFrom, isRecord } from '../../api/http';
import { errorLanguage, problemText } from '../../i18n/error-text';
import { adminSession, type SessionStore } from '../session/session';

// The one way the back office calls the admin API: the stored token as a bearer header, JSON in
// and out, the version edited as If-Match, errors as ApiError with the server's `message`. A 401 on
// a request that carried a token means the token is no longer good (expired, the admin deleted,
// the password changed): the admin is signed out, and the shell sends them to sign in again.

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body, or FormData for a multipart upload. */
  body?: unknown;
  /** The version of the item the screen showed (its ETag), sent as If-Match. */
  version?: number;
  signal?: AbortSignal;
}

export function createAdminClient(session: SessionStore, fetcher: typeof fetch = (...args) => fetch(...args)) {
  /** The raw answer of a successful call (for downloads); throws ApiError otherwise. */
  async function call(path: string, request: AdminRequest = {}): Promise<Response> {
    const token = session.get().session?.token;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (request.version !== undefined) headers['If-Match'] = `"${request.version}"`;
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const response = await fetcher(path, { method: request.method ?? 'GET', headers, body, signal: request.signal });
    if (response.ok) return response;
    if (response.status === 401 && token) session.refused(token);
    throw await errorFrom(response);
  }

  /** A JSON answer. */
  async function json<T>(path: string, request?: AdminRequest): Promise<T> {
    const response = await call(path, request);
    if (!(response.headers.get('content-type') ?? '').includes('json')) {
      throw new ApiError('Unexpected response from the server', response.status);
    }
    return (await response.json()) as T;
  }

  return { call, json };
}

export const adminApi = createAdminClient(adminSession);

/** Admin queries retry once after a network failure or a server error, never after a refusal (4xx). */
export const adminRetry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

/** A 409 on a stale If-Match (docs/architecture.md#commands): who changed the item, when, and its version now. */
export interface Conflict {
  message: string;
  changedBy: string;
  changedAt: string;
  version: number;
}

export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.body)) return null;
  const { changedBy, changedAt, version } = error.body;
  if (typeof changedBy !== 'string' || typeof changedAt !== 'string' || typeof version !== 'number') return null;
  return { message: failureMessage(error, error.message), changedBy, changedAt, version };
}

/**
 * What a failed write says: why the server refused it, by its code in the admin's language
 * (error-text.ts), else the screen's fallback (a server error, a signed-out admin, a code unknown).
 */
export function failureMessage(error: unknown, fallback: string): string {
  const intl = errorLanguage();
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
  return refused && intl && error.problem ? (problemText(intl, error.problem) ?? fallback) : fallback;
}
