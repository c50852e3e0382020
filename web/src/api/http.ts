/** A problem as the API names it: a stable code and the values its message needs (docs/architecture.md#errors). */
export interface Problem {
  code: string;
  params?: Record<string, unknown>;
}

/**
 * An HTTP failure: its status, the server's code and params (what the screens translate, with
 * errorText), each field's problem, and the server's English message for the console.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body of the answer, when it had one. */
    readonly body: unknown = undefined,
    readonly problem: Problem | undefined = undefined,
    readonly fields: Record<string, Problem> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function problemOf(value: unknown): Problem | undefined {
  if (!isRecord(value) || typeof value.code !== 'string') return undefined;
  return { code: value.code, params: isRecord(value.params) ? value.params : undefined };
}

/** The answer's code, params and field problems when it is the API's JSON error, else only its status. */
export async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Error ${response.status}: ${response.statusText || 'Request failed'}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): only the status is known.
  }
  if (isRecord(body) && typeof body.message === 'string' && body.message) message = body.message;
  const fields = isRecord(body) && isRecord(body.fields) ? body.fields : {};
  const fieldProblems = Object.fromEntries(
    Object.entries(fields).flatMap(([field, value]) => {
      const problem = problemOf(value);
      return problem ? [[field, problem]] : [];
    }),
  );
  return new ApiError(message, response.status, body, problemOf(body), fieldProblems);
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
