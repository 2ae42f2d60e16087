import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.js';
import { createUser } from './helpers/factories.js';
import { createAssistant, apiFor, SEED_IDS } from './helpers/assistants.js';
import { graphErrorBody, startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { startFakeCalendly } from './helpers/fakes/calendars.js';
import { chatappEnv, createCloudSender, inboundText, postWebhook } from './helpers/chatapp.js';
import { referenceClient } from './helpers/reference-client.js';

/** Drop-in compatibility, fields: the reference's field names and shapes, as its clients send and read them. */
let t: TestApp;
let graph: FakeGraph;
let calendly: Awaited<ReturnType<typeof startFakeCalendly>>;
const PRICE_MICROS = 7_000;
beforeAll(async () => {
  graph = await startFakeGraph();
  calendly = await startFakeCalendly();
  t = await buildTestApp({ env: chatappEnv(graph, { CALENDLY_API_URL: calendly.url, CHATAPP_MESSAGE_PRICE_USD: '0.007' }) });
});
afterAll(async () => {
  await t.close();
  await graph.close();
  await calendly.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(60_000); // sends are limited to 5 a second per user
});

async function newClient(balanceUsd = 10) {
  const created = await createUser(t.deps, { balanceUsd });
  return {
    user: { id: created.user.id, token: created.token },
    client: referenceClient(t.app, created.token),
    api: apiFor(t, created.token),
  };
}

const ledger = (userId: number) =>
  t.deps.db.selectFrom('balance_ledger').select(['amount_micros', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
const balance = async (userId: number) =>
  (await t.deps.db.selectFrom('users').select('balance_micros').where('id', '=', userId).executeTakeFirstOrThrow()).balance_micros;

describe("calendar tools under the reference's field names", () => {
  it('takes calcom_* fields and stores them in the one form the spec names', async () => {
    const { client, api } = await newClient();
    const { id } = await createAssistant(api);
    const res = await client.put(`/api/user/assistant/${id}`, {
      tools: [
        {
          type: 'calendar_integration',
          calcom_api_key: 'cal_live_reference_0123456789',
          calcom_event_slug: '30min',
          calcom_team_slug: 'sales',
          calcom_endpoint: 'eu',
          calcom_booking_fields: [{ slug: 'company', type: 'text', label: 'Company', required: true }],
          description: 'Book a demo',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tool] = (await client.get(`/api/user/assistant/${id}`)).json().data.tools;
    expect(tool).toEqual({
      type: 'calendar_integration',
      calendar_type: 'provider_a',
      description: 'Book a demo',
      provider_a_api_key: 'cal_…6789',
      provider_b_api_key: null,
      provider_a_event_slug: '30min',
      provider_a_team_slug: 'sales',
      provider_a_endpoint: 'eu',
      provider_a_custom_endpoint: null,
      provider_a_event_id: null,
      provider_a_event_name: null,
      provider_a_booking_fields: [{ slug: 'company', type: 'text', label: 'Company', required: true, options: [] }],
      provider_b_event_type_uri: null,
    });
    expect(Object.keys(tool).some((key) => key.startsWith('calcom_'))).toBe(false);
  });

  it('reports errors under the names the client sent, and refuses one field given twice differently', async () => {
    const { client, api } = await newClient();
    const { id } = await createAssistant(api);
    const missing = await client.put(`/api/user/assistant/${id}`, {
      tools: [{ type: 'calendar_integration', calcom_api_key: 'cal_live_x', calcom_endpoint: 'custom' }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'tools.0.calcom_event_slug': ['The tools.0.calcom event slug field is required when calendar type is provider_a.'],
      'tools.0.calcom_custom_endpoint': ['The tools.0.calcom custom endpoint field is required when provider a endpoint is custom.'],
    });
    const twice = await client.put(`/api/user/assistant/${id}`, {
      tools: [{ type: 'calendar_integration', calcom_api_key: 'cal_live_a', provider_a_api_key: 'cal_live_b', calcom_event_slug: 'x' }],
    });
    expect(twice.json().errors).toEqual({
      'tools.0.calcom_api_key': ['The tools.0.calcom api key field must match the tools.0.provider a api key field.'],
    });
    const badType = await client.put(`/api/user/assistant/${id}`, {
      tools: [{ type: 'calendar_integration', calcom_api_key: 'k', calcom_event_slug: 's', calcom_endpoint: 'mars' }],
    });
    expect(badType.json().errors).toEqual({ 'tools.0.calcom_endpoint': ['The selected tools.0.calcom endpoint is invalid.'] });
  });

  it('takes calendly_* fields (and calendar_type "calendly"), checked against Calendly like provider_b_*', async () => {
    const { client, api } = await newClient();
    const token = 'calendly-reference-token';
    const owner = calendly.addUser(token, 'USER-REF');
    const uri = calendly.addEventType({ uuid: 'EVT-REF', name: 'Discovery Call', owner });
    const { id } = await createAssistant(api);
    for (const tool of [
      { type: 'calendar_integration', calendly_api_key: token, calendly_event_type_uri: uri },
      { type: 'calendar_integration', calendar_type: 'calendly', calendly_api_key: token, calendly_event_type_uri: uri },
    ]) {
      const res = await client.put(`/api/user/assistant/${id}`, { tools: [tool] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await client.get(`/api/user/assistant/${id}`)).json().data.tools[0]).toMatchObject({
        calendar_type: 'provider_b',
        provider_b_event_type_uri: uri,
        provider_b_api_key: 'cale…oken',
      });
    }
  });
});

describe('assistant list items', () => {
  it("carry the reference's fields beside the spec's", async () => {
    const { user, client, api } = await newClient();
    const { id, uuid } = await createAssistant(api, { language_id: SEED_IDS.romanian });
    await client.post('/api/user/assistants/enable-inbound-webhook', {
      assistant_id: id,
      webhook_url: 'https://hooks.example.com/inbound',
    });
    const res = await client.get('/api/user/assistants/get');
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data;
    expect(item).toMatchObject({
      id,
      uuid,
      user_id: user.id,
      language: 'ro',
      language_id: SEED_IDS.romanian,
      inbound_webhook_url: 'https://hooks.example.com/inbound',
      widget_settings: expect.any(Object),
      engine_id: null,
      synthesizer_id: null,
      transcriber_id: null,
      instance_id: null,
      flows_platform_id: null,
      deleted_at: null,
    });
    const reference =
      `id, user_id, phone_number_id, engine_id, synthesizer_id, transcriber_id, voice_id, instance_id, name, variables, post_call_evaluation,
      fillers, post_call_schema, tools, is_webhook_active, webhook_url, inbound_webhook_url, language, type, status, max_duration, record, initial_message,
      system_prompt, flows_platform_id, timezone, created_at, updated_at, max_silence_duration, reengagement_interval, deleted_at, end_call_on_voicemail,
      llm_temperature, voice_stability, voice_similarity, allow_interruptions, enable_noise_cancellation, endpoint_sensitivity, speech_speed, endpoint_type,
      wait_for_customer, mode, language_id, transcriber_provider_id, synthesizer_provider_id, llm_model_id, multimodal_model_id, ambient_sound, uuid,
      send_webhook_only_on_completed, include_recording_in_webhook, interrupt_sensitivity, filler_config, knowledgebase_id, knowledgebase_mode,
      min_interrupt_words, ambient_sound_volume, widget_settings`
        .split(',')
        .map((k) => k.trim());
    expect(reference.filter((key) => !(key in item))).toEqual([]);
    // The spec's own fields stay.
    const single = (await client.get(`/api/user/assistant/${id}`)).json().data;
    expect(Object.keys(single).filter((key) => !(key in item))).toEqual([]);
  });
});

describe('session status with no conversation', () => {
  it("has exactly the reference's keys", async () => {
    const { client } = await newClient();
    const sender = await createCloudSender(t.app, graph, (await createUser(t.deps)).token);
    const own = await newClient();
    const mine = await createCloudSender(t.app, graph, own.user.token);
    expect((await client.get(`/api/user/whatsapp/session-status?sender_id=${sender.id}&recipient_phone=%2B40711000999`)).statusCode).toBe(
      404,
    );
    const res = await own.client.get(`/api/user/whatsapp/session-status?sender_id=${mine.id}&recipient_phone=%2B40711000999`);
    expect(res.body).toBe(
      JSON.stringify({
        success: true,
        has_conversation: false,
        session_status: {
          is_open: false,
          can_send_freeform: false,
          requires_template: true,
          message: 'No conversation exists with this recipient. Send a template message first.',
        },
      }),
    );
  });
});

describe('priced chatapp sends (CHATAPP_MESSAGE_PRICE_USD)', () => {
  async function senderFor(token: string) {
    const sender = await createCloudSender(t.app, graph, token);
    const templates = (await referenceClient(t.app, token).get(`/api/user/whatsapp/senders/${sender.id}/templates`)).json().data;
    return { sender, templateId: templates.find((x: { name: string }) => x.name === 'coupon_named').id as number };
  }
  const templateBody = (senderId: number, templateId: number, phone: string) => ({
    sender_id: senderId,
    template_id: templateId,
    recipient_phone: phone,
    variables: { code: 'X1', date: 'Friday' },
  });

  it('charges each template and free-form send through the ledger', async () => {
    const { user, client } = await newClient(1);
    const { sender, templateId } = await senderFor(user.token);
    expect((await client.post('/api/user/whatsapp/send', templateBody(sender.id, templateId, '+40722100001'))).statusCode).toBe(200);
    await postWebhook(
      t.app,
      inboundText({ phoneNumberId: sender.phone_number_id, from: '40722100001', id: 'wamid.priced-in', at: t.clock.now() }),
    );
    await t.deps.jobs.drain();
    const freeform = await client.post('/api/user/whatsapp/send-freeform', {
      sender_id: sender.id,
      recipient_phone: '+40722100001',
      message: 'Thanks!',
    });
    expect(freeform.statusCode, freeform.body).toBe(200);
    expect(await balance(user.id)).toBe(1_000_000 - 2 * PRICE_MICROS);
    expect((await ledger(user.id)).slice(1)).toEqual([
      { amount_micros: -PRICE_MICROS, reason: 'Chatapp template "coupon_named" to +40722100001' },
      { amount_micros: -PRICE_MICROS, reason: 'Chatapp free-form message to +40722100001' },
    ]);
  });

  it("answers 402 INSUFFICIENT_BALANCE with the reference's body, and nothing reaches the platform", async () => {
    const { user, client } = await newClient(0.006);
    const { sender, templateId } = await senderFor(user.token);
    graph.reset();
    const res = await client.post('/api/user/whatsapp/send', templateBody(sender.id, templateId, '+40722100002'));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      error: 'Insufficient balance. Please top up your account.',
      error_code: 'INSUFFICIENT_BALANCE',
    });
    expect(graph.sends()).toEqual([]);
    expect(await balance(user.id)).toBe(6_000);
  });

  it('gives the money back when the platform refuses the send', async () => {
    const { user, client } = await newClient(1);
    const { sender, templateId } = await senderFor(user.token);
    graph.override((r) =>
      r.method === 'POST' ? { status: 400, body: graphErrorBody(131026, '(#131026) Message Undeliverable') } : undefined,
    );
    const res = await client.post('/api/user/whatsapp/send', templateBody(sender.id, templateId, '+40722100003'));
    graph.override(undefined);
    expect(res.json().error_code).toBe('SEND_FAILED');
    expect(await balance(user.id)).toBe(1_000_000);
    expect((await ledger(user.id)).slice(1).map((row) => row.amount_micros)).toEqual([-PRICE_MICROS, PRICE_MICROS]);
  });

  it('is exact under concurrency: 5 parallel sends on two processes with a balance for 2 send 2', async () => {
    const { user } = await newClient(2 * 0.007);
    const { sender, templateId } = await senderFor(user.token);
    const other = await t.startAnotherInstance();
    graph.reset();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        referenceClient(i % 2 === 0 ? t.app : other.app, user.token).post(
          '/api/user/whatsapp/send',
          templateBody(sender.id, templateId, `+4072210010${i}`),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 402, 402, 402]);
    expect(graph.sends()).toHaveLength(2);
    expect(await balance(user.id)).toBe(0);
  });
});
