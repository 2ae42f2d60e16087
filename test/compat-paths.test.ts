import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { createUser } from './helpers/factories.js';
import { startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { startFakeOpenAi, type FakeOpenAi } from './helpers/fakes/openai.js';
import { VERIFY_TOKEN, chatappEnv, createCloudSender, inboundText, sign } from './helpers/chatapp.js';
import { RELAXED_LIMITS } from './helpers/conversations.js';
import { assistantBody } from './helpers/assistants.js';
import { referenceClient } from './helpers/reference-client.js';

/** Drop-in compatibility, paths: every route a client of the reference calls answers at its path. */
let graph: FakeGraph;
let llm: FakeOpenAi;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let client: ReturnType<typeof referenceClient>;
let sender: { id: number; phone_number_id: string };
beforeAll(async () => {
  graph = await startFakeGraph();
  llm = await startFakeOpenAi();
  t = await buildTestApp({
    env: { ...chatappEnv(graph), LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-test', LLM_MAX_RETRIES: '0', ...RELAXED_LIMITS },
  });
  owner = await createUser(t.deps, { balanceUsd: 10 });
  client = referenceClient(t.app, owner.token);
  sender = await createCloudSender(t.app, graph, owner.token);
});
afterAll(async () => {
  await t.close();
  await graph.close();
  await llm.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(1_000);
});

type Operation = { description?: string };
const openApi = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
/** The document's `{id}` back to the router's `:id`. */
const routerPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('the whatsapp spelling of every chatapp path', () => {
  it('is routed for every chatapp operation of the document, which itself shows only the chatapp form and names the alias', async () => {
    const doc = await openApi();
    const chatappOperations = Object.entries(doc.paths)
      .filter(([path]) => path.includes('/chatapp'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      );
    // Senders (CRUD, templates, sync, simulator), messaging (5) and voice (2), and the platform webhook (GET and POST).
    expect(chatappOperations.length).toBeGreaterThanOrEqual(16);
    for (const { path, method, operation } of chatappOperations) {
      const alias = path.replace('/chatapp', '/whatsapp');
      expect(t.app.hasRoute({ method: method as 'GET', url: routerPath(alias) }), `${method} ${alias}`).toBe(true);
      expect(operation.description, `${method} ${path}`).toContain(`Also at \`${alias}\``);
    }
    expect(Object.keys(doc.paths).filter((path) => path.includes('/whatsapp'))).toEqual([]);
  });

  it('serves the reference flow end to end: senders, templates, session status, send, freeform, messages, call permission', async () => {
    const senders = await client.get('/api/user/whatsapp/senders');
    expect(senders.statusCode).toBe(200);
    expect(senders.json().data.map((s: { id: number }) => s.id)).toEqual([sender.id]);
    const templates = await client.get(`/api/user/whatsapp/senders/${sender.id}/templates`);
    expect(templates.statusCode).toBe(200);
    const reminder = templates.json().data.find((x: { name: string }) => x.name === 'appointment_reminder');

    const closed = await client.get(`/api/user/whatsapp/session-status?sender_id=${sender.id}&recipient_phone=%2B40722000101`);
    expect(closed.json()).toMatchObject({
      success: true,
      has_conversation: false,
      session_status: { is_open: false, requires_template: true },
    });

    const sent = await client.post('/api/user/whatsapp/send', {
      sender_id: sender.id,
      template_id: reminder.id,
      recipient_phone: '+40722000101',
      variables: { 1: 'John', 2: 'January 15, 2026', 3: '2:00 PM' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
      whatsapp_message_id: sent.json().message_id,
      message_sid: 'wamid.FAKE000001',
      status: 'queued',
    });
    expect(graph.sends().map((s) => [s.path, s.body.to, s.body.type])).toEqual([
      [`/${sender.phone_number_id}/messages`, '40722000101', 'template'],
    ]);

    // The customer answers on the platform's webhook, posted at its whatsapp path.
    const body = JSON.stringify(
      inboundText({ phoneNumberId: sender.phone_number_id, from: '40722000101', id: 'wamid.alias1', at: t.clock.now(), text: 'Yes' }),
    );
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
      payload: body,
    });
    expect(webhook.statusCode).toBe(200);
    expect(webhook.json()).toEqual({ received: true });
    await t.deps.jobs.drain();

    const freeform = await client.post('/api/user/whatsapp/send-freeform', {
      sender_id: sender.id,
      recipient_phone: '+40722000101',
      message: 'See you then.',
    });
    expect(freeform.statusCode).toBe(200);
    expect(freeform.json()).toMatchObject({
      success: true,
      whatsapp_message_id: freeform.json().message_id,
      session_status: { is_open: true, can_send_freeform: true },
    });
    expect(graph.sends().at(-1)!.body).toMatchObject({ to: '40722000101', type: 'text', text: { body: 'See you then.' } });

    const messages = await client.get(`/api/user/whatsapp/messages?sender_id=${sender.id}&recipient_phone=%2B40722000101`);
    expect(messages.json().data.map((m: { direction: string }) => m.direction)).toEqual(['outbound', 'inbound', 'outbound']);

    const permission = await client.get(`/api/user/whatsapp/voice/permission?sender_id=${sender.id}&recipient_phone=%2B40722000101`);
    expect(permission.statusCode).toBe(200);
    expect(permission.json()).toMatchObject({
      sender_id: sender.id,
      customer_phone: '+40722000101',
      status: null,
      can_call: false,
      can_request: true,
    });
    const request = await client.post('/api/user/whatsapp/voice/request', { sender_id: sender.id, recipient_phone: '+40722000101' });
    expect(request.statusCode).toBe(200);
    expect(request.json()).toMatchObject({ success: true, status: 'pending', can_call: false, can_request: false });
  });

  it('speaks the same errors as the chatapp path, and the same auth', async () => {
    const unknown = await client.get('/api/user/whatsapp/senders/999999/templates');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
    const anonymous = await referenceClient(t.app).get('/api/user/whatsapp/senders');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    const invalid = await client.post('/api/user/whatsapp/send', { sender_id: sender.id });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
    expect(graph.sends()).toEqual([]);
  });

  it('verifies the platform webhook handshake and refuses unsigned events at the whatsapp path too', async () => {
    const handshake = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    });
    expect(handshake.statusCode).toBe(200);
    expect(handshake.body).toBe('1158201444');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ message: 'Invalid signature.' });
  });
});

