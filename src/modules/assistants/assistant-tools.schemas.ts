import { Type, type Static } from '@sinclair/typebox';
import { HttpUrl, Nullable, TaggedUnion } from '../../core/http/schemas.js';
import { CALENDAR_FIELD_ALIASES, CALENDAR_TYPE_ALIASES, type CalendarAlias } from './calendar-field-names.js';

/**
 * The built-in tools an assistant can carry (spec 4.5), one schema per `type`. They are the
 * input shapes; what is stored adds the defaults and seals the calendar API keys.
 */
const StringEnum = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: values });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Description = Type.String({ maxLength: 500 });
const Message = Type.String({ maxLength: 1000 });
/** Shared with the assistant's own URL fields (webhooks). */
export const Url = HttpUrl();
const closed = { additionalProperties: false } as const;

export const CallTransferTool = Type.Object(
  {
    type: Type.Literal('call_transfer'),
    phone_number: Type.String({ minLength: 1, maxLength: 255 }),
    description: Type.Optional(Nullable(Description)),
    custom: Type.Optional(Type.Boolean()),
    timezone: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    warm_transfer: Type.Optional(Type.Boolean()),
    warm_transfer_message: Type.Optional(Nullable(Message)),
  },
  closed,
);

export const CALLER_ID_MODES = ['outbound_number', 'customer_number', 'custom'] as const;

export const WarmCallTransferTool = Type.Object(
  {
    type: Type.Literal('warm_call_transfer'),
    supervisor_phone: Type.String({ minLength: 1, maxLength: 255 }),
    outbound_phone_id: Id,
    description: Type.String({ minLength: 1, maxLength: 500 }),
    custom_sip: Type.Optional(Type.Boolean()),
    caller_id_mode: Type.Optional(StringEnum(CALLER_ID_MODES)),
    custom_caller_id: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
    hold_music: Type.Optional(StringEnum(['hold_music', 'none'] as const)),
    hold_music_volume: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    hold_message: Type.Optional(Type.String({ maxLength: 500 })),
    summary_instructions: Type.Optional(Message),
    briefing_initial_message: Type.Optional(Type.String({ maxLength: 500 })),
    connected_message: Type.Optional(Type.String({ maxLength: 500 })),
  },
  closed,
);

export const EndCallTool = Type.Object({ type: Type.Literal('end_call'), description: Type.Optional(Nullable(Description)) }, closed);

export const DtmfInputTool = Type.Object({ type: Type.Literal('dtmf_input'), description: Type.Optional(Nullable(Description)) }, closed);

export const CollectKeypadTool = Type.Object(
  {
    type: Type.Literal('collect_keypad'),
    timeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
    stop_key: Type.Optional(StringEnum(['#', '*'] as const)),
    description: Type.Optional(Nullable(Description)),
  },
  closed,
);

export const BOOKING_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'select',
  'multiselect',
  'checkbox',
  'radio',
  'boolean',
  'url',
  'address',
] as const;

const BookingField = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: 64 }),
    type: StringEnum(BOOKING_FIELD_TYPES),
    label: Type.String({ minLength: 1, maxLength: 255 }),
    required: Type.Optional(Type.Boolean()),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 50 })),
  },
  closed,
);

const calendarFields = {
  provider_a_api_key: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
  provider_a_event_slug: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }))),
  provider_a_team_slug: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  provider_a_endpoint: Type.Optional(StringEnum(['us', 'eu', 'custom'] as const)),
  provider_a_custom_endpoint: Type.Optional(Nullable(Url)),
  provider_a_event_id: Type.Optional(Nullable(Id)),
  provider_a_event_name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  provider_a_booking_fields: Type.Optional(Type.Array(BookingField, { maxItems: 30 })),
  provider_b_api_key: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 2000 }))),
  provider_b_event_type_uri: Type.Optional(Nullable(Url)),
};

/** The reference's names (calcom_*, and calendly_* for the other provider), with the same rules. */
const calendarAliasFields = Object.fromEntries(
  Object.entries(CALENDAR_FIELD_ALIASES).map(([alias, spec]) => [alias, calendarFields[spec]]),
) as { [K in CalendarAlias]: (typeof calendarFields)[(typeof CALENDAR_FIELD_ALIASES)[K]] };

export const CalendarIntegrationTool = Type.Object(
  {
    type: Type.Literal('calendar_integration'),
    calendar_type: Type.Optional(
      StringEnum(['provider_a', 'provider_b', ...Object.keys(CALENDAR_TYPE_ALIASES)] as Array<'provider_a' | 'provider_b'>),
    ),
    description: Type.Optional(Nullable(Description)),
    ...calendarFields,
    ...calendarAliasFields,
  },
  closed,
);

export const AssistantTransferTool = Type.Object(
  {
    type: Type.Literal('assistant_transfer'),
    assistant_id: Id,
    description: Type.Optional(Description),
    message_before_transfer: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    speak_transfer_greeting: Type.Optional(Type.Boolean()),
  },
  closed,
);

export const ToolInput = TaggedUnion('type', [
  CallTransferTool,
  WarmCallTransferTool,
  EndCallTool,
  DtmfInputTool,
  CollectKeypadTool,
  CalendarIntegrationTool,
  AssistantTransferTool,
]);
export type ToolInput = Static<typeof ToolInput>;
export type ToolType = ToolInput['type'];
export type CalendarToolInput = Static<typeof CalendarIntegrationTool>;

/** A tool as stored: every field present (defaults filled), calendar keys sealed. */
export type StoredTool = { type: ToolType } & Record<string, unknown>;
