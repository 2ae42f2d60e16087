import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hardenRequestSchema } from '../src/core/http/schema-hardening.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { recordedRouteKeys } from './helpers/route-recorder.js';

vi.mock('fastify', async (importOriginal) => (await import('./helpers/route-recorder.js')).recordingFastify(await importOriginal()));

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON paths of every object schema that has properties and still accepts unknown keys. */
function openObjects(schema: unknown, path: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => openObjects(item, `${path}[${i}]`));
  if (!isSchema(schema)) return [];
  const found: string[] = [];
  if (isSchema(schema.properties) && schema.additionalProperties !== false) found.push(path || '/');
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
      if (isSchema(value)) for (const [name, sub] of Object.entries(value)) found.push(...openObjects(sub, `${path}/${key}/${name}`));
    } else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && key !== 'required') {
      found.push(...openObjects(value, `${path}/${key}`));
    }
  }
  return found;
}

/**
 * Objects deliberately left open, each with its reason. Anything else open in a request schema
 * fails this test, so a new route cannot forget to close its body.
 */
const OPEN_BY_DESIGN: Record<string, string> = {};

/** Routes whose body the service validates itself, with createValidator (which hardens too). */
const BODY_VALIDATED_BY_SERVICE = new Set(['POST /api/user/assistant', 'PATCH /api/user/assistant/:id', 'PUT /api/user/assistant/:id']);

describe('request schemas of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const withSchema = () => recordedRouteKeys().map(({ key, route }) => ({ key, route, schema: (route.schema ?? {}) as Schema }));

  it('finds an object left open (the check itself can fail)', () => {
    expect(
      openObjects({ type: 'object', properties: { a: { type: 'object', properties: { b: {} }, additionalProperties: false } } }, ''),
    ).toEqual(['/']);
    expect(openObjects({ type: 'array', items: { anyOf: [{ type: 'object', properties: { b: {} } }] } }, '')).toEqual(['/items/anyOf[0]']);
  });

  it('sees the routes of the app', () => {
    const keys = withSchema().map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining(['PUT /api/user/knowledgebases/:id', 'PATCH /api/user/chatapp/senders/:id', 'PUT /api/user/folder/:id']),
    );
  });

  it('are closed at every object level that has properties, once hardened', () => {
    const open: string[] = [];
    for (const { key, schema } of withSchema()) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        if (schema[part] === undefined) continue;
        for (const path of openObjects(hardenRequestSchema(schema[part]), '')) {
          const where = `${key} ${part}${path}`;
          if (!(where in OPEN_BY_DESIGN)) open.push(where);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it('are compiled by the hardening validator, or validated by their service with it', () => {
    const own = withSchema()
      .filter(({ route, schema }) => schema.body !== undefined && route.validatorCompiler !== undefined)
      .map((r) => r.key);
    expect(own.filter((key) => !BODY_VALIDATED_BY_SERVICE.has(key))).toEqual([]);
  });
});
