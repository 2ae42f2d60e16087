import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { apiFor, createAssistant } from '../../../../test/helpers/assistants.js';
import {
  VERIFY_TOKEN,
  chatappEnv,
  createCloudSender,
  inboundText,
  postWebhook,
  sign,
  statusUpdate,
} from '../../../../test/helpers/chatapp.js';
import { isJobRunnerStatement, statementRecorder } from '../../../../test/helpers/statements.js';
import { INBOUND_MESSAGE_JOB, PLATFORM_WEBHOOK_JOB } from '../inbound/inbound.service.js';

let graph: FakeGraph;
let t: TestApp;
let token: string;
let sender: { id: number; phone_number_id: string };
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  sender = await createCloudSender(t.app, graph, token);
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

const webhookJobs = () =>
  t.deps.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', PLATFORM_WEBHOOK_JOB)
    .execute()
    .then((rows) => rows.length);
const messagesOf = async (phone: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=${encodeURIComponent(phone)}`,
      headers: bearer(token),
    })
  ).json();

describe('GET /api/webhooks/chatapp (verification handshake)', () => {
  const handshake = (query: string) => t.app.inject({ method: 'GET', url: `/api/webhooks/chatapp?${query}` });

  it('echoes hub.challenge as plain text when the verify token matches', async () => {
    const res = await handshake(`hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('is 403 for a wrong token, a wrong mode, or nothing at all', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong`,
      `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${VERIFY_TOKEN}`,
      '',
    ]) {
      const res = await handshake(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.json()).toEqual({ message: 'Verification failed.' });
    }
  });

  it('is 403 for everyone when no verify token is configured', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.app.inject({
        method: 'GET',
        url: '/api/webhooks/chatapp?hub.mode=subscribe&hub.challenge=1&hub.verify_token=',
      });
      expect(res.statusCode).toBe(403);
      const post = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/chatapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign('{}') },
        payload: '{}',
      });
      expect(post.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every chatapp route with its coded errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.includes('chatapp'));
    expect(paths.sort()).toEqual([
      '/api/user/chatapp/media/{id}',
      '/api/user/chatapp/messages',
      '/api/user/chatapp/send',
      '/api/user/chatapp/send-freeform',
      '/api/user/chatapp/senders',
      '/api/user/chatapp/senders/{id}',
      '/api/user/chatapp/senders/{id}/simulate/call-permission-reply',
      '/api/user/chatapp/senders/{id}/simulate/inbound',
      '/api/user/chatapp/senders/{id}/templates',
      '/api/user/chatapp/senders/{id}/templates/sync',
      '/api/user/chatapp/session-status',
      '/api/user/chatapp/voice/call',
      '/api/user/chatapp/voice/permission',
      '/api/user/chatapp/voice/request',
      '/api/webhooks/chatapp',
    ]);
    expect(Object.keys(doc.paths['/api/user/chatapp/voice/request'].post.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
      '413',
      '415',
      '422',
      '429',
      '500',
    ]);
    // Public: no token (the platform signs its events instead).
    expect(doc.paths['/api/webhooks/chatapp'].post.security).toEqual([]);
  });
});

describe('POST /api/webhooks/chatapp', () => {
  const payload = () => inboundText({ phoneNumberId: sender.phone_number_id, from: '40755000001', id: 'wamid.sig', at: t.clock.now() });

  it('refuses a missing, malformed or wrong signature with 401 and stores nothing', async () => {
    const before = await webhookJobs();
    const body = JSON.stringify(payload());
    for (const signature of [null, 'sha256=', 'md5=abc', sign(body, 'another-secret'), sign(`${body} `), sign(body).toUpperCase()]) {
      const res = await postWebhook(t.app, body, { signature });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid signature.' });
    }
    expect(await webhookJobs()).toBe(before);
    expect((await messagesOf('+40755000001')).data).toEqual([]);
  });

  it('verifies the exact bytes received, not a re-serialisation of them', async () => {
    const body = `{ "object" : "whatsapp_business_account",\n  "entry": ${JSON.stringify(payload().entry)} }`;
    expect((await postWebhook(t.app, body)).statusCode).toBe(200);
    // Whatever the declared content type, the body is the bytes that were signed.
    expect((await postWebhook(t.app, body, { contentType: 'application/json; charset=utf-8' })).statusCode).toBe(200);
    expect((await postWebhook(t.app, body, { contentType: 'text/plain' })).statusCode).toBe(200);
    const untyped = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/chatapp',
      headers: { 'x-hub-signature-256': sign(body) },
      payload: body,
    });
    expect(untyped.statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect((await messagesOf('+40755000001')).data).toHaveLength(1);
  });

  it('answers malformed JSON with 400 once the signature is right', async () => {
    const res = await postWebhook(t.app, '{"entry": [');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('never answers 500 to odd input, and the job that reads it never fails', async () => {
    const odd: unknown[] = [
      [],
      42,
      'text',
      null,
      {},
      { entry: 'x' },
      { entry: [null, 1, { changes: {} }] },
      { entry: [{ changes: [{ field: 'messages', value: { metadata: {}, messages: [{}] } }] }] },
      {
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  metadata: { phone_number_id: sender.phone_number_id },
                  messages: [{ id: 'x', from: 'not-a-number', type: 'text' }],
                  statuses: [{ id: 5, status: {} }],
                },
              },
            ],
          },
        ],
      },
      {
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  metadata: { phone_number_id: sender.phone_number_id },
                  messages: [
                    {
                      id: 'wamid.odd',
                      from: '40755000099',
                      timestamp: 'yesterday',
                      type: 'interactive',
                      interactive: { type: 'call_permission_reply', call_permission_reply: 'yes' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      {
        entry: [
          {
            changes: [
              {
                field: 'calls',
                value: {
                  metadata: { phone_number_id: sender.phone_number_id },
                  calls: [{ event: 'terminate', duration: 'long' }],
                  statuses: 'none',
                },
              },
            ],
          },
        ],
      },
      { entry: [{ id: 1, changes: [{ field: 'message_template_status_update', value: { event: 7 } }] }] },
      { entry: [{ changes: [{ field: 'unknown_kind', value: { whatever: true } }] }], extra: { nested: { '\u0000key': 'nul\u0000byte' } } },
    ];
    for (const item of odd) {
      const res = await postWebhook(t.app, JSON.stringify(item));
      expect(res.statusCode, JSON.stringify(item)).toBe(200);
    }
    await t.deps.jobs.drain();
    const dead = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .where('status', '!=', 'succeeded')
      .execute();
    expect(dead).toEqual([]);
  });

  it('stays 200 or 400 (never 500) for arbitrary JSON-ish bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (body) => {
        const res = await postWebhook(t.app, body);
        expect([200, 400]).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
    await t.deps.jobs.drain();
    const failed = await t.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .where('status', 'in', ['dead', 'pending'])
      .execute();
    expect(failed).toEqual([]);
  });

  it('stores a customer message once however often the platform retries it', async () => {
    const body = inboundText({
      phoneNumberId: sender.phone_number_id,
      from: '40755000002',
      name: 'Sheena Nelson',
      id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
      at: t.clock.now(),
    });
    for (let i = 0; i < 3; i++) expect((await postWebhook(t.app, body)).statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect(await messagesOf('+40755000002')).toMatchObject({
      data: [
        {
          direction: 'inbound',
          kind: 'text',
          body: 'Does it come in another color?',
          status: 'received',
          message_sid: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        },
      ],
    });
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/session-status?sender_id=${sender.id}&recipient_phone=40755000002`,
      headers: bearer(token),
    });
    expect(session.json()).toMatchObject({ customer_name: 'Sheena Nelson', session_status: { is_open: true } });
  });

  it('keeps the window where the first delivery put it: a repeat moves nothing, an older message nothing back', async () => {
    const conversationOf = (phone: string) =>
      t.deps.db
        .selectFrom('chatapp_conversations')
        .select(['last_customer_message_at', 'last_message_at', 'updated_at'])
        .where('sender_id', '=', sender.id)
        .where('customer_phone', '=', phone)
        .executeTakeFirstOrThrow();
    const deliver = async (id: string, at: Date) => {
      expect(
        (await postWebhook(t.app, inboundText({ phoneNumberId: sender.phone_number_id, from: '40755000010', id, at }))).statusCode,
      ).toBe(200);
      await t.deps.jobs.drain();
    };
    const first = t.clock.now();
    // Stamped ahead of our clock: the window starts at our time, not the platform's.
    await deliver('wamid.window1', new Date(first.getTime() + 10 * 60_000));
    expect(await conversationOf('+40755000010')).toEqual({ last_customer_message_at: first, last_message_at: first, updated_at: first });
    t.clock.advance(20 * 60_000);
    await deliver('wamid.window1', new Date(first.getTime() + 10 * 60_000));
    expect(await conversationOf('+40755000010')).toEqual({ last_customer_message_at: first, last_message_at: first, updated_at: first });
    t.clock.advance(60_000);
    await deliver('wamid.window2', new Date(first.getTime() - 60 * 60_000));
    expect(await conversationOf('+40755000010')).toEqual({
      last_customer_message_at: first,
      last_message_at: first,
      updated_at: t.clock.now(),
    });
    await deliver('wamid.window3', t.clock.now());
    expect(await conversationOf('+40755000010')).toEqual({
      last_customer_message_at: t.clock.now(),
      last_message_at: t.clock.now(),
      updated_at: t.clock.now(),
    });
    expect((await messagesOf('+40755000010')).data.map((m: { message_sid: string }) => m.message_sid)).toEqual([
      'wamid.window1',
      'wamid.window2',
      'wamid.window3',
    ]);
  });

  it('stores a customer message, its conversation and its window in one statement', async () => {
    const recorder = statementRecorder();
    const other = await t.startAnotherInstance({ plugins: [recorder.plugin] });
    recorder.statements.length = 0;
    expect(
      (
        await postWebhook(
          t.app,
          inboundText({ phoneNumberId: sender.phone_number_id, from: '40755000011', id: 'wamid.one-statement', at: t.clock.now() }),
        )
      ).statusCode,
    ).toBe(200);
    await other.deps.jobs.drain();
    expect(recorder.statements.filter((statement) => !isJobRunnerStatement(statement))).toEqual([
      // The sender the platform's phone number id names.
      'select chatapp_senders',
      // Whether the message was delivered before, the conversation's upsert, and the message.
      'select chatapp_messages chatapp_conversations',
    ]);
    expect((await messagesOf('+40755000011')).data).toMatchObject([
      { direction: 'inbound', message_sid: 'wamid.one-statement', status: 'received' },
    ]);
  });

  it('ignores events for phone number ids nobody registered', async () => {
    const res = await postWebhook(
      t.app,
      inboundText({ phoneNumberId: '999000999', from: '40755000003', id: 'wamid.stranger', at: t.clock.now() }),
    );
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    const rows = await t.deps.db.selectFrom('chatapp_messages').select('id').where('platform_message_id', '=', 'wamid.stranger').execute();
    expect(rows).toEqual([]);
  });

  it('ignores a status for a message it never sent', async () => {
    const res = await postWebhook(
      t.app,
      statusUpdate({
        phoneNumberId: sender.phone_number_id,
        id: 'wamid.unknown',
        status: 'delivered',
        at: t.clock.now(),
        recipient: '40755000004',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await t.deps.jobs.drain()).toBeGreaterThan(0);
  });

  it('hands each new customer message of a sender with an assistant to the reply engine, once', async () => {
    const { token: own } = await createUser(t.deps);
    const assistant = await createAssistant(apiFor(t, own));
    const withAssistant = await createCloudSender(t.app, graph, own, { assistant_id: assistant.id });
    const body = inboundText({
      phoneNumberId: withAssistant.phone_number_id,
      from: '40755000005',
      name: 'Ana',
      id: 'wamid.reply-me',
      at: t.clock.now(),
      text: 'Can I book for Friday?',
    });
    await postWebhook(t.app, body);
    await postWebhook(t.app, body);
    // Only the webhook jobs run here: the reply engine's own handler is not this module's subject.
    for (const job of await t.deps.db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .where('status', '=', 'pending')
      .execute()) {
      await t.deps.services.chatapp.inbound.processWebhook(job.payload);
    }
    const handed = await t.deps.db.selectFrom('jobs').select('payload').where('kind', '=', INBOUND_MESSAGE_JOB).execute();
    const mine = handed.map((j) => j.payload as Record<string, unknown>).filter((p) => p.senderId === withAssistant.id);
    expect(mine).toEqual([
      {
        senderId: withAssistant.id,
        assistantId: assistant.id,
        conversationId: expect.any(Number),
        conversationUuid: expect.any(String),
        messageId: expect.any(Number),
        customerPhone: '+40755000005',
        customerName: 'Ana',
        text: 'Can I book for Friday?',
        receivedAt: t.clock.now().toISOString(),
      },
    ]);
  });

  it('stores a message delivered six times at the same moment once, and hands it on once', async () => {
    const { token: own } = await createUser(t.deps);
    const assistant = await createAssistant(apiFor(t, own));
    const withAssistant = await createCloudSender(t.app, graph, own, { assistant_id: assistant.id });
    const body = inboundText({ phoneNumberId: withAssistant.phone_number_id, from: '40755000006', id: 'wamid.at-once', at: t.clock.now() });
    expect((await postWebhook(t.app, body)).statusCode).toBe(200);
    const job = await t.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', PLATFORM_WEBHOOK_JOB)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The platform's retries, run by six workers at the same moment (on PostgreSQL, six connections).
    await Promise.all(Array.from({ length: 6 }, () => t.deps.services.chatapp.inbound.processWebhook(job.payload)));
    const stored = await t.deps.db
      .selectFrom('chatapp_messages')
      .select('conversation_id')
      .where('sender_id', '=', withAssistant.id)
      .execute();
    expect(stored).toHaveLength(1);
    const conversations = await t.deps.db
      .selectFrom('chatapp_conversations')
      .select(['id', 'last_customer_message_at'])
      .where('sender_id', '=', withAssistant.id)
      .execute();
    expect(conversations).toEqual([{ id: stored[0]!.conversation_id, last_customer_message_at: t.clock.now() }]);
    const handed = await t.deps.db.selectFrom('jobs').select('payload').where('kind', '=', INBOUND_MESSAGE_JOB).execute();
    expect(handed.filter((j) => (j.payload as { senderId: number }).senderId === withAssistant.id)).toHaveLength(1);
  });
});
