import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, type Api } from '../../../test/helpers/assistants.js';
import { startFakeGraph, type FakeGraph } from '../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, createSimulatorSender, inboundText, postWebhook } from '../../../test/helpers/chatapp.js';
import { PLATFORM_WEBHOOK_JOB } from '../../modules/chatapp/inbound/inbound.service.js';
import { jsonDepthExceeds } from './json-body.js';
import { findUnstorableInput } from './input-guard.js';

let graph: FakeGraph;
let t: TestApp;
let token: string;
let api: Api;
let assistant: { id: number; uuid: string };
let kbId: number;
let senderId: number;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps, { balanceUsd: 10 })).token;
  api = apiFor(t, token);
  assistant = await createAssistant(api);
  kbId = (await api.post('/api/user/knowledgebases', { name: 'KB' })).json().data.id;
  senderId = (await createSimulatorSender(t.app, token)).id;
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const raw = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string | Buffer, contentType = 'application/json') =>
  t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': contentType }, payload });

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const TOO_DEEP = 'The request body is nested too deeply (more than 64 levels).';

describe('an empty body with Content-Type: application/json', () => {
  it('is no body on DELETE and on a POST that takes none', async () => {
    const folder = (await api.post('/api/user/folder', { name: 'Old' })).json().data;
    const deleted = await raw('DELETE', `/api/user/folder/${folder.id}`, '');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Folder deleted successfully' });
    const rotated = await raw('POST', '/api/user/webhook-secret/rotate', '');
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
  });

  it('is every field missing on a route that needs a body', async () => {
    const res = await raw('POST', '/api/user/folder', '');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
    const blank = await raw('POST', '/api/user/folder', ' \n ');
    expect(blank.statusCode).toBe(422);
  });
});

