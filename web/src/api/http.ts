/** An HTTP failure with the server's human message when it sent one, and its body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body of the answer, when it had one. */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message, else 'Error {status}: {text}'. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Error ${response.status}: ${response.statusText || 'Request failed'}`;
  let body: unknown;
  try {
    body = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      message = body.message;
    }
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(message, response.status, body);
}

async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw await errorFrom(response);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new ApiError('Unexpected response from the server', response.status);
  return (await response.json()) as T;
}

/** GET a JSON resource from the backend (same origin). Throws ApiError on a non-2xx answer. */
export async function getJson<T = unknown>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: init.signal });
  return readJson<T>(response);
}

/** POST a JSON body to the backend (same origin). Throws ApiError on a non-2xx answer. */
export async function postJson<T = unknown>(
  path: string,
  body: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: init.signal,
  });
  return readJson<T>(response);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
