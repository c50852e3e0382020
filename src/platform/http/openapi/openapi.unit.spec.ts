import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeApiDocument, storeApiOperations } from '../../../openapi';
import { buildOpenApiDocument, type JsonSchema } from './document';
import { bodyExample, exampleOf, queryExample } from './examples';
import type { ApiOperation } from './operation';

// The document the store serves, checked without the store: valid OpenAPI 3.1, and for each
// operation the example request a client would build from it is accepted by the route's own zod
// schema (the HTTP side of the same check is in openapi.int.spec.ts).

const document = storeApiDocument({ sandbox: true });
const operations = storeApiOperations({ sandbox: true });
const described = (operation: ApiOperation) => document.paths[operation.path]![operation.method]!;
const name = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path}`;

describe('the OpenAPI document', () => {
  it.each([true, false])('is valid OpenAPI 3.1 (sandbox: %s)', async (sandbox) => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(storeApiDocument({ sandbox })) as unknown as Record<string, unknown>,
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes the sandbox pages only where the sandbox is the payment provider', () => {
    expect(Object.keys(document.paths)).toContain('/sandbox/checkout/{id}');
    expect(Object.keys(storeApiDocument({ sandbox: false }).paths).filter((p) => p.startsWith('/sandbox'))).toEqual([]);
  });

  it('asks for the bearer token on every /api/admin operation and signing out, and only there (and /readyz, optionally)', () => {
    for (const operation of operations) {
      const security = described(operation).security as Record<string, string[]>[] | undefined;
      const names = (security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (operation.path.startsWith('/api/admin/') || operation.path === '/api/auth/logout') {
        expect(security, name(operation)).toEqual([{ bearerAuth: [] }]);
        expect(described(operation).responses, name(operation)).toHaveProperty('401');
      } else if (operation.path !== '/readyz') expect(names, name(operation)).not.toContain('bearerAuth');
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation a unique id, a known tag and a 400 wherever it takes input', () => {
    const ids = operations.map((operation) => described(operation).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const operation of operations) {
      expect(tags.has(operation.tag), name(operation)).toBe(true);
      if (operation.body || operation.query)
        expect(described(operation).responses, name(operation)).toHaveProperty('400');
    }
  });

  it('describes JSON errors with the error shape', () => {
    const createProduct = document.paths['/api/admin/products']!.post!;
    const answers = createProduct.responses as Record<string, { content: Record<string, { schema: JsonSchema }> }>;
    expect(answers['400']!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['message', 'status'] });
  });
});

describe('example requests built from the document', () => {
  const withBody = operations.filter((operation) => operation.body);
  const withQuery = operations.filter((operation) => operation.query);
  const withParameterSchema = operations.filter((operation) =>
    Object.values(operation.params ?? {}).some((param) => typeof param !== 'string'),
  );

  it('exist for bodies and queries', () => {
    expect(withBody.length).toBeGreaterThanOrEqual(15);
    expect(withQuery.length).toBeGreaterThanOrEqual(10);
  });

  it.each(withBody.map((operation) => [name(operation), operation] as const))(
    '%s: its body example is accepted by the route’s schema',
    (_name, operation) => {
      const example = bodyExample(described(operation), document);
      expect(example?.contentType).toBe(
        operation.body!.form ? 'application/x-www-form-urlencoded' : 'application/json',
      );
      // A form sends text: its example is read as the route reads the parsed form.
      const result = operation.body!.schema.safeParse(example!.body);
      expect(result.error?.issues ?? [], JSON.stringify(example!.body)).toEqual([]);
    },
  );

  it.each(withQuery.map((operation) => [name(operation), operation] as const))(
    '%s: its query example (as text, as in a URL) is accepted by the route’s schemas',
    (_name, operation) => {
      const query = queryExample(described(operation), document);
      for (const schema of [operation.query!].flat()) {
        const result = schema.safeParse(query);
        expect(result.error?.issues ?? [], JSON.stringify(query)).toEqual([]);
      }
    },
  );

  it.each(withParameterSchema.map((operation) => [name(operation), operation] as const))(
    '%s: its path parameters’ examples are accepted',
    (_name, operation) => {
      const parameters = (described(operation).parameters ?? []) as { name: string; in: string; schema: JsonSchema }[];
      for (const [param, given] of Object.entries(operation.params ?? {})) {
        if (typeof given === 'string') continue;
        const schema = parameters.find((p) => p.in === 'path' && p.name === param)!.schema;
        expect(given.schema.safeParse(exampleOf(schema, document)).success).toBe(true);
      }
    },
  );
});

describe('buildOpenApiDocument', () => {
  const info = { title: 't', version: '1', description: 'd', tags: [{ name: 'A', description: 'a' }] };
  const base: ApiOperation = {
    method: 'get',
    path: '/x/{id}',
    tag: 'A',
    auth: 'public',
    summary: 's',
    params: { id: 'id' },
    responses: { 200: 'ok' },
  };

  it('refuses a route described twice, an unknown tag or a path parameter left unsaid', () => {
    expect(() => buildOpenApiDocument(info, [base, base])).toThrow(/described twice/);
    expect(() => buildOpenApiDocument(info, [{ ...base, tag: 'B' }])).toThrow(/tag "B"/);
    expect(() => buildOpenApiDocument(info, [{ ...base, params: {} }])).toThrow(/say what \{id\} is/);
  });

  it('turns a query schema into query parameters with their JSON Schema (as a client sends them)', () => {
    const query = z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().max(5).optional() });
    const built = buildOpenApiDocument(info, [{ ...base, query }]);
    expect(built.paths['/x/{id}']!.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: 'id', schema: { type: 'string' } },
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, default: 1 },
      },
      { name: 'q', in: 'query', required: false, schema: { type: 'string', maxLength: 5 } },
    ]);
  });

  it('adds If-Match, the ETag header and 409 to a versioned write, 401 and the bearer scheme to an admin one', () => {
    const built = buildOpenApiDocument(info, [{ ...base, method: 'put', auth: 'admin', versioned: 'write' }]);
    const put = built.paths['/x/{id}']!.put!;
    expect(put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header' })]),
    );
    expect(Object.keys(put.responses as object)).toEqual(['200', '401', '409']);
    expect(put.security).toEqual([{ bearerAuth: [] }]);
    expect((put.responses as Record<string, JsonSchema>)['200']!.headers).toHaveProperty('ETag');
  });
});
