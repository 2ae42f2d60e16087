import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import {
  graphErrorBody,
  graphInvalidTokenBody,
  graphUnknownObjectBody,
  startFakeGraph,
  type FakeGraph,
} from '../../../../test/helpers/fakes/graph.js';
import { apiFor, createAssistant } from '../../../../test/helpers/assistants.js';
import { ACCESS_TOKEN, GRAPH_TEMPLATES, chatappEnv, createCloudSender, createSimulatorSender } from '../../../../test/helpers/chatapp.js';

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
      phone_number: '+40711222333',
      display_name: 'Acme Support',
      status: 'online',
      platform: 'cloud_api',
      country_code: 'RO',
      voice_calling_enabled: true,
      waba_id: '555000111',
      quality_rating: 'UNKNOWN',
      messaging_limit: null,
      messaging_limit_formatted: 'Unlimited',
      templates_synced_at: t.clock.now().toISOString().replace('Z', '000Z'),
      templates_sync_error: null,
    });
    expect(JSON.stringify(sender)).not.toContain(ACCESS_TOKEN);
    const listing = graph.requests.find((r) => r.path.endsWith('/message_templates'));
    expect(listing).toMatchObject({
      method: 'GET',
      path: '/555000111/message_templates',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
    });
    expect(listing!.query.fields).toContain('components');

    const row = await t.deps.db
      .selectFrom('chatapp_senders')
      .select('access_token_sealed')
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_sealed).not.toContain(ACCESS_TOKEN);
    expect(t.deps.secrets.open(row.access_token_sealed!)).toBe(ACCESS_TOKEN);
  });

  it('creates nothing when the platform refuses the credentials, and says what the platform said', async () => {
    const { token } = await createUser(t.deps);
    graph.override(() => ({ status: 401, body: graphErrorBody(190, 'Error validating access token: Session has expired.') }));
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'X',
      phone_number: '+40711222334',
      platform: 'cloud_api',
      phone_number_id: '1',
      waba_id: '2',
      access_token: 'bad',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error_code: 'PLATFORM_REJECTED',
      error: 'The messaging platform refused these credentials: Error validating access token: Session has expired.',
      platform_error: { code: 190 },
    });
    expect((await inject(token, 'GET', '/api/user/chatapp/senders?status=all')).json().data).toEqual([]);
  });

  it('creates a verified sender when only the template listing is unreachable, recording the sync error for later', async () => {
    const { token } = await createUser(t.deps);
    graph.override((r) =>
      r.path.endsWith('/message_templates') ? { status: 503, body: graphErrorBody(131016, '(#131016) Service unavailable') } : undefined,
    );
    const sender = await createCloudSender(t.app, graph, token);
    expect(sender).toMatchObject({ templates_synced_at: null, templates_sync_error: '(#131016) Service unavailable' });
  });

  it('validates every field in the coded shape, with cloud_api fields required only for cloud_api', async () => {
    const { token } = await createUser(t.deps);
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', { platform: 'fax' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error_code: 'VALIDATION_ERROR',
      errors: {
        display_name: ['The display name field is required.'],
        phone_number: ['The phone number field is required.'],
        platform: ['The selected platform is invalid.'],
      },
    });
    const cloud = await inject(token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'A',
      phone_number: 'call me',
      platform: 'cloud_api',
    });
    expect(cloud.json().errors).toEqual({
      phone_number: ['The phone number field must be a valid international phone number (e.g. +14155551234).'],
      phone_number_id: ['The phone number id field is required when platform is cloud_api.'],
      waba_id: ['The waba id field is required when platform is cloud_api.'],
      access_token: ['The access token field is required when platform is cloud_api.'],
    });
    const url = await inject(token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'A',
      phone_number: '+442071234567',
      platform: 'simulator',
      voice_webhook_url: 'ftp://x',
    });
    expect(url.json().errors).toEqual({ voice_webhook_url: ['The voice webhook url field must be a valid URL.'] });
  });

  it('routes platform webhooks by phone_number_id, so one id belongs to one sender, even for a second account holding the same credentials', async () => {
    const { token } = await createUser(t.deps);
    const first = await createCloudSender(t.app, graph, token);
    const other = await createUser(t.deps);
    const res = await inject(other.token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'Copy',
      phone_number: '+40711000222',
      platform: 'cloud_api',
      phone_number_id: first.phone_number_id,
      waba_id: first.waba_id,
      access_token: ACCESS_TOKEN,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone_number_id: ['The phone number id has already been taken.'] });
  });

  it("accepts only the caller's own assistant", async () => {
    const alice = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const bobsAssistant = await createAssistant(apiFor(t, bob.token));
    const res = await inject(alice.token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'A',
      phone_number: '+442071234567',
      platform: 'simulator',
      assistant_id: bobsAssistant!.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ assistant_id: ['The selected assistant id is invalid.'] });
    const own = await inject(bob.token, 'POST', '/api/user/chatapp/senders', {
      display_name: 'B',
      phone_number: '+442071234567',
      platform: 'simulator',
      assistant_id: bobsAssistant!.id,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.assistant_id).toBe(bobsAssistant!.id);
  });
});

