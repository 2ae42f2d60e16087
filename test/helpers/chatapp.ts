import { createHmac } from 'node:crypto';
import type { App } from '../../src/core/http/fastify-types.js';
import { bearer } from './factories.js';
import type { FakeGraph } from './fakes/graph.js';

export const APP_SECRET = 'test-app-secret-5f1c2a';
export const VERIFY_TOKEN = 'test-verify-token';
export const ACCESS_TOKEN = 'EAAJBtestaccesstoken0123456789';

/** Env for a test app whose cloud_api adapter talks to the fake Graph server. */
export function chatappEnv(graph: FakeGraph, extra: Record<string, string> = {}): Record<string, string> {
  return { CHATAPP_GRAPH_URL: graph.baseUrl, CHATAPP_APP_SECRET: APP_SECRET, CHATAPP_VERIFY_TOKEN: VERIFY_TOKEN, ...extra };
}

/** Templates as `GET /{WABA-ID}/message_templates` returns them (reference §2). */
export const GRAPH_TEMPLATES = [
  {
    name: 'appointment_reminder',
    parameter_format: 'POSITIONAL',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '1304694804498707',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, this is a reminder for your appointment on {{2}} at {{3}}.',
        example: { body_text: [['Pablo', 'Monday', '10:00']] },
      },
    ],
  },
  {
    name: 'order_support_call',
    parameter_format: 'NAMED',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '546151681022936',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{first_name}}, we would like to call you to assist with your recent order.',
        example: { body_text_named_params: [{ param_name: 'first_name', example: 'Pablo' }] },
      },
      { type: 'CALL_PERMISSION_REQUEST' },
    ],
  },
  {
    name: 'coupon_named',
    parameter_format: 'NAMED',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    id: '1625063511800527',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello' },
      { type: 'BODY', text: 'Use {{code}} before {{date}}, {{code}}!' },
    ],
  },
  {
    name: 'address_update',
    language: 'en',
    status: 'PENDING',
    category: 'UTILITY',
    id: '1137051647947973',
    components: [{ type: 'BODY', text: 'Your address changed.' }],
  },
  {
    name: 'short_banner',
    language: 'en',
    status: 'REJECTED',
    category: 'UTILITY',
    id: '1166414785519855',
    components: [{ type: 'BODY', text: 'Banner' }],
  },
  { name: 'old_promo', language: 'en', status: 'DELETED', category: 'MARKETING', id: '999', components: [{ type: 'BODY', text: 'Gone' }] },
];

let senderSequence = 100;

/**
 * A cloud_api sender whose number exists on the fake (in its WABA, readable with its token, displayed
 * as the given phone_number) and whose WABA holds the given templates. Returns the created sender body.
 */
export async function createCloudSender(app: App, graph: FakeGraph, token: string, overrides: Record<string, unknown> = {}) {
  senderSequence += 1;
  const payload = {
    display_name: 'Acme Support',
    phone_number: '+40 711 000 111',
    platform: 'cloud_api',
    phone_number_id: `1065403522${senderSequence}`,
    waba_id: `102290129340${senderSequence}`,
    access_token: ACCESS_TOKEN,
    voice_calling_enabled: true,
    ...overrides,
  };
  const wabaId = String(payload.waba_id);
  graph.setTemplates(wabaId, GRAPH_TEMPLATES);
  graph.addPhoneNumber({
    id: String(payload.phone_number_id),
    wabaId,
    displayPhoneNumber: String(payload.phone_number),
    token: String(payload.access_token),
  });
  const res = await app.inject({ method: 'POST', url: '/api/user/chatapp/senders', headers: bearer(token), payload });
  if (res.statusCode !== 201) throw new Error(`sender create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; phone_number_id: string; waba_id: string; [key: string]: unknown };
}

export async function createSimulatorSender(app: App, token: string, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/chatapp/senders',
    headers: bearer(token),
    payload: { display_name: 'Sim', phone_number: '+442071234567', platform: 'simulator', voice_calling_enabled: true, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`sender create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; [key: string]: unknown };
}

export function sign(body: string, secret = APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** POSTs a payload to the platform webhook exactly as the platform does: raw JSON, signed. */
export function postWebhook(app: App, payload: unknown, options: { signature?: string | null; contentType?: string } = {}) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  const signature = options.signature === undefined ? sign(body) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return app.inject({ method: 'POST', url: '/api/webhooks/chatapp', headers, payload: body });
}

const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

function envelope(field: string, value: Record<string, unknown>, phoneNumberId: string) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '40711000111', phone_number_id: phoneNumberId },
              ...value,
            },
            field,
          },
        ],
      },
    ],
  };
}

