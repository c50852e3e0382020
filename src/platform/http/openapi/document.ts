import { z } from 'zod';
import type { ApiOperation, OperationAuth, ResponseDescription } from './operation';

// Builds the OpenAPI 3.1 document from the modules' operation lists: zod schemas become JSON
// Schema (draft 2020-12, the dialect OpenAPI 3.1 uses), bodies are shared under components, and
// the answers every operation of a kind has (400, 401, 409) are added here once.

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** In the order the reference lists them; every operation's tag must be here. */
  tags: { name: string; description: string }[];
}

/** The shape every error answer has (see ../errors.ts): `message` for people, `status`, and details. */
export const errorAnswerSchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, meant to be shown as it is' }),
    status: z.number().int().min(400).max(599),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'A 400 for input: the first problem of each field, keyed by its dotted path' }),
    version: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'A 409 for a stale If-Match: the version now current' }),
    changedBy: z.string().optional().meta({ description: 'A 409 for a stale If-Match: who made that change' }),
    changedAt: z.string().optional().meta({ description: 'A 409 for a stale If-Match: when' }),
    change: z.string().optional().meta({ description: 'A 409 for a stale If-Match: the change’s event type' }),
    retryAfterSeconds: z.number().int().min(1).optional().meta({ description: 'A 429: when to try again' }),
  })
  .meta({
    description: 'An error. Some rules add details of their own (a checkout’s total, a category’s products count).',
  });

/** The error shape as JSON Schema, open to the details some rules add (zod's object would close it). */
function errorAnswer(): JsonSchema {
  const { additionalProperties: _closed, ...open } = jsonSchemaOf(errorAnswerSchema, 'output');
  return open;
}

/**
 * A zod schema as JSON Schema. `io: 'input'` describes what a client sends (before defaults and
 * transforms); refinements and transforms that JSON Schema cannot say are left out
 * (`unrepresentable: 'any'`): the store still applies them and answers 400 with their message.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ jsonSchema }) => withoutSafeIntegerBounds(jsonSchema),
  }) as JsonSchema;
  return json;
}

/**
 * zod bounds every integer to JavaScript's safe range; said on each one it only crowds the
 * reference (and shows -9007199254740991 as its example), so it is left unsaid.
 */
