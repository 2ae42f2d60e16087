import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Type } from '@sinclair/typebox';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { generateClientFiles } from '../../../scripts/generate-client.js';
import { derivedOperationId } from './openapi.js';
import { hoistNamedSchemas, mediaOf, named, type OpenApiDocument } from './openapi-components.js';
import { sampleOf } from './openapi-examples.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, any>;
let t: TestApp;
let doc: Json;

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
});

/** Every operation with where it lives, for messages that name the failing one. */
function allOperations(): Array<{ at: string; operation: Json }> {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, operation })),
  );
}

// File downloads answer bytes in their own media type, not JSON: there is no schema to name.
const FILE_DOWNLOADS = [
  'downloadChatappMedia',
  'downloadCallRecording',
  'exportCallsCsv',
  'exportConversationsCsv',
  'exportLedgerCsv',
  'downloadExport',
];

describe('the OpenAPI document', () => {
  it('names every operation once, in camelCase, and shows no alias path', () => {
    const ids = allOperations().map(({ at, operation }) => {
      expect(operation.operationId, at).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return operation.operationId as string;
    });
    expect(ids.length).toBeGreaterThan(90);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids).toEqual(
      expect.arrayContaining([
        'createAssistant',
        'listAssistants',
        'createConversation',
        'sendConversationMessage',
        'listCalls',
        'createApiKey',
      ]),
    );
    expect(Object.keys(doc.paths).filter((path) => path.includes('/whatsapp'))).toEqual([]);
  });

  it('refers every request body and 2xx answer to a named component', () => {
    const components = doc.components.schemas as Json;
    for (const { at, operation } of allOperations()) {
      for (const [kind, media] of mediaOf(operation)) {
        if (kind === 'Response' && FILE_DOWNLOADS.includes(operation.operationId)) {
          expect(media.schema, at).toEqual({ type: 'string', format: 'binary' });
          continue;
        }
        const ref = String(media.schema?.$ref ?? '');
        expect(ref, `${at} ${kind}`).toMatch(/^#\/components\/schemas\/[A-Z][A-Za-z0-9]+$/);
        expect(components[ref.split('/').pop()!], ref).toBeDefined();
      }
    }
    // Entities are named where they are declared, and reused by every answer that carries them.
    expect(components.GetAssistantResponse.properties.data).toEqual({ $ref: '#/components/schemas/Assistant' });
    expect(components.ListCallsResponse.properties.data.items).toEqual({ $ref: '#/components/schemas/Call' });
    expect(doc.paths['/api/user/assistant/{id}'].get.responses['404'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/MessageBody',
    );
  });

  it('documents file downloads in their own media type', () => {
    expect(Object.keys(doc.paths['/api/user/calls/{id}/recording'].get.responses['200'].content)).toEqual(['audio/wav']);
    expect(Object.keys(doc.paths['/api/user/chatapp/media/{id}'].get.responses['200'].content)).toEqual(['*/*']);
    expect(Object.keys(doc.paths['/api/user/exports/calls.csv'].get.responses['200'].content)).toEqual(['text/csv']);
  });

  it('gives every request body and 2xx answer an example that fits its schema', () => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, logger: false }));
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    let checked = 0;
    for (const { at, operation } of allOperations()) {
      for (const [kind, media] of mediaOf(operation)) {
        if (FILE_DOWNLOADS.includes(operation.operationId) && kind === 'Response') continue;
        expect(media.example, `${at} ${kind}`).toBeDefined();
        const validate = ajv.compile({ $ref: `openapi${String(media.schema?.$ref)}` });
        expect(validate(media.example) ? [] : validate.errors, `${at} ${kind}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(120);
  });

  it('carries the hand-written examples of the main flow', () => {
    const create = doc.paths['/api/conversations'].post.requestBody.content['application/json'];
    expect(create.example).toEqual({
      assistant_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'widget',
      variables: { customer_name: 'Ana' },
    });
  });

  it('is a valid OpenAPI 3.1 document (structure, references, operationIds, examples, security)', async () => {
    // The generator's own checks, which throw on the first error.
    await expect(generateClientFiles(doc)).resolves.toMatchObject({ types: expect.stringContaining('"/api/user/assistant/{id}"') });
    // The checks can fail: a keyword OpenAPI does not know is refused.
    const broken = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {},
      components: { schemas: { Id: { type: 'integer', errorMessage: 'not a keyword' } } },
    };
    await expect(generateClientFiles(broken)).rejects.toThrow(/errorMessage/);
  }, 120_000);
});

describe('operation names and named schemas', () => {
  it('derives a name from the method and path of a route that gives none', () => {
    expect(derivedOperationId('POST', '/api/user/chatapp/voice/call')).toBe('postUserChatappVoiceCall');
    expect(derivedOperationId('GET', '/api/user/knowledgebases/:id/documents/:docId')).toBe('getUserKnowledgebasesByIdDocumentsByDocId');
    expect(derivedOperationId('POST', '/api/user/make_call')).toBe('postUserMakeCall');
  });

  const documentWith = (...schemas: Json[]): OpenApiDocument => ({
    paths: Object.fromEntries(
      schemas.map((schema, i) => [
        `/p${i}`,
        { get: { operationId: `op${i}`, responses: { 200: { content: { 'application/json': { schema } } } } } },
      ]),
    ),
  });

  it('turns every use of a named schema into a reference, nullable uses included', () => {
    const Thing = named('Thing', Type.Object({ id: Type.Integer() }));
    const hoisted = hoistNamedSchemas(
      documentWith(
        { type: 'object', properties: { thing: Thing } },
        { type: 'object', properties: { maybe: { ...Thing, type: ['object', 'null'], description: 'Absent until set.' } } },
      ),
    );
    expect(hoisted.components!.schemas!.Thing).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } });
    expect(hoisted.components!.schemas!.Op0Response).toEqual({
      type: 'object',
      properties: { thing: { $ref: '#/components/schemas/Thing' } },
    });
    expect(hoisted.components!.schemas!.Op1Response!.properties).toEqual({
      maybe: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }], description: 'Absent until set.' },
    });
  });

  it('refuses two different schemas under one name', () => {
    const first = named('Thing', Type.Object({ id: Type.Integer() }));
    const second = named('Thing', Type.Object({ id: Type.String() }));
    expect(() => hoistNamedSchemas(documentWith(first, second))).toThrow('Two different schemas are named Thing');
  });

  it('builds examples inside the bounds, formats and patterns of a schema', () => {
    const context = { components: {}, request: false, depth: 0 };
    expect(sampleOf({ type: 'integer', minimum: 5 }, context)).toBe(5);
    expect(sampleOf({ type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' }, context)).toBe('#1F6FEB');
    expect(sampleOf({ type: 'array', items: { type: 'string' }, maxItems: 0 }, context)).toEqual([]);
    expect(
      sampleOf(
        { type: 'object', required: ['a'], properties: { a: { type: 'boolean' }, b: { type: 'string', format: 'uuid' } } },
        { ...context, request: true },
      ),
    ).toEqual({ a: true });
  });
});