/** Reference §6.1: an inbound text message. `from` is a wa_id (digits, no plus). */
export function inboundText(input: { phoneNumberId: string; from: string; name?: string; id: string; at: Date; text?: string }) {
  return envelope(
    'messages',
    {
      contacts: [{ profile: { name: input.name ?? 'Sheena Nelson' }, wa_id: input.from }],
      messages: [
        {
          from: input.from,
          id: input.id,
          timestamp: seconds(input.at),
          type: 'text',
          text: { body: input.text ?? 'Does it come in another color?' },
        },
      ],
    },
    input.phoneNumberId,
  );
}

/** Several customers' messages in one delivery, as the platform batches them. */
export function inboundBatch(input: { phoneNumberId: string; from: string[]; ids: string[]; at: Date }) {
  return envelope(
    'messages',
    {
      contacts: input.from.map((waId) => ({ profile: { name: `Customer ${waId.slice(-4)}` }, wa_id: waId })),
      messages: input.from.map((waId, i) => ({
        from: waId,
        id: input.ids[i],
        timestamp: seconds(input.at),
        type: 'text',
        text: { body: 'Hello' },
      })),
    },
    input.phoneNumberId,
  );
}

/** Reference §6.2: a status update; `failed` carries the platform error. */
export function statusUpdate(input: {
  phoneNumberId: string;
  id: string;
  status: string;
  at: Date;
  recipient: string;
  error?: { code: number; title: string; details: string };
}) {
  const status: Record<string, unknown> = {
    id: input.id,
    status: input.status,
    timestamp: seconds(input.at),
    recipient_id: input.recipient,
  };
  if (input.error) {
    status.errors = [
      {
        code: input.error.code,
        title: input.error.title,
        message: input.error.title,
        error_data: { details: input.error.details },
        href: '/documentation/business-messaging/whatsapp/support/error-codes',
      },
    ];
  }
  return envelope('messages', { statuses: [status] }, input.phoneNumberId);
}

/** Reference §6.4: the customer's answer to a call permission request. */
export function permissionReply(input: {
  phoneNumberId: string;
  from: string;
  id: string;
  at: Date;
  response: 'accept' | 'reject';
  permanent?: boolean;
  expiration?: string | number;
  source?: 'user_action' | 'automatic';
}) {
  const reply: Record<string, unknown> = { response: input.response, response_source: input.source ?? 'user_action' };
  if (input.permanent !== undefined) reply.is_permanent = input.permanent;
  if (input.expiration !== undefined) reply.expiration_timestamp = input.expiration;
  return envelope(
    'messages',
    {
      contacts: [{ profile: { name: 'Test Name' }, wa_id: input.from }],
      messages: [
        {
          context: { from: '40711000111', id: 'wamid.request' },
          from: input.from,
          id: input.id,
          timestamp: seconds(input.at),
          type: 'interactive',
          interactive: { type: 'call_permission_reply', call_permission_reply: reply },
        },
      ],
    },
    input.phoneNumberId,
  );
}

/** Reference §6.5: a call that was picked up (terminate with start_time and duration). */
export function callTerminated(input: { phoneNumberId: string; customer: string; at: Date; pickedUp: boolean }) {
  const call: Record<string, unknown> = {
    id: 'wacid.HBgMOTE3MzU4NTgwMTgw',
    from: input.customer,
    to: '40711000111',
    event: 'terminate',
    timestamp: seconds(input.at),
    direction: 'USER_INITIATED',
    status: input.pickedUp ? 'COMPLETED' : 'FAILED',
  };
  if (input.pickedUp)
    Object.assign(call, { start_time: seconds(new Date(input.at.getTime() - 20_000)), end_time: seconds(input.at), duration: 20 });
  return envelope(
    'calls',
    { contacts: [{ profile: { name: input.customer }, wa_id: input.customer }], calls: [call] },
    input.phoneNumberId,
  );
}

/** Reference §6.6. */
export function templateStatus(input: { wabaId: string; templateId: number; event: string; name?: string }) {
  return {
    entry: [
      {
        id: input.wabaId,
        time: 1751247548,
        changes: [
          {
            value: {
              event: input.event,
              message_template_id: input.templateId,
              message_template_name: input.name ?? 'order_confirmation',
              message_template_language: 'en-US',
              reason: 'NONE',
              message_template_category: 'UTILITY',
            },
            field: 'message_template_status_update',
          },
        ],
      },
    ],
    object: 'whatsapp_business_account',
  };
}
