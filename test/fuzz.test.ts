import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { bearer, createUser } from './helpers/factories.js';
import { apiFor, createAssistant } from './helpers/assistants.js';
import { startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { newAccountSid, startFakeTwilio, type FakeTwilio } from './helpers/fakes/twilio.js';
import { chatappEnv, createSimulatorSender, sign } from './helpers/chatapp.js';
import { encodeText, hostileUrlText, hostileValue, toJsonText, valueFor, type SchemaContext } from './helpers/fuzz-values.js';
import { rawBodyCases } from './helpers/fuzz-raw-bodies.js';

/**
 * Property-based fuzzing of every operation in the served OpenAPI document: generated path,
 * query and body values (fitting, wrong types, nulls, huge, deep, NUL and lone surrogates,
 * out-of-range numbers, unknown keys), as the owner of real resources, anonymously and with bad
 * tokens. No input may produce a 5xx. The seed is fixed, so a failure reproduces.
 */

// A deeper local run: FUZZ_RUNS=300 FUZZ_SEED=7 npx vitest run test/fuzz.test.ts
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_610);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 25);

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  spec: Schema;
}
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let graph: FakeGraph;
let twilio: FakeTwilio;
let token: string;
let doc: Schema;
const known: Record<string, unknown[]> = {};

beforeAll(async () => {
  graph = await startFakeGraph();
  const accountSid = newAccountSid();
  twilio = await startFakeTwilio({ [accountSid]: 'fuzz-twilio-token' });
  // Every optional integration configured, so that no route answers its deliberate "not configured"
  // 503; the speech providers point at a closed local port, since no call audio flows here.
  const nowhere = 'http://127.0.0.1:9';
  t = await buildTestApp({
    env: {
      ...chatappEnv(graph),
      PUBLIC_URL: 'https://voice.switchboard.test',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: 'fuzz-twilio-token',
      TWILIO_API_URL: twilio.url,
      TWILIO_VOICE_API_URL: twilio.url,
      ELEVENLABS_API_KEY: 'fuzz',
      ELEVENLABS_API_URL: nowhere,
      DEEPGRAM_API_KEY: 'fuzz',
      DEEPGRAM_API_URL: nowhere,
      SPEECH_API_KEY: 'fuzz',
      SPEECH_BASE_URL: nowhere,
    },
  });
  // Other accounts first, so the fuzzing user's ids are not the small numbers the fuzz also tries.
  for (let i = 0; i < 3; i++) await createUser(t.deps, i === 0 ? { email: 'taken@example.com' } : {});
  const owner = await createUser(t.deps, { balanceUsd: 1000 });
  token = owner.token;
  const api = apiFor(t, token);
  const assistant = await createAssistant(api, { status: 'active' });
  const created = async (url: string, body: unknown) => {
    const res = await api.post(url, body);
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const idOf = async (url: string, body: unknown): Promise<number> => (await created(url, body)).data.id;
  const folder = await idOf('/api/user/folder', { name: 'Fuzz folder' });
  const label = await idOf('/api/user/label', { name: 'Fuzz label' });
  const kb = await idOf('/api/user/knowledgebases', { name: 'Fuzz KB' });
  const document = await idOf(`/api/user/knowledgebases/${kb}/documents`, {
    name: 'Notes',
    type: 'txt',
    content: 'Opening hours are 9 to 5.',
  });
  const tool = await idOf('/api/user/tools', {
    name: 'check_order',
    description: 'Looks up an order',
    endpoint: 'http://127.0.0.1:9/orders',
    method: 'GET',
  });
  const phoneNumber = await idOf('/api/user/phone-numbers', { phone_number: '+14155550100' });
  const sender = await createSimulatorSender(t.app, token);
  const conversation = await created('/api/conversations', { assistant_id: assistant.uuid });
  Object.assign(known, {
    assistant: [assistant.id],
    folder: [folder],
    label: [label],
    knowledgebase: [kb],
    document: [document],
    tool: [tool],
    sender: [sender.id],
    conversation: [conversation.conversation_id],
    // Cursors of the right form naming ids no row can have.
    cursor: [2 ** 31, 2 ** 53, -1, 1.5, '1'].map((id) =>
      Buffer.from(JSON.stringify({ id, _pointsToNextItems: true })).toString('base64url'),
    ),
    phone_number_id: [phoneNumber],
    tool_ids: [[tool]],
    // Values that exist already, so that unique and foreign-key constraints are exercised too.
    phone_number: ['+14155550100', '+40755000001'],
    recipient_phone: ['+40755000001'],
    from: ['+40755000001'],
    timezone: ['Europe/Bucharest', 'Mars/Olympus_Mons'],
    email: ['taken@example.com'],
    assistant_id: [assistant.id, assistant.uuid],
    sender_id: [sender.id],
    knowledgebase_id: [kb],
    folder_id: [folder],
  });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await graph?.close();
  await twilio?.close();
});

function operations(): Operation[] {
  const all: Operation[] = [];
  for (const [path, methods] of Object.entries<Schema>(doc.paths)) {
    for (const [method, spec] of Object.entries<Schema>(methods)) all.push({ method: method.toUpperCase(), path, spec });
  }
  // Deletes last, so the resources the other operations reach stay in place.
  return all.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

const context: SchemaContext = {
  resolve: (schema) => (typeof schema.$ref === 'string' ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema),
  known: (field) => known[field],
};

/** The real resource a path parameter names, from the path's shape. */
function knownPathValue(path: string, name: string): unknown[] {
  if (name === 'uuid') return known.conversation!;
  if (name === 'docId') return known.document!;
  const owner = [
    ['/assistant/', 'assistant'],
    ['/folder/', 'folder'],
    ['/label/', 'label'],
    ['/knowledgebases/', 'knowledgebase'],
    ['/senders/', 'sender'],
    ['/tools/', 'tool'],
    ['/phone-numbers/', 'phone_number_id'],
  ].find(([prefix]) => path.includes(prefix!));
  return owner ? known[owner[1]!]! : [1];
}

const authHeaders = fc.oneof(
  { arbitrary: fc.constant('owner'), weight: 17 },
  { arbitrary: fc.constant('anonymous'), weight: 2 },
  {
    arbitrary: fc.constantFrom('Bearer 2147483648|aaaaaaaaaaaaaaaaaaaaaaaa', 'Bearer 1|' + 'a'.repeat(300), 'Basic dXNlcjpwYXNz', 'Bearer'),
    weight: 1,
  },
);

function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters: Schema[] = operation.spec.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const jsonSchema = operation.spec.requestBody?.content?.['application/json']?.schema;

  const path = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...knownPathValue(operation.path, p.name)).map(encodeText), weight: 3 },
        { arbitrary: hostileUrlText, weight: 2 },
        { arbitrary: valueFor(p.schema, context).map(encodeText), weight: 1 },
      ),
    ),
  );
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof({ arbitrary: valueFor(p.schema, context, p.name).map(encodeText), weight: 3 }, { arbitrary: hostileUrlText, weight: 1 }),
        { freq: 3 },
      ),
    ),
    fc.option(fc.tuple(fc.constantFrom('zzz', 'page', 'per_page', 'cursor', 'id'), hostileUrlText), { freq: 4 }),
  );
  const body = jsonSchema ? fc.option(valueFor(jsonSchema, context), { freq: 20 }) : fc.option(hostileValue, { freq: 8 });

  const streaming = fc.oneof({ arbitrary: fc.constant(false), weight: 9 }, { arbitrary: fc.constant(true), weight: 1 });
  return fc.tuple(path, query, body, authHeaders, streaming).map(([pathValues, [...queryValues], bodyValue, auth, stream]) => {
    let url = operation.path;
    pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, pathValues[i] as string);
    });
    const extra = queryValues.pop() as [string, string] | null;
    const pairs = queryParams.flatMap((p, i) => (queryValues[i] === null ? [] : [`${p.name}=${queryValues[i]}`]));
    if (extra) pairs.push(`${extra[0]}=${extra[1]}`);
    if (pairs.length > 0) url += `?${pairs.join('&')}`;
    const headers: Record<string, string> = auth === 'owner' ? bearer(token) : auth === 'anonymous' ? {} : { authorization: auth };
    if (stream) headers.accept = 'text/event-stream';
    if (bodyValue === null) return { method: operation.method, url, headers };
    const payload = toJsonText(bodyValue);
    headers['content-type'] = 'application/json';
    if (operation.path === '/api/webhooks/chatapp') headers['x-hub-signature-256'] = sign(payload);
    return { method: operation.method, url, headers, payload };
  });
}

