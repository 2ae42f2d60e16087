import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { Nullable } from '../../core/http/schemas.js';

/** The reference's limit on a message sent through the API. */
export const MAX_API_BODY = 300;

export const SendSmsBody = Type.Object(
  {
    from: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "The id of one of the account's SMS-capable numbers." }),
    to: Type.String({ minLength: 1, maxLength: 32, description: 'The recipient, international (E.164), e.g. +14155550199.' }),
    body: Type.String({ minLength: 1, maxLength: MAX_API_BODY, description: 'The text, up to 300 characters.' }),
  },
  { additionalProperties: false },
);
export type SendSmsBody = Static<typeof SendSmsBody>;

const STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const;

export const SmsRecord = named(
  'SmsMessage',
  Type.Object(
    {
      id: Type.Integer(),
      phone_number_id: Nullable(Type.Integer({ description: "The account's number it was sent from or to (null once deleted)." })),
      direction: Type.String({ enum: ['outbound', 'inbound'] }),
      origin: Type.String({
        enum: ['api', 'assistant', 'help', 'customer'],
        description: "Who wrote it: the API, the number's assistant, the answer to HELP, or the customer (inbound).",
      }),
      from: Type.String({ description: 'E.164.' }),
      to: Type.String({ description: 'E.164.' }),
      body: Type.String(),
      user_id: Type.Integer(),
      encoding: Type.String({ enum: ['GSM-7', 'UCS-2'] }),
      segments: Type.Integer({
        description: 'How many SMS it goes out as: 160 GSM-7 characters in one (153 per part once split), 70 UCS-2 (67).',
      }),
      segment_price: Type.Number({ description: 'USD per segment; 0 for a received message.' }),
      total_cost: Type.Number({ description: 'USD: segments x segment_price.' }),
      status: Type.String({
        enum: [...STATUSES],
        description: 'queued (Twilio not asked yet), sent, delivered, undelivered, failed, or received (inbound).',
      }),
      sms_sid: Nullable(Type.String({ description: "Twilio's message id (SM...)." })),
      error_code: Nullable(Type.Integer({ description: "Twilio's error code when it refused or could not deliver, e.g. 21610, 30003." })),
      error_message: Nullable(Type.String()),
      refunded: Type.Boolean({ description: 'Whether its price was given back (Twilio refused it, or it failed).' }),
      conversation_id: Nullable(
        Type.String({ format: 'uuid', description: 'The SMS conversation it belongs to, if an assistant is part of it.' }),
      ),
      created_at: Type.String({ description: 'YYYY-MM-DD HH:mm:ss (UTC).' }),
      updated_at: Type.String(),
    },
    { additionalProperties: false },
  ),
);

export const SendSmsResponse = Type.Object({ message: Type.String(), data: SmsRecord });
export const SmsResponse = Type.Object({ data: SmsRecord });

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

export const ListSmsQuery = Type.Object(
  {
    direction: Type.Optional(Type.Unsafe<'outbound' | 'inbound'>({ type: 'string', enum: ['outbound', 'inbound'] })),
    status: Type.Optional(Type.Unsafe<(typeof STATUSES)[number]>({ type: 'string', enum: [...STATUSES] })),
    phone_number_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "Only this number's messages." })),
    contact: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: 'Only messages with this person: `to` of the sent, `from` of the received (E.164).',
      }),
    ),
    date_from: Type.Optional(Day),
    date_to: Type.Optional(Day),
    page: Type.Integer({ minimum: 1, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
  },
  { additionalProperties: false },
);
export type ListSmsQuery = Static<typeof ListSmsQuery>;