describe('older and plural paths', () => {
  it("creates folders and labels at the plural path, with the singular path's body and errors", async () => {
    for (const [kind, noun] of [
      ['folders', 'Folder'],
      ['labels', 'Label'],
    ] as const) {
      const created = await client.post(`/api/user/${kind}`, { name: `Acme ${kind}`, color: 'blue' });
      expect(created.statusCode, kind).toBe(201);
      expect(created.json()).toMatchObject({ message: `${noun} created successfully`, data: { name: `Acme ${kind}`, color: 'blue' } });
      const duplicate = await client.post(`/api/user/${kind}`, { name: `Acme ${kind}` });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json()).toEqual({
        message: 'The name has already been taken.',
        errors: { name: ['The name has already been taken.'] },
      });
      const listed = await client.get(`/api/user/${kind}`);
      expect(listed.json().data.map((g: { name: string }) => g.name)).toEqual([`Acme ${kind}`]);
    }
  });

  it('answers POST /api/ai/generate-reply like /api/user/ai/generate-reply', async () => {
    const assistant = (await client.post('/api/user/assistant', assistantBody())).json().data as { id: number };
    llm.reply({ content: 'Hi John! What day works for you?' });
    const res = await client.post('/api/ai/generate-reply', {
      assistant_id: assistant.id,
      customer_identifier: '+14155551234',
      message: 'I need an appointment',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      conversation_id: expect.any(String),
      customer_identifier: '+14155551234',
      reply: 'Hi John! What day works for you?',
      function_calls: [],
      ai_disabled: false,
    });
    const missing = await client.post('/api/ai/generate-reply', { customer_identifier: 'x', message: 'y' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The assistant id field is required.',
      errors: { assistant_id: ['The assistant id field is required.'] },
    });
  });

  it("logs in at POST /api/white-label/login with the reference's bodies", async () => {
    // The reference's admin key rides along in Authorization; the credentials in the body decide.
    const anon = referenceClient(t.app, 'some-admin-key');
    const ok = await anon.post('/api/white-label/login', { email: owner.email, password: owner.password, token_name: 'n8n' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Login successful.',
      user: { id: owner.user.id, name: expect.any(String), email: owner.email },
      token: expect.stringMatching(/^\d+\|/),
      token_name: 'n8n',
      expires_at: expect.any(String),
    });
    const me = await referenceClient(t.app, ok.json().token).get('/api/user/me');
    expect(me.json()).toMatchObject({ id: owner.user.id, email: owner.email });
    const defaultName = await anon.post('/api/white-label/login', { email: owner.email, password: owner.password });
    expect(defaultName.json().token_name).toBe('api-token');

    const wrong = await anon.post('/api/white-label/login', { email: owner.email, password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    const empty = await anon.post('/api/white-label/login', { password: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'The email field is required.', errors: { email: ['The email field is required.'] } });
  });

  it('keeps the aliases out of the document and names them on the main routes', async () => {
    const doc = await openApi();
    for (const hidden of ['/api/user/folders', '/api/user/labels']) expect(doc.paths[hidden]?.post, hidden).toBeUndefined();
    expect(doc.paths['/api/ai/generate-reply']).toBeUndefined();
    expect(doc.paths['/api/white-label/login']).toBeUndefined();
    expect(doc.paths['/api/user/folder']!.post!.description).toContain('Also at `/api/user/folders`');
    expect(doc.paths['/api/user/ai/generate-reply']!.post!.description).toContain('Also at `/api/ai/generate-reply`');
    expect(doc.paths['/api/auth/login']!.post!.description).toContain('Also at `/api/white-label/login`');
  });
});