describe('proving the credentials hold the number', () => {
  const OWNER_TOKEN = 'EAAJBownerofthenumber0001';
  let sequence = 0;
  /** A number on the fake, in its WABA, readable only with its token. */
  function platformNumber(overrides: Partial<Parameters<FakeGraph['addPhoneNumber']>[0]> = {}) {
    sequence += 1;
    const number = {
      id: `7700${sequence}`,
      wabaId: `8800${sequence}`,
      displayPhoneNumber: '+1 631-555-5555',
      verifiedName: "Jasper's Market",
      token: OWNER_TOKEN,
      ...overrides,
    };
    graph.addPhoneNumber(number);
    graph.setTemplates(number.wabaId, GRAPH_TEMPLATES);
    return number;
  }
  const body = (number: { id: string; wabaId: string }, overrides: Record<string, unknown> = {}) => ({
    display_name: 'Jasper',
    phone_number: '+1 631 555 5555',
    platform: 'cloud_api',
    phone_number_id: number.id,
    waba_id: number.wabaId,
    access_token: OWNER_TOKEN,
    ...overrides,
  });
  const storedSenders = (userId: number) => t.deps.db.selectFrom('chatapp_senders').select('id').where('user_id', '=', userId).execute();
  const storedTemplates = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('chatapp_templates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the number as the platform displays it, and its verified name, after reading the number and finding it in the WABA', async () => {
    const { token } = await createUser(t.deps);
    const number = platformNumber({ displayPhoneNumber: '+44 20 7946 0958', verifiedName: 'Acme Ltd' });
    // The caller typed another number: the platform's own is what customers see and what is kept.
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', body(number, { phone_number: '+40711222333' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      phone_number: '+442079460958',
      country_code: 'GB',
      verified_name: 'Acme Ltd',
      phone_number_id: number.id,
      waba_id: number.wabaId,
    });
    expect(graph.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', `/${number.id}`, `Bearer ${OWNER_TOKEN}`],
      ['GET', `/${number.wabaId}/phone_numbers`, `Bearer ${OWNER_TOKEN}`],
      ['GET', `/${number.wabaId}/message_templates`, `Bearer ${OWNER_TOKEN}`],
    ]);
    expect(graph.requests[0]!.query).toEqual({ fields: 'id,display_phone_number,verified_name' });
  });

  it('refuses a number of another WABA, even one the token can read, and stores nothing', async () => {
    const { token, user } = await createUser(t.deps);
    const number = platformNumber();
    const ownWaba = platformNumber({ displayPhoneNumber: '+1 631-555-0000' });
    const templatesBefore = await storedTemplates();
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', body(number, { waba_id: ownWaba.wabaId }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error_code: 'PLATFORM_REJECTED',
      error: `The messaging platform refused these credentials: phone number id ${number.id} is not a number of business account ${ownWaba.wabaId}.`,
      platform_error: {
        code: null,
        message: `phone number id ${number.id} is not a number of business account ${ownWaba.wabaId}.`,
        details: null,
      },
    });
    expect(await storedSenders(user.id)).toEqual([]);
    expect(await storedTemplates()).toBe(templatesBefore);
    expect(graph.requests.map((r) => r.path)).toEqual([`/${number.id}`, `/${ownWaba.wabaId}/phone_numbers`]);
  });

  it("refuses a number the token cannot read (another business's), with the platform's code 100, and stores nothing", async () => {
    const { token, user } = await createUser(t.deps);
    const victim = platformNumber();
    const attacker = platformNumber({ token: 'EAAJBattackerstoken0002', displayPhoneNumber: '+1 631-555-0001' });
    const res = await inject(
      token,
      'POST',
      '/api/user/chatapp/senders',
      body(victim, { waba_id: attacker.wabaId, access_token: attacker.token }),
    );
    expect(res.statusCode).toBe(422);
    const message = graphUnknownObjectBody(victim.id).error.message;
    expect(res.json()).toEqual({
      success: false,
      error_code: 'PLATFORM_REJECTED',
      error: `The messaging platform refused these credentials: ${message}`,
      platform_error: { code: 100, message, details: null },
    });
    expect(graph.requests.map((r) => [r.path, r.headers.authorization])).toEqual([[`/${victim.id}`, `Bearer ${attacker.token}`]]);
    expect(await storedSenders(user.id)).toEqual([]);
    // The real owner can still register it: nothing was taken.
    const owner = await createUser(t.deps);
    expect((await inject(owner.token, 'POST', '/api/user/chatapp/senders', body(victim))).statusCode).toBe(201);
  });

  it('refuses a token the platform does not accept (code 190)', async () => {
    const { token, user } = await createUser(t.deps);
    const number = platformNumber();
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', body(number, { access_token: 'EAAJBnotatoken' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error_code: 'PLATFORM_REJECTED',
      platform_error: { code: 190, message: graphInvalidTokenBody().error.message },
    });
    expect(await storedSenders(user.id)).toEqual([]);
  });

  it("finds the number on a later page of the WABA's numbers, following the cursor", async () => {
    const { token } = await createUser(t.deps);
    const first = platformNumber();
    for (let i = 0; i < 4; i++) platformNumber({ wabaId: first.wabaId, displayPhoneNumber: `+1 631-555-010${i}` });
    const last = platformNumber({ wabaId: first.wabaId, displayPhoneNumber: '+1 631-555-0199' });
    graph.setPageSize(2);
    try {
      const res = await inject(token, 'POST', '/api/user/chatapp/senders', body(last));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.phone_number).toBe('+16315550199');
    } finally {
      graph.setPageSize(100);
    }
    const pages = graph.requests.filter((r) => r.path.endsWith('/phone_numbers'));
    expect(pages.map((r) => r.query.after ?? null)).toEqual([null, '2', '4']);
  });

  it('refuses, storing nothing, when the platform cannot be reached to verify', async () => {
    const { token, user } = await createUser(t.deps);
    const number = platformNumber();
    graph.override(() => ({ status: 503, body: graphErrorBody(131016, '(#131016) Service unavailable') }));
    const res = await inject(token, 'POST', '/api/user/chatapp/senders', body(number));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      success: false,
      error_code: 'PLATFORM_UNAVAILABLE',
      error: 'The phone number could not be verified with the messaging platform: (#131016) Service unavailable',
    });
    expect(await storedSenders(user.id)).toEqual([]);
  });

  it('verifies a new access token on update: one that cannot read the number changes nothing', async () => {
    const { token } = await createUser(t.deps);
    const number = platformNumber();
    const sender = (await inject(token, 'POST', '/api/user/chatapp/senders', body(number))).json().data;
    const sealedBefore = await t.deps.db
      .selectFrom('chatapp_senders')
      .select(['access_token_sealed', 'updated_at'])
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    platformNumber({ token: 'EAAJBsomeoneelse0003' });
    graph.reset();

    const refused = await inject(token, 'PATCH', `/api/user/chatapp/senders/${sender.id}`, {
      access_token: 'EAAJBsomeoneelse0003',
      display_name: 'Changed',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error_code: 'PLATFORM_REJECTED', platform_error: { code: 100 } });
    expect(graph.requests.map((r) => [r.path, r.headers.authorization])).toEqual([[`/${number.id}`, 'Bearer EAAJBsomeoneelse0003']]);
    const after = await t.deps.db
      .selectFrom('chatapp_senders')
      .select(['access_token_sealed', 'updated_at', 'display_name'])
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...sealedBefore, display_name: 'Jasper' });

    // The number's owner rotates its token: the new one proves itself and is stored.
    graph.addPhoneNumber({ ...number, token: 'EAAJBrotatedtoken0004', displayPhoneNumber: '+1 631-555-5556' });
    const rotated = await inject(token, 'PATCH', `/api/user/chatapp/senders/${sender.id}`, { access_token: 'EAAJBrotatedtoken0004' });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data).toMatchObject({ phone_number: '+16315555556', verified_name: "Jasper's Market" });
    const stored = await t.deps.db
      .selectFrom('chatapp_senders')
      .select('access_token_sealed')
      .where('id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(t.deps.secrets.open(stored.access_token_sealed!)).toBe('EAAJBrotatedtoken0004');
  });

  it('asks the platform nothing for a simulator sender', async () => {
    const { token } = await createUser(t.deps);
    const sender = await createSimulatorSender(t.app, token);
    expect(sender).toMatchObject({ verified_name: null, phone_number: '+442071234567' });
    expect(graph.requests).toEqual([]);
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
      data: [
        {
          id: online.id,
          phone_number: '+442071234567',
          display_name: 'Online',
          status: 'online',
          quality_rating: 'GREEN',
          messaging_limit: null,
          messaging_limit_formatted: 'Unlimited',
          voice_calling_enabled: true,
          platform: 'simulator',
        },
      ],
    });
    const all = await inject(token, 'GET', '/api/user/chatapp/senders?status=all');
    expect(all.json().data.map((s: { id: number }) => s.id)).toEqual([online.id, offline.id]);
    expect((await inject(token, 'GET', '/api/user/chatapp/senders?status=some')).statusCode).toBe(422);
  });

  it('updates only the fields given; null clears the webhook URL', async () => {
    const { token } = await createUser(t.deps);
    const sender = await createSimulatorSender(t.app, token, { voice_webhook_url: 'https://example.com/voice' });
    const res = await inject(token, 'PATCH', `/api/user/chatapp/senders/${sender.id}`, {
      display_name: 'Renamed',
      voice_calling_enabled: false,
      voice_webhook_url: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      display_name: 'Renamed',
      voice_calling_enabled: false,
      voice_webhook_url: null,
      phone_number: '+442071234567',
    });
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

  it("answers SENDER_NOT_FOUND for another account's sender on every chatapp endpoint", async () => {
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
    expect((await inject(owner.token, 'GET', '/api/user/chatapp/senders/abc')).json()).toEqual({
      success: false,
      error: 'Sender not found',
      error_code: 'SENDER_NOT_FOUND',
    });
  });
});
