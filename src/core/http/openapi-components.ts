import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Named schemas for the OpenAPI document, without touching validation or serialization.
 *
 * A schema given a name with `named()` carries the name in an `x-schema-name` annotation (Ajv and
 * fast-json-stringify ignore it). When the document is built, every schema carrying one becomes a
 * component and each place it appears becomes a `$ref`. TypeBox's `$id` would do the same for
 * the document, but it is an identifier to Ajv: two routes compiling different (hardened) copies
 * of one `$id` fail with "schema with key or id already exists", and nested ids change how
 * fast-json-stringify resolves references. The annotation has no meaning at run time.
 *
 * Request bodies and 2xx responses that are not named where they are declared are named after
 * their operation (`createAssistant` -> `CreateAssistantRequest`, `CreateAssistantResponse`),
 * so the generated client has a readable type for every body and answer.
 */
export const SCHEMA_NAME = 'x-schema-name';

export function named<T extends TSchema>(name: string, schema: T): T {
  return { ...schema, [SCHEMA_NAME]: name };
}

/**
 * A hand-written example for the document (the request body or answer of a main flow); typed
 * by the schema, so it cannot name a field the schema lacks. The OpenAPI test also validates it.
 */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  return { ...schema, examples: [example] };
}

type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown; examples?: unknown };
type Operation = {
  operationId?: string;
  parameters?: Array<{ in?: string; required?: boolean; schema?: Json }>;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
export type OpenApiDocument = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json> } };

// Values of these keywords are data, not schemas: never looked into for names.
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default']);
// Our validator's wording for a field's errors (validation-messages.ts): not schema keywords, so
// they would make the document invalid; clients read the messages from the 422 itself.
const VALIDATOR_ONLY_KEYWORDS = new Set(['errorMessage', 'summaryMessage']);
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export function hoistNamedSchemas(document: OpenApiDocument): OpenApiDocument {
  const components = ((document.components ??= {}).schemas ??= {});
  const hoist = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(hoist);
    if (!isObject(node)) return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (!VALIDATOR_ONLY_KEYWORDS.has(key)) copy[key] = DATA_KEYWORDS.has(key) ? value : hoist(value);
    }
    const name = copy[SCHEMA_NAME];
    if (typeof name !== 'string') return copy;
    delete copy[SCHEMA_NAME];
    return register(components, name, copy);
  };

  for (const operation of operations(document)) {
    optionalWhenDefaulted(operation);
    // A query parameter's own wording (errorMessage) is the validator's too.
    for (const parameter of operation.parameters ?? []) if (parameter.schema) parameter.schema = hoist(parameter.schema) as Json;
    for (const [kind, media] of mediaOf(operation)) {
      if (!media.schema) continue;
      const schema = hoist(kind === 'Request' ? withoutDefaultedRequired(media.schema) : media.schema) as Json;
      const fallback = operation.operationId && isStructured(schema) ? `${pascal(operation.operationId)}${kind}` : null;
      media.schema = fallback ? register(components, fallback, schema) : schema;
    }
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (status.startsWith('2')) continue;
      for (const media of Object.values(response.content ?? {})) if (media.schema) media.schema = hoist(media.schema) as Json;
    }
  }
  return document;
}

/**
 * A request field with a default may be left out (the validator fills it in), so the document
 * must not call it required, or clients would be made to send it: TypeBox marks every field that
 * is not `Optional` as required, defaults included (`per_page`, a body's `status`).
 */
function optionalWhenDefaulted(operation: Operation): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.schema?.default !== undefined) delete parameter.required;
  }
}

function withoutDefaultedRequired(node: unknown): Json {
  const relax = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relax);
    if (!isObject(value)) return value;
    const copy: Json = {};
    for (const [key, child] of Object.entries(value)) copy[key] = DATA_KEYWORDS.has(key) ? child : relax(child);
    const properties = isObject(copy.properties) ? copy.properties : {};
    if (Array.isArray(copy.required)) {
      copy.required = copy.required.filter((name) => !isObject(properties[name]) || properties[name].default === undefined);
      if ((copy.required as unknown[]).length === 0) delete copy.required;
    }
    return copy;
  };
  return relax(node) as Json;
}

/** Every operation of the document, in path order. */
export function* operations(document: OpenApiDocument): Generator<Operation> {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) if (item[method]) yield item[method]!;
  }
}

/** The request body and 2xx response media of an operation, tagged Request or Response. */
export function* mediaOf(operation: Operation): Generator<['Request' | 'Response', Media]> {
  for (const media of Object.values(operation.requestBody?.content ?? {})) yield ['Request', media];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const media of Object.values(response.content ?? {})) yield ['Response', media];
  }
}

/**
 * Adds a component and returns the reference to it. A description written where the schema is
 * used stays beside the `$ref` (OpenAPI 3.1 allows it), so one component serves every use.
 * A nullable use (`Nullable(named(...))`) refers to the component in an `anyOf` with null, so
 * the component itself is the same whichever use comes first.
 */
function register(components: Record<string, Json>, name: string, schema: Json): Json {
  const { description, ...content } = schema;
  const nullable = Array.isArray(content.type) && content.type.includes('null');
  if (nullable) {
    const types = (content.type as string[]).filter((type) => type !== 'null');
    content.type = types.length === 1 ? types[0] : types;
  }
  const ref = { $ref: `#/components/schemas/${name}` };
  const site = { ...(nullable ? { anyOf: [ref, { type: 'null' }] } : ref), ...(typeof description === 'string' ? { description } : {}) };
  const existing = components[name];
  if (existing === undefined || sameSchema(existing, content)) {
    components[name] ??= content;
    return site;
  }
  throw new Error(`Two different schemas are named ${name} in the OpenAPI document; give one of them another name.`);
}

function sameSchema(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`)
    .join(',')}}`;
}

/** Objects and arrays get a name; a bare string (a file download) or an empty schema does not. */
function isStructured(schema: Json): boolean {
  return (
    schema.$ref === undefined &&
    (schema.type === 'object' || schema.type === 'array' || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))
  );
}

function pascal(operationId: string): string {
  return operationId.charAt(0).toUpperCase() + operationId.slice(1);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