describe('framework 400s take the shape each route declares', () => {
  it('generate-reply answers bad JSON, prototype keys and deep nesting in its coded 400 shape', async () => {
    const url = '/api/user/ai/generate-reply';
    const cases: Array<[string, { error: string; error_code: string }]> = [
      ['{"assistant_id": ', { error: 'The request body is not valid JSON.', error_code: 'INVALID_JSON' }],
      ['{"assistant_id": 1, "__proto__": {"admin": true}}', { error: 'The request body is not valid JSON.', error_code: 'INVALID_JSON' }],
      ['{"constructor": {"prototype": {"admin": true}}}', { error: 'The request body is not valid JSON.', error_code: 'INVALID_JSON' }],
      [nestedArrays(5000), { error: TOO_DEEP, error_code: 'BODY_TOO_DEEP' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await raw('POST', url, payload);
      expect(res.statusCode, payload.slice(0, 40)).toBe(400);
      expect(res.json()).toEqual({ success: false, ...expected });
    }
    const empty = await raw('POST', url, '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      assistant_id: ['The assistant id field is required.'],
      customer_identifier: ['The customer identifier field is required.'],
      message: ['The message field is required.'],
    });
    // Bytes that are not UTF-8 decode to U+FFFD: valid JSON, so the request is judged on its fields.
    const latin = await raw(
      'POST',
      url,
      Buffer.concat([
        Buffer.from('{"assistant_id": 999999, "customer_identifier": "c'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('", "message": "hi"}'),
      ]),
    );
    expect(latin.statusCode).toBe(404);
    expect(latin.json()).toEqual({
      success: false,
      error: 'Assistant not found or does not belong to you',
      error_code: 'ASSISTANT_NOT_FOUND',
    });
  });

  it('every family gets its own shape for the same malformed body', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/user/folder', { message: TOO_DEEP }],
      ['PUT', `/api/user/assistant/${0}`, { message: TOO_DEEP }],
      ['POST', '/api/user/knowledgebases', { error: TOO_DEEP }],
      ['POST', '/api/user/chatapp/send', { success: false, error: TOO_DEEP, error_code: 'BODY_TOO_DEEP' }],
      ['POST', `/api/conversations/${assistant.uuid}/messages`, { status: false, error: TOO_DEEP }],
    ];
    for (const [method, url, body] of cases) {
      const res = await raw(method as 'POST', url, `{"name": ${nestedArrays(100)}}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(body);
    }
  });

  it('accepts nesting up to the limit', async () => {
    const res = await raw('POST', '/api/user/folder', `{"name": ${nestedArrays(63)}}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The name field must be a string.', errors: { name: ['The name field must be a string.'] } });
  });
});

describe('NUL characters and lone surrogates', () => {
  const refused = (field: string) => `The ${field.replace(/_/g, ' ')} field must not contain NUL characters or unpaired UTF-16 surrogates.`;

  it('are refused in body strings and keys, nested too, in the validation shape', async () => {
    const res = await api.post('/api/user/ai/generate-reply', {
      assistant_id: assistant.id,
      customer_identifier: 'c\u0000',
      message: 'hi \ud800',
      variables: { ok: 'x\udc00' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: `${refused('customer_identifier')} (and 2 more errors)`,
      errors: {
        customer_identifier: [refused('customer_identifier')],
        message: [refused('message')],
        'variables.ok': [refused('variables.ok')],
      },
    });
    // A key is judged too, where the schema lets any key through.
    const keyed = await api.post('/api/user/chatapp/send', {
      sender_id: senderId,
      template_id: 1,
      recipient_phone: '+40755000001',
      variables: { 'k\u0000': 'v' },
    });
    expect(keyed.statusCode).toBe(422);
    expect(keyed.json()).toEqual({
      success: false,
      error: refused('variables'),
      error_code: 'VALIDATION_ERROR',
      errors: { variables: [refused('variables')] },
    });
    const pair = await api.post('/api/user/folder', { name: 'Smile \ud83d\ude00' });
    expect(pair.statusCode).toBe(201);
  });

  it("are refused in the query, in the route's shape, and make a path parameter not found", async () => {
    const list = await api.get('/api/user/conversations?external_identifier=a%00b');
    expect(list.statusCode).toBe(422);
    expect(list.json()).toEqual({
      message: refused('external_identifier'),
      errors: { external_identifier: [refused('external_identifier')] },
    });
    const coded = await api.get(`/api/user/chatapp/messages?sender_id=${senderId}&recipient_phone=%2B4071%00`);
    expect(coded.statusCode).toBe(422);
    expect(coded.json()).toMatchObject({
      success: false,
      error_code: 'VALIDATION_ERROR',
      errors: { recipient_phone: [refused('recipient_phone')] },
    });
    const simulated = await api.post(`/api/user/chatapp/senders/${senderId}/simulate/inbound`, { from: '+40755000001', text: 'hi\u0000' });
    expect(simulated.statusCode).toBe(422);
    expect(simulated.json()).toEqual({
      success: false,
      error: refused('text'),
      error_code: 'VALIDATION_ERROR',
      errors: { text: [refused('text')] },
    });
    const conversation = await t.app.inject({ method: 'GET', url: '/api/conversations/%00' });
    expect(conversation.statusCode).toBe(404);
    expect(conversation.json()).toEqual({ status: false, error: 'Conversation not found' });
  });

  it("are dropped from the platform webhook's text, which is still stored and processed", async () => {
    const cloud = await createCloudSender(t.app, graph, token);
    const event = inboundText({
      phoneNumberId: cloud.phone_number_id,
      from: '40755000777',
      id: 'wamid.nul',
      at: t.clock.now(),
      text: 'Hel\u0000lo \ud800there\udc00 \ud83d\ude00',
    });
    const res = await postWebhook(t.app, JSON.stringify(event));
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    const failed = await t.deps.db
      .selectFrom('jobs')
      .select('last_error')
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .where('status', '!=', 'succeeded')
      .execute();
    expect(failed).toEqual([]);
    const messages = (await api.get(`/api/user/chatapp/messages?sender_id=${cloud.id}&recipient_phone=%2B40755000777`)).json();
    expect(messages.data.map((m: { body: string }) => m.body)).toEqual(['Hello there \ud83d\ude00']);
  });
});

describe('numbers a database column cannot hold', () => {
  it('make a path id not found', async () => {
    for (const id of ['2147483648', '1e21', '1e309', 'Infinity', '-1', '99999999999999999999']) {
      const res = await api.get(`/api/user/folder/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Folder not found' });
    }
    // The assistant routes validate their bodies themselves, but their ids are bounded the same way.
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/user/assistant/2147483648', headers: bearer(token), payload: { name: 'x' } });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ message: 'Assistant not found' });
    }
  });

  it('name no assistant in a list filter', async () => {
    const res = await api.get('/api/user/conversations?assistant_id=2147483648');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The assistant id field must be an assistant id or UUID.',
      errors: { assistant_id: ['The assistant id field must be an assistant id or UUID.'] },
    });
  });

  it('are validation errors in the query and the body', async () => {
    const infinite = await api.get('/api/user/folders?page=1e309');
    expect(infinite.statusCode).toBe(422);
    expect(infinite.json()).toEqual({
      message: 'The page field must be a finite number.',
      errors: { page: ['The page field must be a finite number.'] },
    });
    const huge = await api.get('/api/user/assistants/get?per_page=2147483648');
    expect(huge.statusCode).toBe(422);
    const body = await raw(
      'POST',
      `/api/user/knowledgebases/${kbId}/documents`,
      '{"name": "Site", "type": "website", "url": "https://example.com", "relative_links_limit": 1e309}',
    );
    expect(body.statusCode).toBe(422);
    expect(Object.keys(body.json().errors)).toEqual(['relative_links_limit']);
  });

  it('a JSON "file" is not a file', async () => {
    for (const file of [true, 'JVBERi0xLjQ=', { type: 'Buffer', data: [37, 80, 68, 70] }]) {
      const res = await api.post(`/api/user/knowledgebases/${kbId}/documents`, { name: 'Doc', type: 'pdf', file });
      expect(res.statusCode, JSON.stringify(file)).toBe(422);
      expect(res.json()).toEqual({ message: 'The file field must be a file.', errors: { file: ['The file field must be a file.'] } });
    }
  });
});

describe('malformed multipart uploads', () => {
  const boundary = 'xyzboundary';
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
  const upload = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    raw('POST', `/api/user/knowledgebases/${kbId}/documents`, payload, contentType);

  it("are 400 with what is wrong, in the knowledge bases' shape", async () => {
    const truncated = await upload(part('name', 'Doc') + part('type', 'txt'));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ error: 'The multipart body is malformed (Unexpected end of multipart data).' });
    const noBoundary = await upload(`${part('name', 'Doc')}--${boundary}--\r\n`, 'multipart/form-data');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ error: 'The multipart body is malformed (Multipart: Boundary not found).' });
    const twoFiles = await upload(
      `${part('name', 'Doc')}${part('type', 'txt')}${part('file', 'one', 'a.txt')}${part('file', 'two', 'b.txt')}--${boundary}--\r\n`,
    );
    expect(twoFiles.statusCode).toBe(413);
    expect(twoFiles.json()).toEqual({ error: 'Upload one file per document.' });
  });

  it('refuse field names that would reach the prototype, and still accept a well-formed upload', async () => {
    const proto = await upload(`${part('name', 'Notes')}${part('__proto__', 'x')}--${boundary}--\r\n`);
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ error: 'The multipart body is malformed (prototype property is not allowed as field name).' });
    const res = await upload(
      `${part('name', 'Notes')}${part('type', 'txt')}${part('file', 'Opening hours are 9 to 5.', 'notes.txt')}--${boundary}--\r\n`,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Notes', type: 'txt' });
  });
});

describe('the scanners', () => {
  it('count nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('{"a": "\\"[[[", "b": [[1]]}', 2)).toBe(true);
    expect(jsonDepthExceeds('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[],[],[[[]]]]', 3)).toBe(true);
  });

  it('name every unstorable string, key and number by its path', () => {
    expect(
      findUnstorableInput({ a: ['ok', 'x\u0000'], b: { 'c\ud800': 1 }, d: Infinity, e: '\ud83d\ude00', f: [{ g: '\udfff' }] }),
    ).toEqual([
      { field: 'a.1', kind: 'text' },
      { field: 'b', kind: 'text' },
      { field: 'd', kind: 'number' },
      { field: 'f.0.g', kind: 'text' },
    ]);
  });
});
