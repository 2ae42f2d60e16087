import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { hardenRequestSchema, INT4_MAX, INT4_MIN } from './schema-hardening.js';
import { createValidator } from './validation.js';

const ajv = createValidator({ coerceTypes: false, useDefaults: false });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Validates a copy, so each test sees what a route handler would receive. */
function check(schema: object, body: unknown): { valid: boolean; value: unknown; errors: string[] } {
  const value = structuredClone(body);
  const validate = ajv.compile(schema);
  const valid = validate(value);
  return { valid, value, errors: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`) };
}

describe('hardenRequestSchema', () => {
  it('closes an object with properties, so unknown keys are dropped before the handler sees them', () => {
    const schema = Type.Object({ name: Type.String() });
    expect(hardenRequestSchema(schema)).toMatchObject({ additionalProperties: false });
    expect(check(schema, { name: 'Docs', user_id: 2, id: 9, text_search_config: 'nonsense' })).toEqual({
      valid: true,
      value: { name: 'Docs' },
      errors: [],
    });
  });

  it('closes every level: nested objects, arrays of objects, allOf members and $defs', () => {
    const schema = {
      type: 'object',
      properties: {
        inner: { type: 'object', properties: { a: { type: 'string' } } },
        list: { type: 'array', items: { type: 'object', properties: { b: { type: 'string' } } } },
        both: { allOf: [{ type: 'object', properties: { c: { type: 'string' } } }] },
      },
      $defs: { Ref: { type: 'object', properties: { d: { type: 'string' } } } },
    };
    const hardened = hardenRequestSchema(schema) as any;
    expect(hardened.additionalProperties).toBe(false);
    expect(hardened.properties.inner.additionalProperties).toBe(false);
    expect(hardened.properties.list.items.additionalProperties).toBe(false);
    expect(hardened.properties.both.allOf[0].additionalProperties).toBe(false);
    expect(hardened.$defs.Ref.additionalProperties).toBe(false);
    expect(check(schema, { x: 1, inner: { a: 'a', y: 2 }, list: [{ b: 'b', z: 3 }] }).value).toEqual({
      inner: { a: 'a' },
      list: [{ b: 'b' }],
    });
  });

  it('keeps an explicit additionalProperties, open or closed', () => {
    const open = Type.Object({ type: Type.String() }, { additionalProperties: true });
    expect(hardenRequestSchema(open).additionalProperties).toBe(true);
    expect(check(open, { type: 'x', extra: 1 }).value).toEqual({ type: 'x', extra: 1 });
    const typed = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'integer' } };
    expect(hardenRequestSchema(typed).additionalProperties).toEqual({ type: 'integer', maximum: INT4_MAX, minimum: INT4_MIN });
  });

  it('closes the members of a discriminated union: each member strips its own unknown keys', () => {
    const schema = {
      type: 'object',
      discriminator: { propertyName: 'type' },
      required: ['type'],
      oneOf: [
        { type: 'object', properties: { type: { const: 'a' }, a: { type: 'string' } }, required: ['type'] },
        { type: 'object', properties: { type: { const: 'b' }, b: { type: 'string' } }, required: ['type'] },
      ],
    };
    const hardened = hardenRequestSchema(schema) as any;
    expect(hardened.oneOf.map((m: any) => m.additionalProperties)).toEqual([false, false]);
    expect(check(schema, { type: 'b', b: 'kept', a: 'dropped', user_id: 2 })).toEqual({
      valid: true,
      value: { type: 'b', b: 'kept' },
      errors: [],
    });
  });

  it('leaves the members of an undiscriminated union open, so a failed branch cannot strip the matching one', () => {
    const schema = Type.Object({
      target: Type.Union([Type.Object({ phone: Type.String() }), Type.Object({ email: Type.String() })]),
    });
    const hardened = hardenRequestSchema(schema) as any;
    expect(hardened.additionalProperties).toBe(false);
    expect(hardened.properties.target.anyOf.map((m: any) => m.additionalProperties)).toEqual([undefined, undefined]);
    // Closed, the first branch would strip `email` and the second would then fail on a mutilated value.
    expect(check(schema, { target: { email: 'a@example.com' } })).toEqual({
      valid: true,
      value: { target: { email: 'a@example.com' } },
      errors: [],
    });
    // Nested deeper inside such a member, objects stay open too.
    const nested = hardenRequestSchema(Type.Union([Type.Object({ inner: Type.Object({ a: Type.String() }) }), Type.Null()])) as any;
    expect(nested.anyOf[0].properties.inner.additionalProperties).toBeUndefined();
  });

  it('bounds integers to PostgreSQL integer, everywhere, keeping bounds a schema sets itself', () => {
    const schema = Type.Object({
      id: Type.Integer({ minimum: 1 }),
      any: Type.Integer(),
      capped: Type.Integer({ exclusiveMaximum: 10 }),
      ids: Type.Array(Type.Integer()),
      maybe: Type.Union([Type.Integer(), Type.Null()]),
      typeList: { type: ['integer', 'null'] } as never,
      price: Type.Number(),
    });
    const hardened = hardenRequestSchema(schema) as any;
    expect(hardened.properties.id).toMatchObject({ minimum: 1, maximum: INT4_MAX });
    expect(hardened.properties.any).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hardened.properties.capped.maximum).toBeUndefined();
    expect(hardened.properties.capped.exclusiveMaximum).toBe(10);
    expect(hardened.properties.ids.items).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hardened.properties.maybe.anyOf[0]).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hardened.properties.typeList).toMatchObject({ minimum: INT4_MIN, maximum: INT4_MAX });
    expect(hardened.properties.price.maximum).toBeUndefined();

    expect(check(schema, { id: INT4_MAX, any: INT4_MIN, capped: 9, ids: [0], maybe: null, typeList: null, price: 1e30 }).valid).toBe(true);
    expect(
      check(schema, { id: INT4_MAX + 1, any: INT4_MIN - 1, capped: 1, ids: [1e21], maybe: 2 ** 31, typeList: 2 ** 40, price: 1 }).errors,
    ).toEqual(['/id maximum', '/any minimum', '/ids/0 maximum', '/maybe maximum', '/maybe type', '/maybe anyOf', '/typeList maximum']);
  });

  it('leaves records (patternProperties, typed additionalProperties) open to their own keys', () => {
    const schema = Type.Object({ variables: Type.Record(Type.String(), Type.String()) });
    const hardened = hardenRequestSchema(schema) as any;
    expect(hardened.properties.variables.additionalProperties).toBeUndefined();
    expect(hardened.properties.variables.properties).toBeUndefined();
    expect(check(schema, { variables: { customer_name: 'Ana', plan: 'gold' }, other: 1 }).value).toEqual({
      variables: { customer_name: 'Ana', plan: 'gold' },
    });
  });

  it('does not mutate the schema it is given (routes share schema objects with the OpenAPI document)', () => {
    const schema = Type.Object({
      id: Type.Integer(),
      inner: Type.Object({ n: Type.Integer() }),
      list: Type.Array(Type.Object({ a: Type.String() })),
      either: Type.Union([Type.Object({ a: Type.String() }), Type.Integer()]),
    });
    const before = JSON.stringify(schema);
    // Frozen all the way down: any write to the input throws (ES modules are strict).
    const hardened = hardenRequestSchema(deepFreeze(schema));
    expect(hardened).not.toBe(schema);
    expect(JSON.stringify(schema)).toBe(before);
    expect((hardened as any).properties.inner.additionalProperties).toBe(false);
    // TypeBox's symbol keys survive the copy, so TypeBox tooling still recognises the result.
    expect(Object.getOwnPropertySymbols(hardened)).toEqual(Object.getOwnPropertySymbols(schema));
  });

  it('refuses non-finite numbers (1e309 parses to Infinity)', () => {
    expect(check(Type.Object({ price: Type.Number() }), { price: Infinity }).valid).toBe(false);
    expect(check(Type.Object({ price: Type.Number() }), { price: NaN }).valid).toBe(false);
  });
});

describe('a validator compiling hardened schemas', () => {
  it('compiles a schema with an $id more than once (a shared schema used by several routes)', () => {
    const validator = createValidator({ coerceTypes: false, useDefaults: false });
    const shared = Type.Object({ a: Type.String() }, { $id: 'SharedForTwoRoutes' });
    const first = validator.compile(shared);
    expect(validator.compile(shared)).toBe(first);
    expect(hardenRequestSchema(shared)).toBe(hardenRequestSchema(shared));
  });
});