function withoutSafeIntegerBounds(schema: JsonSchema): void {
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

const SECURITY: Record<OperationAuth, Record<string, string[]>[] | undefined> = {
  public: undefined,
  admin: [{ bearerAuth: [] }],
  optionalAdmin: [{}, { bearerAuth: [] }],
  metrics: [{}, { metricsToken: [] }],
};

export function buildOpenApiDocument(info: DocumentInfo, operations: ApiOperation[]): OpenApiDocument {
  const known = new Set(info.tags.map((tag) => tag.name));
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    tags: info.tags,
    paths: {},
    components: { schemas: { Error: errorAnswer() }, securitySchemes, responses: {} },
  };
  for (const operation of operations) {
    if (!known.has(operation.tag)) throw new Error(`${operation.path}: tag "${operation.tag}" is not listed`);
    const item = (document.paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method} ${operation.path} is described twice`);
    item[operation.method] = describeOperation(operation, document.components.schemas);
  }
  return document;
}

const securitySchemes: Record<string, JsonSchema> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token POST /api/auth/login answers (an administrator’s).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, when the store sets one; without it only a loopback caller is answered.',
  },
};

function describeOperation(operation: ApiOperation, schemas: Record<string, JsonSchema>): JsonSchema {
  const described: JsonSchema = {
    operationId: operationId(operation),
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
  };
  const parameters = [...pathParameters(operation), ...queryParameters(operation), ...ifMatchParameter(operation)];
  if (parameters.length) described.parameters = parameters;
  if (operation.body) described.requestBody = requestBody(operation.body, schemas);
  described.responses = responses(operation);
  const security = SECURITY[operation.auth];
  if (security) described.security = security;
  return described;
}

/** `get /api/admin/products/{id}` → `getApiAdminProductsById`: stable, unique per method and path. */
function operationId({ method, path }: ApiOperation): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function pathParameters(operation: ApiOperation): JsonSchema[] {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  for (const name of Object.keys(operation.params ?? {}))
    if (!names.includes(name)) throw new Error(`${operation.path} has no {${name}}`);
  return names.map((name) => {
    const param = operation.params?.[name];
    if (!param) throw new Error(`${operation.path}: say what {${name}} is`);
    const { description, schema } = typeof param === 'string' ? { description: param, schema: undefined } : param;
    return {
      name,
      in: 'path',
      required: true,
      description,
      schema: schema ? jsonSchemaOf(schema) : { type: 'string' },
    };
  });
}

/** Each property of the query schema(s) becomes a query parameter. */
function queryParameters(operation: ApiOperation): JsonSchema[] {
  const queries = operation.query === undefined ? [] : [operation.query].flat();
  return queries.flatMap((query) => {
    const json = jsonSchemaOf(query);
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => {
      const { description, ...rest } = schema;
      return {
        name,
        in: 'query',
        required: required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      };
    });
  });
}

function ifMatchParameter(operation: ApiOperation): JsonSchema[] {
  if (operation.versioned !== 'write') return [];
  return [
    {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The version edited, as the ETag of the read that showed it ("3"). A stale one is 409; without it the change applies to the item as it is now.',
      schema: { type: 'string' },
    },
  ];
}

function requestBody(body: NonNullable<ApiOperation['body']>, schemas: Record<string, JsonSchema>): JsonSchema {
  if (schemas[body.name]) throw new Error(`components.schemas.${body.name} is named twice`);
  schemas[body.name] = jsonSchemaOf(body.schema);
  const ref = { $ref: `#/components/schemas/${body.name}` };
  const content: Record<string, JsonSchema> = {
    [body.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: ref },
  };
  if (body.imageField) {
    content['multipart/form-data'] = {
      schema: {
        description:
          'The same fields as text (numbers as digits, true/false, lists as JSON text), and an optional image file.',
        allOf: [
          ref,
          { type: 'object', properties: { [body.imageField]: { type: 'string', contentMediaType: 'image/*' } } },
        ],
      },
    };
  }
  return { required: true, content };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function responses(operation: ApiOperation): Record<string, JsonSchema> {
  const all: Record<number, string | ResponseDescription> = { ...operation.responses };
  if (operation.body || operation.query)
    all[400] ??= 'The input is not valid: `message` says the first problem, `errors` each field’s';
  if (operation.auth === 'admin') all[401] ??= 'No token, or one that is expired or no longer valid';
  if (operation.versioned === 'write') all[409] ??= 'The item changed since the version named by If-Match';
  return Object.fromEntries(
    Object.entries(all).map(([status, answer]) => [status, response(Number(status), answer, operation)]),
  );
}

function response(status: number, answer: string | ResponseDescription, operation: ApiOperation): JsonSchema {
  const {
    description,
    contentType = 'application/json',
    schema,
  } = typeof answer === 'string' ? { description: answer } : answer;
  const described: JsonSchema = { description };
  if (status === 204 || (status >= 300 && status < 400)) return described;
  described.content = {
    [contentType]: { schema: schema ? jsonSchemaOf(schema, 'output') : bodyOf(status, contentType) },
  };
  if (status < 300 && operation.versioned)
    described.headers = {
      ETag: { description: 'The item’s version, for If-Match on its next change', schema: { type: 'string' } },
    };
  return described;
}

/** Without a schema of its own: every JSON error is the Error shape; other answers are an object or text. */
function bodyOf(status: number, contentType: string): JsonSchema {
  if (contentType !== 'application/json') return { type: 'string' };
  return status >= 400 ? ERROR_REF : { type: 'object' };
}
