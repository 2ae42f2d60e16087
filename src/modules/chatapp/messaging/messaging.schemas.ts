import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../../core/http/openapi-components.js';
import { HttpUrl } from '../../../core/http/schemas.js';

const Timestamp = Type.String({ format: 'date-time' });
const SenderId = Type.Integer({ minimum: 1, description: 'Id of one of your senders.' });
const RecipientPhone = Type.String({
  minLength: 1,
  maxLength: 128,
  description:
    "International format; E.164 preferred (+40711222333). A customer who hides their number: the platform's user id (US.13491208655302741918).",
});
const RecipientName = Type.String({ maxLength: 255 });

export const SessionStatusObject = named(
  'ChatappSessionStatus',
  Type.Object({
    is_open: Type.Boolean(),
    can_send_freeform: Type.Boolean(),
    requires_template: Type.Boolean(),
    message: Type.String(),
    minutes_remaining: Type.Optional(Type.Integer({ description: 'Only while open.' })),
    expires_at: Type.Optional(Type.Union([Timestamp, Type.Null()], { description: 'While open; null when no customer message exists.' })),
    expired_at: Type.Optional(Type.String({ format: 'date-time', description: 'Only once expired.' })),
  }),
);

export const SessionStatusQuery = Type.Object({ sender_id: SenderId, recipient_phone: RecipientPhone });
export type SessionStatusQuery = Static<typeof SessionStatusQuery>;

export const SessionStatusResponse = Type.Object({
  success: Type.Literal(true),
  has_conversation: Type.Boolean(),
  conversation_id: Type.Optional(Type.Integer()),
  customer_name: Type.Optional(Type.String()),
  last_customer_message_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  session_status: SessionStatusObject,
});

/**
 * Values by placeholder number ({"1": "John"}) or by the template's variable names, or a list in
 * placeholder order (["John", "Friday"]): the reference's Laravel `array` rule takes both. One
 * schema with two types rather than a union, so a bad value gets one message.
 */
const TemplateVariables = Type.Unsafe<Record<string, string | number> | Array<string | number>>({
  type: ['object', 'array'],
  additionalProperties: { type: ['string', 'number'], maxLength: 1024 },
  items: { type: ['string', 'number'], maxLength: 1024 },
  maxItems: 100,
  maxProperties: 100,
  description:
    'Values by placeholder number ({"1": "John"}) or by the template\'s variable names, or a list in placeholder order (["John", "Friday"]).',
});

export const SendTemplateBody = Type.Object({
  sender_id: SenderId,
  template_id: Type.Integer({ minimum: 1 }),
  recipient_phone: RecipientPhone,
  recipient_name: Type.Optional(RecipientName),
  variables: Type.Optional(TemplateVariables),
});
export type SendTemplateBody = Static<typeof SendTemplateBody>;

export const SendFreeformBody = Type.Object({
  sender_id: SenderId,
  recipient_phone: RecipientPhone,
  message: Type.Optional(
    Type.String({ maxLength: 4096, description: 'The text; the caption when media_url is given (ignored for audio).' }),
  ),
  media_url: Type.Optional(HttpUrl({ description: 'A public URL of an image, audio, video or document.' })),
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
export type SendFreeformBody = Static<typeof SendFreeformBody>;

const SendResult = {
  success: Type.Literal(true),
  conversation_id: Type.Integer(),
  message_id: Type.Integer(),
  // The reference's name: clients and automations read it (wire names follow the reference, see docs/api/errors.md).
  whatsapp_message_id: Type.Integer({ description: 'Our record of the platform message.' }),
  message_sid: Type.String({ description: "The platform's message id." }),
};

export const SendTemplateResponse = Type.Object({
  ...SendResult,
  status: Type.String({ description: 'queued until the platform reports sent, delivered or read.' }),
});
export const SendFreeformResponse = Type.Object({ ...SendResult, session_status: SessionStatusObject });

export const VoiceRequestBody = Type.Object({
  sender_id: SenderId,
  recipient_phone: RecipientPhone,
  recipient_name: Type.Optional(RecipientName),
  template_id: Type.Optional(
    Type.Integer({ minimum: 1, description: "A Voice Call Request template; default the sender's approved one." }),
  ),
});
export type VoiceRequestBody = Static<typeof VoiceRequestBody>;

export const VoicePermissionQuery = Type.Object({ sender_id: SenderId, recipient_phone: RecipientPhone });

export const CallPermissionRecord = named(
  'CallPermission',
  Type.Object({
    success: Type.Literal(true),
    sender_id: Type.Integer(),
    customer_phone: Type.String(),
    conversation_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    status: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('granted'),
        Type.Literal('rejected'),
        Type.Literal('revoked'),
        Type.Literal('expired'),
        Type.Null(),
      ],
      { description: 'null: never asked.' },
    ),
    can_call: Type.Boolean(),
    can_request: Type.Boolean(),
    session_open: Type.Boolean(),
    expires_at: Type.Union([Timestamp, Type.Null()]),
    requested_at: Type.Union([Timestamp, Type.Null()]),
  }),
);

export const SimulateInboundBody = Type.Object({
  from: RecipientPhone,
  name: Type.Optional(Type.String({ maxLength: 255 })),
  text: Type.String({ minLength: 1, maxLength: 4096 }),
  timestamp: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 99_999_999_999 }), Type.String({ format: 'date-time' })], {
      description: 'Unix seconds or ISO 8601; default now.',
    }),
  ),
});
export type SimulateInboundBody = Static<typeof SimulateInboundBody>;

export const SimulatePermissionBody = Type.Object({
  from: RecipientPhone,
  accept: Type.Boolean(),
  permanent: Type.Optional(Type.Boolean({ default: false })),
});
export type SimulatePermissionBody = Static<typeof SimulatePermissionBody>;

export const SimulateInboundResponse = Type.Object({
  success: Type.Literal(true),
  conversation_id: Type.Integer(),
  message_id: Type.Integer(),
  session_status: SessionStatusObject,
});

export const MessagesQuery = Type.Object({ sender_id: SenderId, recipient_phone: RecipientPhone });

export const ChatMessage = named(
  'ChatappMessage',
  Type.Object({
    id: Type.Integer(),
    direction: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
    kind: Type.String(),
    body: Type.String(),
    status: Type.String(),
    template_id: Type.Union([Type.Integer(), Type.Null()]),
    message_sid: Type.Union([Type.String(), Type.Null()]),
    error_code: Type.Union([Type.Integer(), Type.Null()]),
    error_message: Type.Union([Type.String(), Type.Null()]),
    /** Image, audio, video, document or sticker: GET /user/chatapp/media/{id} fetches the file. */
    media: Type.Union([
      Type.Object({
        id: Type.String(),
        mime_type: Type.Union([Type.String(), Type.Null()]),
        caption: Type.Union([Type.String(), Type.Null()]),
        filename: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ]),
    /** Set on group traffic (kept under recipient_phone `group:<group id>`). */
    group_id: Type.Union([Type.String(), Type.Null()]),
    /** The customer deleted it. */
    deleted: Type.Boolean(),
    /** The customer edited it; original_body is what they first wrote. */
    edited: Type.Boolean(),
    original_body: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
  }),
);

export const MessagesResponse = Type.Object({
  conversation_id: Type.Union([Type.Integer(), Type.Null()]),
  data: Type.Array(ChatMessage),
});
