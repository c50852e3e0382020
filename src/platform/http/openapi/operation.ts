import type { z } from 'zod';

// How a module describes one of its HTTP routes for the OpenAPI document. The request schemas are
// the very zod schemas the route parses its input with (never a copy), so the description cannot
// drift from what the store accepts.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call an operation: anyone; an admin's bearer JWT (every /api/admin route); anyone, with
 * more said to an admin (/readyz); the metrics token or a loopback caller (/metrics).
 */
export type OperationAuth = 'public' | 'admin' | 'optionalAdmin' | 'metrics';

export interface RequestBody {
  /** The route's own schema; its input form (what a client sends) is what the document shows. */
  schema: z.ZodType;
  /** Its name under components.schemas. */
  name: string;
  /** The route also takes it as a multipart form with an image file in this field (text fields as text). */
  imageField?: string;
  /** An HTML form's fields (application/x-www-form-urlencoded) instead of JSON. */
  form?: boolean;
}

export interface PathParameter {
  description: string;
  schema: z.ZodType;
}

export interface ResponseDescription {
  description: string;
  /** Defaults to JSON; an HTML page, a CSV download, an image... */
  contentType?: string;
  /** A zod schema of the answer, where one exists (answers are mostly TypeScript types). */
  schema?: z.ZodType;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form: `/api/admin/products/{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** The section of the reference it is listed in. */
  tag: string;
  auth: OperationAuth;
  /** Each `{name}` of the path, said in words; with its zod schema when the route parses it with one. */
  params?: Record<string, string | PathParameter>;
  /** The query's zod object schema(s), as the route parses req.query (some parse it with two). */
  query?: z.ZodType | z.ZodType[];
  body?: RequestBody;
  /** Answers besides those every operation of its kind has (400 for input, 401 for admin, 500). */
  responses: Record<number, string | ResponseDescription>;
  /** The answer carries the item's version as its ETag; writes take If-Match (a stale one is 409). */
  versioned?: 'read' | 'write';
}

/** Declares a module's operations with their types checked. */
export const describeApi = (operations: ApiOperation[]): ApiOperation[] => operations;
