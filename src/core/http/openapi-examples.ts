import { mediaOf, operations, type OpenApiDocument } from './openapi-components.js';

type Json = Record<string, unknown>;

/**
 * Every request body and 2xx response in the document gets an example. A request whose
 * operation has one in `requestExamples` (by operationId) gets that one, written by hand; routes
 * that declare `examples` on their schema keep theirs; the others get one built from the schema:
 * required fields of a request (or its first few when none is required), every field of a
 * response, with values inside the schema's bounds and formats. The OpenAPI test validates each
 * example against its schema, and another sends every request example to the app.
 */
export function addMissingExamples(document: OpenApiDocument, requestExamples: Record<string, unknown> = {}): OpenApiDocument {
  const components = document.components?.schemas ?? {};
  for (const operation of operations(document)) {
    for (const [kind, media] of mediaOf(operation)) {
      if (!media.schema || media.example !== undefined || media.examples !== undefined) continue;
      const written = kind === 'Request' && operation.operationId ? requestExamples[operation.operationId] : undefined;
      const example = written ?? sampleOf(media.schema, { components, request: kind === 'Request', depth: 0 });
      if (example !== undefined) media.example = example;
    }
  }
  return document;
}

interface SampleContext {
  components: Record<string, Json>;
  request: boolean;
  depth: number;
}

const OPTIONAL_FIELDS_WHEN_NONE_REQUIRED = 3;
const MAX_DEPTH = 12;

export function sampleOf(schema: Json, context: SampleContext): unknown {
  if (context.depth > MAX_DEPTH) return undefined;
  const deeper = { ...context, depth: context.depth + 1 };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (typeof schema.$ref === 'string') {
    const target = context.components[schema.$ref.replace('#/components/schemas/', '')];
    return target ? sampleOf(target, deeper) : undefined;
  }
  const members = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (Array.isArray(members)) {
    const member = members.find((m) => m.type !== 'null') ?? members[0];
    // A tagged union carries its `type: object` and `required` beside the branches.
    return member ? sampleOf({ ...withoutUnion(schema), ...member }, deeper) : null;
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return sampleOf(Object.assign(rest, ...(allOf as Json[])), deeper);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema, deeper);
    case 'array': {
      const item = isObject(schema.items) ? sampleOf(schema.items, deeper) : undefined;
      const count = Math.min(Math.max(Number(schema.minItems ?? 0), item === undefined ? 0 : 1), Number(schema.maxItems ?? Infinity));
      return Array.from({ length: count }, () => item);
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, 1);
    case 'number':
      return sampleNumber(schema, 0.5);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // No type: any value is accepted (an opaque payload); an empty object is the plainest.
      return isObject(schema.properties) ? sampleObject(schema, deeper) : {};
  }
}

function sampleObject(schema: Json, context: SampleContext): Json {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, Json>) : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  let names = Object.keys(properties);
  if (context.request)
    names = required.length > 0 ? names.filter((name) => required.includes(name)) : names.slice(0, OPTIONAL_FIELDS_WHEN_NONE_REQUIRED);
  const sample: Json = {};
  for (const name of names) {
    const value = sampleOf(properties[name]!, context);
    if (value !== undefined) sample[name] = value;
  }
  return sample;
}

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00.000000Z',
  date: '2026-01-15',
  time: '09:30:00',
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  email: 'jane@example.com',
  uri: 'https://example.com/hook',
  url: 'https://example.com/hook',
  hostname: 'example.com',
  ipv4: '203.0.113.7',
  binary: '',
};

// Tried in turn against a field's pattern: values our patterns describe (names, colours, origins).
const PATTERN_CANDIDATES = [
  'example',
  'example_name',
  'EXAMPLE',
  '#1F6FEB',
  'https://shop.example.com',
  'shop.example.com',
  '+40711222333',
  '12345',
  'en',
  'a1',
];

function sampleString(schema: Json): string {
  const fromFormat = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (fromFormat !== undefined) return fromFormat;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (match !== undefined) return match;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  const text = 'example'.padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function sampleNumber(schema: Json, preferred: number): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : -Infinity;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : Infinity;
  return Math.min(Math.max(preferred, min), max);
}

function withoutUnion(schema: Json): Json {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...rest } = schema;
  return rest;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
