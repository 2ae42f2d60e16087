import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { HttpUrl, Nullable } from '../../core/http/schemas.js';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const ASSISTANT_NOT_OUTBOUND = 'Assistant not found or not an outbound assistant.';
export const INSUFFICIENT_BALANCE_TO_START = 'Insufficient balance to start the campaign. Please top up your account.';
export const INVALID_ACTION = "Invalid action. Must be either 'start' or 'stop'.";

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TimeOfDay = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:00)?$',
  description: "H:i in the campaign's time zone, e.g. 09:00.",
});

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  assistant_id: Type.Integer({ minimum: 1, description: 'An outbound assistant of the account.' }),
  timezone: Type.String({ minLength: 1, maxLength: 64, description: "IANA time zone of the allowed hours; default the assistant's." }),
  max_calls_in_parallel: Type.Integer({ minimum: 1, maximum: 10 }),
  allowed_hours_start_time: TimeOfDay,
  allowed_hours_end_time: Type.String({
    ...TimeOfDay,
    description: 'An end before the start is a window crossing midnight: it belongs to the day it starts on.',
  }),
  allowed_days: Type.Array(Type.Unsafe<Weekday>({ type: 'string', enum: WEEKDAYS }), { minItems: 1, maxItems: 7, uniqueItems: true }),
  max_retries: Type.Integer({ minimum: 1, maximum: 5, description: 'Attempts per contact before it is given up.' }),
  retry_interval: Type.Integer({ minimum: 10, maximum: 4320, description: 'Minutes between attempts on one contact.' }),
  retry_on_voicemail: Type.Boolean(),
  retry_on_goal_incomplete: Type.Boolean(),
  goal_completion_variable: Nullable(
    Type.String({ minLength: 1, maxLength: 64, description: "A bool item of the assistant's post-call schema (or status)." }),
  ),
  mark_complete_when_no_leads: Type.Boolean(),
  phone_number_ids: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 20,
    uniqueItems: true,
    description: "Caller numbers, used in turn; empty: the assistant's number.",
  }),
  pre_dial_webhook_url: Nullable(
    HttpUrl({ description: 'Asked before each dial (signed, short timeout); answering {"skip": true} skips the lead.' }),
  ),
};

export const CreateCampaignBody = Type.Object(
  {
    name: fields.name,
    assistant_id: fields.assistant_id,
    timezone: Type.Optional(fields.timezone),
    max_calls_in_parallel: Type.Optional({ ...fields.max_calls_in_parallel, default: 3 }),
    allowed_hours_start_time: Type.Optional({ ...fields.allowed_hours_start_time, default: '00:00' }),
    allowed_hours_end_time: Type.Optional({ ...fields.allowed_hours_end_time, default: '23:59' }),
    allowed_days: Type.Optional({ ...fields.allowed_days, default: [...WEEKDAYS] }),
    max_retries: Type.Optional({ ...fields.max_retries, default: 3 }),
    retry_interval: Type.Optional({ ...fields.retry_interval, default: 60 }),
    retry_on_voicemail: Type.Optional({ ...fields.retry_on_voicemail, default: false }),
    retry_on_goal_incomplete: Type.Optional({ ...fields.retry_on_goal_incomplete, default: false }),
    goal_completion_variable: Type.Optional(fields.goal_completion_variable),
    mark_complete_when_no_leads: Type.Optional({ ...fields.mark_complete_when_no_leads, default: true }),
    phone_number_ids: Type.Optional({ ...fields.phone_number_ids, default: [] }),
    pre_dial_webhook_url: Type.Optional(fields.pre_dial_webhook_url),
  },
  { additionalProperties: false },
);
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export const UpdateCampaignBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type UpdateCampaignBody = Static<typeof UpdateCampaignBody>;

export const UpdateStatusBody = Type.Object(
  {
    campaign_id: Type.Integer({ minimum: 1 }),
    action: Type.String({ maxLength: 16, description: 'start or stop' }),
  },
  { additionalProperties: false },
);
export type UpdateStatusBody = Static<typeof UpdateStatusBody>;

export const CampaignRecord = named(
  'Campaign',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    assistant_id: Nullable(Type.Integer()),
    status: Type.String({ description: 'draft, in-progress, paused (by the dialer: see pause_reason), stopped or completed' }),
    pause_reason: Nullable(Type.String()),
    timezone: Type.String(),
    max_calls_in_parallel: Type.Integer(),
    mark_complete_when_no_leads: Type.Boolean(),
    allowed_hours_start_time: Type.String({ description: 'HH:MM:SS' }),
    allowed_hours_end_time: Type.String({ description: 'HH:MM:SS' }),
    allowed_days: Type.Array(Type.String()),
    max_retries: Type.Integer(),
    retry_interval: Type.Integer(),
    retry_on_voicemail: Type.Boolean(),
    retry_on_goal_incomplete: Type.Boolean(),
    goal_completion_variable: Nullable(Type.String()),
    phone_number_ids: Type.Array(Type.Integer()),
    pre_dial_webhook_url: Nullable(Type.String()),
    pre_dial_webhook_secret: Nullable(
      Type.String({ description: 'Signs the pre-dial webhook (X-Signature-256 over "<X-Timestamp>.<body>"). A viewer gets `••••••`.' }),
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
);

export const CampaignEnvelope = Type.Object({ message: Type.String(), data: CampaignRecord });

export const StatusChangeResponse = Type.Object({
  message: Type.String(),
  success: Type.Boolean(),
  data: Type.Object({ campaign_id: Type.Integer(), status: Type.String() }),
});

export const CampaignProgress = named(
  'CampaignProgress',
  Type.Object({
    campaign_id: Type.Integer(),
    status: Type.String(),
    pause_reason: Nullable(Type.String()),
    leads: Type.Object({
      total: Type.Integer(),
      created: Type.Integer(),
      scheduled: Type.Integer(),
      processing: Type.Integer(),
      completed: Type.Integer(),
      rescheduled: Type.Integer(),
      'reached-max-retries': Type.Integer(),
      blacklisted: Type.Integer(),
    }),
    calls_in_progress: Type.Integer(),
    next_dial_at: Nullable(
      Type.String({
        description: 'ISO 8601: when the dialer will next place a call, null when nothing is left to dial or the campaign is not running.',
      }),
    ),
  }),
);