async function send(request: FuzzRequest) {
  const headers = { ...request.headers };
  // The logout operation revokes the token that calls it: give it one of its own.
  if (request.url.split('?')[0] === '/api/auth/logout' && headers.authorization === `Bearer ${token}`) {
    const key = await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: bearer(token), payload: { name: 'fuzz' } });
    headers.authorization = `Bearer ${key.json().api_key.token}`;
  }
  return t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload });
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const byOperation = operations();
    const requests: FuzzRequest[] = [];
    byOperation.forEach((operation, index) => {
      requests.push(...fc.sample(requestsFor(operation), { seed: SEED + index, numRuns: RUNS_PER_OPERATION }));
      if (operation.spec.requestBody) requests.push(...rawBodyCases(operation, token, (body) => sign(body as string)));
    });
    // Deletes last, across generated and raw requests alike.
    requests.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const started = Date.now();
    for (const request of requests) {
      const res = await send(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 300);
        failures.push(`${res.statusCode} ${request.method} ${request.url.slice(0, 200)} ${payload} -> ${res.body.slice(0, 200)}`);
      }
    }
    const distribution = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    console.log(
      `fuzzed ${requests.length} requests over ${byOperation.length} operations in ${Date.now() - started} ms; statuses ${JSON.stringify(distribution)}; 5xx: ${failures.length}`,
    );
    expect(byOperation.length).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, 600_000);
});
