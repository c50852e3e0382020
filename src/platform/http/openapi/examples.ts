import type { JsonSchema, OpenApiDocument } from './document';

// Example requests built from the OpenAPI document alone, as a client reading it would build
// them: each required field (and each one with an example or a default) gets a value its JSON
// Schema allows. The tests send them to the store to check the description against its schemas.

const TEXT = 'example';

/** A value the schema allows: its first example, const, default or enum value, else one built from its type. */
export function exampleOf(schema: JsonSchema, document: OpenApiDocument): unknown {
  const resolved = resolve(schema, document);
  if (Array.isArray(resolved.examples) && resolved.examples.length) return resolved.examples[0];
  if ('const' in resolved) return resolved.const;
  if (resolved.default !== undefined) return resolved.default;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  if (Array.isArray(resolved.allOf))
    return Object.assign({}, ...resolved.allOf.map((part) => exampleOf(part as JsonSchema, document)));
  const choices = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (choices?.length) return exampleOf(choices[0]!, document);
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  switch (type) {
    case 'object':
      return objectExample(resolved, document);
    case 'array':
      return Array.from({ length: Math.max(Number(resolved.minItems ?? 0), 1) }, () =>
        exampleOf((resolved.items ?? {}) as JsonSchema, document),
      );
    case 'string':
      return stringExample(resolved);
    case 'integer':
    case 'number':
      return numberExample(resolved);
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/** The fields a client must send, and those the description suggests a value for. */
function objectExample(schema: JsonSchema, document: OpenApiDocument): Record<string, unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = Object.entries(properties).filter(([name, property]) => required.has(name) || suggests(property));
  return Object.fromEntries(fields.map(([name, property]) => [name, exampleOf(property, document)]));
}

const suggests = (schema: JsonSchema) => Array.isArray(schema.examples) || schema.default !== undefined;

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'email') return 'someone@example.com';
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  return TEXT.padEnd(min, 'x').slice(0, max);
}

function numberExample(schema: JsonSchema): number {
  const low =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : 1;
  return typeof schema.maximum === 'number' ? Math.min(low, schema.maximum) : low;
}

function resolve(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`${ref} is not in the document`);
  return resolve(target, document);
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}

/** An operation's query, as a client would put it in the URL: the required parameters and those with a default or example. */
export function queryExample(operation: JsonSchema, document: OpenApiDocument): Record<string, string> {
  const parameters = ((operation.parameters ?? []) as ParameterObject[]).filter((p) => p.in === 'query');
  const chosen = parameters.filter((p) => p.required || suggests(p.schema));
  return Object.fromEntries(chosen.map((p) => [p.name, String(exampleOf(p.schema, document))]));
}

/** An operation's body from its first media type's schema, with that media type. */
export function bodyExample(
  operation: JsonSchema,
  document: OpenApiDocument,
): { contentType: string; body: unknown } | undefined {
  const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
  const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
  if (!contentType || !media) return undefined;
  return { contentType, body: exampleOf(media.schema, document) };
}
