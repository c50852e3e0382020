/** An HTTP failure with the server's human message when it sent one (SPEC/DESIGN §6). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Error ${response.status}: ${response.statusText || 'Request failed'}`;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      message = body.message;
    }
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(message, response.status);
}

/** GET a JSON resource from the backend (same origin). Throws ApiError on a non-2xx answer. */
export async function getJson<T = unknown>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: init.signal });
  if (!response.ok) throw await errorFrom(response);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new ApiError('Unexpected response from the server', response.status);
  return (await response.json()) as T;
}
