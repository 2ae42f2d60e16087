import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { graphErrorBody, startFakeGraph, type FakeGraph } from '../../../test/helpers/fake-graph.js';
import { apiFor, createAssistant } from '../../../test/helpers/assistants.js';
import { ACCESS_TOKEN, chatappEnv, createCloudSender, createSimulatorSender } from '../../../test/helpers/chatapp.js';

let graph: FakeGraph;
let t: TestApp;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => graph.reset());

const inject = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /api/user/chatapp/senders', () => {
  it('registers a cloud_api sender, checks its credentials by loading its templates, and never returns the token', async () => {
    const { token } = await createUser(t.deps);
    const sender = await createCloudSender(t.app, graph, token, { phone_number: '40-711 222 333', waba_id: '555000111' });
    expect(sender).toMatchObject({
      phone_number: '+40711222333', display_name: 'Acme Support', status: 'online', platform: 'cloud_api', country_code: 'RO',
      voice_calling_enabled: true, waba_id: '555000111', quality_rating: 'UNKNOWN', messaging_limit: null, messaging_limit_formatted: 'Unlimited',
      templates_synced_at: t.clock.now().toISOString().replace('Z', '000Z'), templates_sync_error: null,
    });
    expect(JSON.stringify(sender)).not.toContain(ACCESS_TOKEN);
    const [listing] = graph.requests;
    expect(listing).toMatchObject({ method: 'GET', path: '/555000111/message_templates', headers: { authorization: `Bearer ${ACCESS_TOKEN}` } });
    expect(listing!.query.fields).toContain('components');

    const row = await t.deps.db.selectFrom('chatapp_senders').select('access_token_sealed').where('id', '=', sender.id).executeTakeFirstOrThrow();
    expect(row.access_token_sealed).not.toContain(ACCESS_TOKEN);
    expect(t.deps.secrets.open(row.access_token_sealed!)).toBe(ACCESS_TOKEN);
  });

  it('creates nothing when the platform refuses the credentials, and says what the platform said', async () => {
    const { token } = await createUser(t.deps);
    graph.override(() => ({ status: 401, body: graphErrorBody(190, 'Error validating access token: Session has expired.') }));
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'X', phone_number: '+40711222334', platform: 'cloud_api', phone_number_id: '1', waba_id: '2', access_token: 'bad',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false, error_code: 'PLATFORM_REJECTED', error: 'The messaging platform refused these credentials: Error validating access token: Session has expired.',
      platform_error: { code: 190 },
    });
    expect((await inject(token, 'GET', '/api/user/chatapp/senders?status=all')).json().data).toEqual([]);
  });

  it('creates the sender when the platform is unreachable, recording the sync error for later', async () => {
    const { token } = await createUser(t.deps);
    graph.override(() => ({ status: 503, body: graphErrorBody(131016, '(#131016) Service unavailable') }));
    const sender = await createCloudSender(t.app, graph, token);
    expect(sender).toMatchObject({ templates_synced_at: null, templates_sync_error: '(#131016) Service unavailable' });
  });

  it('validates every field in the coded shape, with cloud_api fields required only for cloud_api', async () => {
    const { token } = await createUser(t.deps);
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', { platform: 'fax' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false, error_code: 'VALIDATION_ERROR',
      errors: { display_name: ['The display name field is required.'], phone_number: ['The phone number field is required.'], platform: ['The selected platform is invalid.'] },
    });
    const cloud = await inject(token, 'POST', '/api/user/chatapp/senders', { display_name: 'A', phone_number: 'call me', platform: 'cloud_api' });
    expect(cloud.json().errors).toEqual({
      phone_number: ['The phone number field must be a valid international phone number (e.g. +14155551234).'],
      phone_number_id: ['The phone number id field is required when platform is cloud_api.'],
      waba_id: ['The waba id field is required when platform is cloud_api.'],
      access_token: ['The access token field is required when platform is cloud_api.'],
    });
    const url = await inject(token, 'POST', '/api/user/chatapp/senders', { display_name: 'A', phone_number: '+442071234567', platform: 'simulator', voice_webhook_url: 'ftp://x' });
    expect(url.json().errors).toEqual({ voice_webhook_url: ['The voice webhook url field format is invalid.'] });
  });

  it('routes platform webhooks by phone_number_id, so one id belongs to one sender', async () => {
    const { token } = await createUser(t.deps);
    const first = await createCloudSender(t.app, graph, token);
    const other = await createUser(t.deps);
    const res = await inject(other.token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'Copy', phone_number: '+40711000222', platform: 'cloud_api', phone_number_id: first.phone_number_id, waba_id: '77', access_token: 'x',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone_number_id: ['The phone number id has already been taken.'] });
  });

  it('accepts only the caller\'s own assistant', async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const bobsAssistant = await createAssistant(apiFor(t, bob.token));
    const res = await inject(alice.token, 'POST', '/api/user/chatapp/senders', { display_name: 'A', phone_number: '+442071234567', platform: 'simulator', assistant_id: bobsAssistant!.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ assistant_id: ['The selected assistant id is invalid.'] });
    const own = await inject(bob.token, 'POST', '/api/user/chatapp/senders', { display_name: 'B', phone_number: '+442071234567', platform: 'simulator', assistant_id: bobsAssistant!.id });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.assistant_id).toBe(bobsAssistant!.id);
  });
});

