import fc from 'fast-check';

/**
 * Value generators for the HTTP fuzz test: values that fit an operation's JSON schema, and
 * hostile ones (wrong types, nulls, huge, deep, NUL, lone surrogates, out-of-range numbers).
 * JSON cannot spell some hostile values (1e309, 10,000 levels of nesting), so those are raw-text
 * markers that `toJsonText` splices into the serialised body.
 */

type Schema = Record<string, any>;

const RAW_PREFIX = '@@raw:';
const raw = (text: string) => `${RAW_PREFIX}${Buffer.from(text).toString('base64url')}@@`;

/** JSON.stringify, with the raw markers replaced by their literal text. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@raw:([A-Za-z0-9_-]*)@@"/g, (_match, encoded: string) =>
    Buffer.from(encoded, 'base64url').toString(),
  );
}

export const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
export const deepObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const hostileStrings = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff\udbff',
  '\ud83d\ude00 emoji',
  'x'.repeat(70_000),
  'ÿ'.repeat(300),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%',
  '%00',
  '../../etc/passwd',
  'null',
  '1e21',
  '2147483648',
  '-1',
  'http://[::127.0.0.1]/',
  'http://169.254.169.254/latest',
  'javascript:alert(1)',
  '\r\nX-Injected: 1',
  '00000000-0000-0000-0000-000000000000',
];

const hostileNumbers = [
  0,
  -1,
  1.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  9_007_199_254_740_993,
  1e21,
  -1e21,
  1e300,
  Number.MIN_VALUE,
];

const hostileRaw = [
  '1e309',
  '-1e309',
  '123456789012345678901234567890',
  '1E400',
  '-0',
  '1.0',
  deepArrays(70),
  deepObjects(70),
  deepArrays(5000),
  deepObjects(5000),
].map(raw);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...hostileRaw),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.constant({}),
  fc.constant([]),
  fc.constant(nested(40)),
  fc.array(fc.constantFrom(...hostileStrings.slice(0, 8)), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('a', '\u0000', 'id', 'user_id', '__proto__', 'constructor'),
    fc.constantFrom<unknown>(1, 'x', null, '\u0000'),
    { maxKeys: 3 },
  ),
  fc.array(fc.constant(1), { minLength: 2000, maxLength: 2000 }),
);

/** Keys a body does not declare: columns of other tenants and the prototype. */
const unknownKeys = fc.constantFrom(
  'id',
  'user_id',
  'knowledgebase_id',
  'assistant_id',
  'created_at',
  'text_search_config',
  'zzz',
  'constructor',
  'a\u0000b',
);

const urls = [
  'https://example.com/',
  'http://127.0.0.1:1/x',
  'https://example.com/' + 'a'.repeat(3000),
  'ftp://example.com/',
  'https://[::1]/',
];

export interface SchemaContext {
  /** Resolves `$ref` against the document's components. */
  resolve(schema: Schema): Schema;
  /** Real values for fields that name the fuzzing user's resources, so requests reach deep. */
  known(field: string): unknown[] | undefined;
}

/** A value for a schema: mostly fitting, sometimes hostile, at every level of nesting. */
export function valueFor(schema: Schema | undefined, context: SchemaContext, field = '', depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValue(schema, context, field, depth);
  return fc.oneof({ arbitrary: fitting, weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

function fittingValue(input: Schema | undefined, context: SchemaContext, field: string, depth: number): fc.Arbitrary<unknown> {
  if (!input || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const schema = context.resolve(input);
  const known = context.known(field);
  if (known && known.length > 0) return fc.constantFrom(...known);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union))
    return fc.oneof(...union.map((member: Schema) => fittingValue({ ...member, ...withoutUnion(schema) }, context, field, depth)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'any')];
  const nullable = types.includes('null') || schema.nullable === true;
  const type = types.find((t) => t !== 'null') ?? 'any';
  const value = byType(type, schema, context, depth);
  return nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function withoutUnion(schema: Schema): Schema {
  const { anyOf: _anyOf, oneOf: _oneOf, discriminator: _discriminator, ...rest } = schema;
  return rest;
}

function byType(type: string, schema: Schema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -2_147_483_648), max: Math.min(schema.maximum ?? 1000, 2_147_483_647) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items, context, '', depth + 1), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: 3 });
    case 'object':
      return objectFor(schema, context, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.constantFrom('2025-01-31', '2025-02-30', '0000-00-00');
  if (schema.format === 'uri' || schema.format === 'url' || String(schema.pattern ?? '').includes('https?'))
    return fc.constantFrom(...urls);
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

function objectFor(schema: Schema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = valueFor(property, context, name, depth + 1);
  const required = (schema.required ?? []).filter((name: string) => name in model);
  const declared = fc.record(model, { requiredKeys: required });
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ maxLength: 8 }), valueFor(schema.additionalProperties, context, '', depth + 1), { maxKeys: 3 })
      : fc.constant({});
  const unknown = fc.dictionary(unknownKeys, hostileValue, { maxKeys: 2 });
  return fc
    .tuple(declared, extra, fc.oneof({ arbitrary: fc.constant({}), weight: 4 }, { arbitrary: unknown, weight: 1 }))
    .map(([a, b, c]) => ({ ...b, ...c, ...(a as object) }));
}

/** Query and path values as they appear on the wire: already percent-encoded. */
export function encodeText(value: unknown): string {
  const text =
    typeof value === 'string' ? value : value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // encodeURIComponent throws on lone surrogates; a client's UTF-8 encoder turns them into U+FFFD.
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Spellings only a hand-written URL has: raw percent escapes that are not UTF-8, NUL, huge numbers. */
export const hostileUrlText = fc.constantFrom(
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e21',
  '1e309',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  'null',
  'true',
  '',
  '%20',
  'a'.repeat(3000),
  '1'.repeat(400),
  '0x10',
  '%2F..%2F',
);
