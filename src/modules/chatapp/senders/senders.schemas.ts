import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Nullable } from '../../../core/http/schemas.js';
import { named } from '../../../core/http/openapi-components.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const WebhookUrl = HttpUrl({ description: 'http(s) URL that receives whatsapp_voice events.' });
const StatusWebhookUrl = HttpUrl({
  description:
    'http(s) URL that receives a signed message_status event (sent, delivered, read, failed) for every outbound message. Private addresses are refused at delivery.',
});

export const Platform = Type.Union([Type.Literal('cloud_api'), Type.Literal('simulator')]);

export const CreateSenderBody = Type.Object({
  display_name: Type.String({ minLength: 1, maxLength: 255 }),
  phone_number: Type.String({ minLength: 1, maxLength: 32, description: 'The business number, international format.' }),
  platform: Platform,
  phone_number_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9]+$', description: 'cloud_api: the Phone-Number-ID.' }),
  ),
  waba_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9]+$', description: 'cloud_api: the WhatsApp Business Account ID.' }),
  ),
  access_token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'cloud_api: encrypted at rest, never returned.' })),
  voice_calling_enabled: Type.Optional(Type.Boolean({ default: false })),
  voice_webhook_url: Type.Optional(Nullable(WebhookUrl)),
  status_webhook_url: Type.Optional(Nullable(StatusWebhookUrl)),
  assistant_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: "Your assistant that answers this sender's chats." }))),
});
export type CreateSenderBody = Static<typeof CreateSenderBody>;

export const UpdateSenderBody = Type.Object({
  display_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  access_token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  voice_calling_enabled: Type.Optional(Type.Boolean()),
  voice_webhook_url: Type.Optional(Nullable(WebhookUrl)),
  status_webhook_url: Type.Optional(Nullable(StatusWebhookUrl)),
  assistant_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type UpdateSenderBody = Static<typeof UpdateSenderBody>;

export const ListSendersQuery = Type.Object({
  status: Type.Union([Type.Literal('online'), Type.Literal('all')], { default: 'online' }),
});

export const SenderParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The reference's sender listing, plus platform. */
export const SenderSummary = named(
  'SenderSummary',
  Type.Object({
    id: Type.Integer(),
    phone_number: Type.String(),
    display_name: Type.String(),
    status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
    quality_rating: Type.String({ description: 'GREEN, YELLOW, RED, or UNKNOWN until the platform reports one.' }),
    messaging_limit: Type.Union([Type.Integer(), Type.Null()], { description: 'null means unlimited.' }),
    messaging_limit_formatted: Type.String(),
    voice_calling_enabled: Type.Boolean(),
    platform: Platform,
  }),
);

export const SenderDetail = named(
  'Sender',
  Type.Composite([
    SenderSummary,
    Type.Object({
      country_code: NullableString,
      phone_number_id: NullableString,
      waba_id: NullableString,
      verified_name: Type.Union([Type.String(), Type.Null()], {
        description: 'cloud_api: the business name the platform verified for the number.',
      }),
      voice_webhook_url: NullableString,
      status_webhook_url: NullableString,
      offline_reason: Type.Union([Type.String(), Type.Null()], {
        description: 'Why the platform state made the sender offline; null while online.',
      }),
      name_status: Type.Union([Type.String(), Type.Null()], {
        description: "cloud_api: the platform's review of the display name (APPROVED, PENDING, DECLINED, ...).",
      }),
      state_synced_at: Type.Union([Timestamp, Type.Null()], {
        description: "Last time the platform's status, quality and limit were read (every 5 minutes).",
      }),
      assistant_id: Type.Union([Type.Integer(), Type.Null()]),
      templates_synced_at: Type.Union([Timestamp, Type.Null()]),
      templates_sync_error: NullableString,
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
  ]),
);

export const SenderListResponse = Type.Object({ data: Type.Array(SenderSummary) });
export const SenderResponse = Type.Object({ data: SenderDetail });
export const SenderWriteResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), data: SenderDetail });
export const SuccessMessage = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const TemplateStatusQuery = Type.Object({
  status: Type.Union([Type.Literal('approved'), Type.Literal('pending'), Type.Literal('rejected'), Type.Literal('all')], {
    default: 'approved',
  }),
});

export const Template = named(
  'Template',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    language: Type.String(),
    category: Type.String(),
    status: Type.Union([Type.Literal('approved'), Type.Literal('pending'), Type.Literal('rejected')]),
    body_text: Type.String(),
    variables: Type.Array(Type.String()),
    has_variables: Type.Boolean(),
    header_format: Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('video'), Type.Literal('document'), Type.Null()], {
      description: 'Set when the header takes a value at send time.',
    }),
    header_variables: Type.Array(Type.String(), {
      description:
        'Keys of `variables` a send fills the header with: header_1 (header_<name> for named templates) for text, header_image/header_video/header_document for media (an https link or a media id).',
    }),
    button_variables: Type.Array(Type.String(), { description: 'Keys of `variables` for URL buttons with a placeholder: button_<index>.' }),
  }),
);

export const TemplateListResponse = Type.Object({ data: Type.Array(Template) });
export const TemplateSyncResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  synced: Type.Integer({ description: 'Templates the sender has after the sync.' }),
  synced_at: Timestamp,
});