describe('GET, PATCH and DELETE senders', () => {
  it('lists in the reference shape plus platform, online by default and all on request', async () => {
    const { token } = await createUser(t.deps);
    const online = await createSimulatorSender(t.app, token, { display_name: 'Online' });
    const offline = await createSimulatorSender(t.app, token, { display_name: 'Offline' });
    await t.deps.db.updateTable('chatapp_senders').set({ status: 'offline' }).where('id', '=', offline.id).execute();
    const list = await inject(token, 'GET', '/api/user/chatapp/senders');
    expect(list.json()).toEqual({
      data: [{
        id: online.id, phone_number: '+442071234567', display_name: 'Online', status: 'online', quality_rating: 'GREEN',
        messaging_limit: null, messaging_limit_formatted: 'Unlimited', voice_calling_enabled: true, platform: 'simulator',
      }],
    });
    const all = await inject(token, 'GET', '/api/user/chatapp/senders?status=all');
    expect(all.json().data.map((s: { id: number }) => s.id)).toEqual([online.id, offline.id]);
    expect((await inject(token, 'GET', '/api/user/chatapp/senders?status=some')).statusCode).toBe(422);
  });

  it('updates only the fields given; null clears the webhook URL', async () => {
    const { token } = await createUser(t.deps);
    const sender = await createSimulatorSender(t.app, token, { voice_webhook_url: 'https://example.com/voice' });
    const res = await inject(token, 'PATCH', `/api/user/chatapp/senders/${sender.id}`, { display_name: 'Renamed', voice_calling_enabled: false, voice_webhook_url: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ display_name: 'Renamed', voice_calling_enabled: false, voice_webhook_url: null, phone_number: '+442071234567' });
    const token2 = await inject(token, 'PATCH', `/api/user/chatapp/senders/${sender.id}`, { access_token: 'abc' });
    expect(token2.json().errors).toEqual({ access_token: ['The access token field is only used by cloud_api senders.'] });
  });

  it('deletes a sender with its templates and conversations', async () => {
    const { token } = await createUser(t.deps);
    const sender = await createSimulatorSender(t.app, token);
    await inject(token, 'POST', `/api/user/chatapp/senders/${sender.id}/simulate/inbound`, { from: '+40711222333', text: 'hi' });
    const res = await inject(token, 'DELETE', `/api/user/chatapp/senders/${sender.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Sender deleted successfully.' });
    expect((await inject(token, 'GET', `/api/user/chatapp/senders/${sender.id}`)).statusCode).toBe(404);
    const left = await t.deps.db.selectFrom('chatapp_conversations').select('id').where('sender_id', '=', sender.id).execute();
    expect(left).toEqual([]);
  });

  it('answers SENDER_NOT_FOUND for another account\'s sender on every chatapp endpoint', async () => {
    const owner = await createUser(t.deps);
    const stranger = await createUser(t.deps);
    const sender = await createSimulatorSender(t.app, owner.token);
    const id = sender.id;
    const phone = encodeURIComponent('+40711222333');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/user/chatapp/senders/${id}`],
      ['PATCH', `/api/user/chatapp/senders/${id}`, { display_name: 'x' }],
      ['DELETE', `/api/user/chatapp/senders/${id}`],
      ['GET', `/api/user/chatapp/senders/${id}/templates`],
      ['POST', `/api/user/chatapp/senders/${id}/templates/sync`],
      ['POST', `/api/user/chatapp/senders/${id}/simulate/inbound`, { from: '+40711222333', text: 'x' }],
      ['POST', `/api/user/chatapp/senders/${id}/simulate/call-permission-reply`, { from: '+40711222333', accept: true }],
      ['GET', `/api/user/chatapp/session-status?sender_id=${id}&recipient_phone=${phone}`],
      ['GET', `/api/user/chatapp/session-status?sender_id=${id}&recipient_phone=nonsense`],
      ['POST', '/api/user/chatapp/send', { sender_id: id, template_id: 1, recipient_phone: '+40711222333' }],
      ['POST', '/api/user/chatapp/send-freeform', { sender_id: id, recipient_phone: '+40711222333', message: 'x' }],
      ['POST', '/api/user/chatapp/voice/request', { sender_id: id, recipient_phone: '+40711222333' }],
      ['GET', `/api/user/chatapp/voice/permission?sender_id=${id}&recipient_phone=${phone}`],
      ['GET', `/api/user/chatapp/messages?sender_id=${id}&recipient_phone=${phone}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await inject(stranger.token, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ success: false, error_code: 'SENDER_NOT_FOUND' });
    }
    expect((await inject(owner.token, 'GET', `/api/user/chatapp/senders/${id}`)).statusCode).toBe(200);
    expect((await inject(owner.token, 'GET', '/api/user/chatapp/senders/abc')).json()).toEqual({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
  });
});
