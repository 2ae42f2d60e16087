import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import { apiFor, createAssistant, createPhoneNumber, createTool } from './assistants.js';
import { addLead, createCampaign } from './campaigns.js';
import { createSimulatorSender } from './chatapp.js';
import { insertCall, insertConversation } from './usage-records.js';

export type AccountResources = Awaited<ReturnType<typeof createAccountResources>>;

/**
 * One of each resource an account can own, for tests that need real ids of an account: through
 * the API where that is cheap and offline, straight into the tables where the API would need a
 * carrier (SIP trunks, SMS) or an event (webhook deliveries, a customer's media).
 * `seed` keeps the phone numbers of each set apart (an account may have several sets).
 * `token` must be allowed to create API keys (an admin's or owner's).
 */
export async function createAccountResources(t: TestApp, account: { user: { id: number }; token: string }, seed: number) {
  const api = apiFor(t, account.token);
  const created = async (url: string, body: Record<string, unknown>, status = 201) => {
    const res = await api.post(url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
    return res.json().data as { id: number } & Record<string, unknown>;
  };
  const userId = account.user.id;
  const db = t.deps.db;
  const now = t.clock.now();
  // Credentials stored with the resources, each unlike anything else in an answer.
  const secret = (what: string) => `${what}-${seed}-${randomUUID()}`;
  const secrets = {
    toolHeader: `Bearer ${secret('tool')}`,
    senderToken: secret('EAAJB'),
    sipPassword: secret('Sip-Pass'),
    twilioToken: secret('twilio'),
  };
  const phone = (n: number) => `+1415555${String(seed).padStart(2, '0')}${String(n).padStart(2, '0')}`;

  const apiKey = await api.post('/api/user/api-keys', { name: `Key ${seed}` });
  expect(apiKey.statusCode, apiKey.body).toBe(201);
  const assistant = await createAssistant(api);
  const folder = await created('/api/user/folder', { name: `Folder ${seed}` });
  const label = await created('/api/user/label', { name: `Label ${seed}` });
  // Nothing listens there: a test request fails at once instead of leaving the machine.
  const tool = await createTool(api, {
    name: `lookup_order_${[...String(seed)].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
    endpoint: 'http://127.0.0.1:9/lookup',
    headers: [
      { name: 'Authorization', value: secrets.toolHeader },
      { name: 'Content-Type', value: 'application/json' },
    ],
  });
  const knowledgeBase = (await api.post('/api/user/knowledgebases', { name: `Knowledge ${seed}` })).json().data as { id: number };
  const document = await created(`/api/user/knowledgebases/${knowledgeBase.id}/documents`, {
    name: 'Opening hours',
    type: 'website',
    url: 'https://breadandco.example/hours',
  });
  const campaign = await createCampaign(api, assistant.id);
  const lead = await addLead(api, campaign.id, phone(1));
  await created('/api/user/do-not-call', { phone_number: phone(2) });
  const phoneNumber = await createPhoneNumber(api, phone(3));
  const sender = await createSimulatorSender(t.app, account.token, { phone_number: phone(4) });
  const sealed = (plain: string) => t.deps.secrets.seal(plain);
  await db
    .updateTable('chatapp_senders')
    .set({ access_token_sealed: sealed(secrets.senderToken) })
    .where('id', '=', sender.id)
    .execute();
  // The number's own Twilio account, with its token.
  const twilioSid = `AC${randomUUID().replaceAll('-', '')}`;
  await db
    .insertInto('twilio_accounts')
    .values({
      account_sid: twilioSid,
      user_id: userId,
      auth_token_sealed: sealed(secrets.twilioToken),
      verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.updateTable('phone_numbers').set({ provider: 'twilio', twilio_account_sid: twilioSid }).where('id', '=', phoneNumber).execute();

  // A customer's message with a file on the sender (what the media route serves).
  const inbound = await api.post(`/api/user/chatapp/senders/${sender.id}/simulate/inbound`, { from: phone(5), text: 'A photo' });
  expect(inbound.statusCode, inbound.body).toBe(200);
  const mediaId = `media-${seed}-${randomUUID()}`;
  await db.updateTable('chatapp_messages').set({ media_id: mediaId, kind: 'image' }).where('sender_id', '=', sender.id).execute();

  const sipNumber = await db
    .insertInto('phone_numbers')
    .values({
      user_id: userId,
      phone_number: phone(6),
      country_code: 'US',
      type: 'sip',
      provider: 'sip',
      sms_capable: false,
      region: 'us1',
      has_active_subscription: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sip_trunks')
    .values({
      phone_number_id: sipNumber.id,
      user_id: userId,
      phone_number: phone(6),
      sip_trunk_type: 'number',
      sip_username: 'carrier-user',
      sip_password_sealed: sealed(secrets.sipPassword),
      sip_address: 'sip.carrier.example:5060',
      sip_calling_format: '+e164',
      inbound_authorization_type: 'auth',
      allowed_inbound_ips: JSON.stringify(['203.0.113.10']),
      outbound_proxy: null,
      carrier_account_sid: null,
      inbound_route_id: null,
      inbound_address: null,
      carrier_resources: null,
      changing_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const sms = await db
    .insertInto('sms_messages')
    .values({
      user_id: userId,
      phone_number_id: phoneNumber,
      direction: 'outbound',
      origin: 'api',
      from_number: phone(3),
      to_number: phone(7),
      body: 'Your order is ready.',
      encoding: 'GSM-7',
      segments: 1,
      segment_price_micros: 7_500,
      total_cost_micros: 7_500,
      status: 'delivered',
      sms_sid: null,
      provider_account_sid: null,
      error_code: null,
      error_message: null,
      conversation_id: null,
      answered_at: null,
      refunded_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      uuid: randomUUID(),
      user_id: userId,
      event: 'call.ended',
      url: 'http://127.0.0.1:9/hook',
      body: '{}',
      status: 'failed',
      assistant_id: assistant.id,
      last_status_code: null,
      last_error: 'refused',
      next_attempt_at: null,
      completed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A pending invitation to the account (what the invitations routes address by id).
  const invitation = await db
    .insertInto('invitations')
    .values({
      user_id: userId,
      email: `invited-${seed}-${randomUUID()}@example.com`,
      role: 'viewer',
      token_hash: Buffer.alloc(32, seed),
      invited_by_member_id: null,
      expires_at: new Date(now.getTime() + 86_400_000),
      accepted_at: null,
      accepted_member_id: null,
      revoked_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = now.toISOString();
  const callId = await insertCall(db, { userId, assistantId: assistant.id, at });
  const conversationId = await insertConversation(db, { userId, assistantId: assistant.id, at, type: 'api' });
  const conversation = await db.selectFrom('conversations').select('uuid').where('id', '=', conversationId).executeTakeFirstOrThrow();

  const signing = await api.get('/api/user/webhook-secret');
  expect(signing.statusCode, signing.body).toBe(200);
  const storedSecrets = [...Object.values(secrets), String(campaign.pre_dial_webhook_secret), String(signing.json().secret)];

  return {
    /** Every credential stored with these resources, in clear. */
    secrets: storedSecrets,
    apiKey: apiKey.json().api_key.id as number,
    assistant,
    folder: folder.id,
    label: label.id,
    tool,
    knowledgeBase: knowledgeBase.id,
    document: document.id,
    campaign: campaign.id,
    lead: lead.id,
    doNotCall: phone(2),
    phoneNumber,
    sipTrunk: sipNumber.id,
    sender: sender.id,
    mediaId,
    sms: sms.id,
    webhookDelivery: delivery.id,
    call: callId,
    conversation: conversation.uuid,
    invitation: invitation.id,
  };
}
