import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';
import { named } from '../../core/http/openapi-components.js';

export const INVALID_PHONE = 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)';
export const ASSISTANT_NOT_OWNED = 'Assistant not found or does not belong to the authenticated user';
export const INSUFFICIENT_BALANCE = 'Insufficient balance to make call. Please top up your account.';
export const CALL_NOT_FOUND = 'Call not found';

const Variables = Type.Record(
  Type.String({ maxLength: 64 }),
  Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
  {
    maxProperties: 50,
  },
);

export const MakeCallBody = Type.Object({
  phone_number: Type.String({ maxLength: 32, description: 'The number to call, E.164.' }),
  assistant_id: Type.Integer({ minimum: 1 }),
  variables: Type.Optional(Nullable(Variables)),
});
export type MakeCallBody = Static<typeof MakeCallBody>;

export const MakeCallResponse = Type.Object({
  message: Type.String(),
  call_id: Type.Integer(),
  status: Type.String(),
});

export const CALL_STATUSES = [
  'initiated',
  'ringing',
  'busy',
  'in-progress',
  'ended',
  'completed',
  'ended_by_customer',
  'ended_by_assistant',
  'no-answer',
  'failed',
] as const;

/** whatsapp_*: calls on the chatapp platform, by direction. */
export const CALL_TYPES = ['inbound', 'outbound', 'web', 'whatsapp_outbound', 'whatsapp_inbound'];
export type CallType = 'inbound' | 'outbound' | 'web' | 'whatsapp_outbound' | 'whatsapp_inbound';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

export const ListCallsQuery = Type.Object({
  status: Type.Optional(Type.Unsafe<(typeof CALL_STATUSES)[number]>({ type: 'string', enum: CALL_STATUSES })),
  type: Type.Optional(Type.Unsafe<CallType>({ type: 'string', enum: CALL_TYPES })),
  phone_number: Type.Optional(Type.String({ maxLength: 32 })),
  assistant_id: Type.Optional(Type.Integer({ minimum: 1 })),
  campaign_id: Type.Optional(Type.Integer({ minimum: 1 })),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
});
export type ListCallsQuery = Static<typeof ListCallsQuery>;

/** A function the assistant called for one reply, as conversation history items show them. */
const FunctionCall = Type.Object({
  name: Type.String(),
  arguments: Type.Record(Type.String(), Type.Unknown()),
  result: Type.Record(Type.String(), Type.Unknown()),
});

const TranscriptEntry = Type.Object({
  text: Type.String(),
  type: Type.Literal('transcript'),
  sender: Type.Union([Type.Literal('bot'), Type.Literal('human')]),
  timestamp: Type.Number({ description: 'Unix seconds' }),
  function_calls: Type.Optional(
    Type.Array(FunctionCall, { description: 'On a bot entry: the functions the assistant called for that reply.' }),
  ),
  latency: Type.Optional(
    Type.Object(
      {
        caller_speech_ended_at: Nullable(Type.Number({ description: 'Unix seconds: the caller stopped speaking' })),
        transcript_final_at: Nullable(Type.Number({ description: 'Unix seconds: the final transcript of their turn arrived' })),
        model_first_token_at: Nullable(Type.Number({ description: "Unix seconds: the model's first token" })),
        first_audio_sent_at: Nullable(Type.Number({ description: 'Unix seconds: the first audio of the reply went out' })),
      },
      { description: "On a bot entry answering the caller's words: where the reply's time went." },
    ),
  ),
});

export const CallItem = named(
  'Call',
  Type.Object({
    id: Type.Integer(),
    assistant_id: Nullable(Type.Integer()),
    assistant_name: Nullable(Type.String()),
    campaign_name: Nullable(Type.String()),
    type: Type.String({ description: 'inbound, outbound, web, whatsapp_outbound or whatsapp_inbound' }),
    direction: Type.Unsafe<'inbound' | 'outbound'>({
      type: 'string',
      enum: ['inbound', 'outbound'],
      description: 'inbound: the customer called the assistant (browser calls too); outbound: the assistant called the customer',
    }),
    duration: Type.Integer({ description: 'Seconds of talk' }),
    assistant_phone_number: Nullable(Type.String()),
    client_phone_number: Nullable(Type.String()),
    status: Type.String(),
    end_reason: Nullable(Type.String()),
    transcript: Type.Array(TranscriptEntry),
    variables: Type.Record(Type.String(), Type.Unknown()),
    evaluation: Nullable(Type.Record(Type.String(), Type.Unknown())),
    webhook_response: Type.Null({ description: 'Reserved: what the post-call webhook receiver answered (not kept).' }),
    carrier_cost: Type.Number({ description: 'USD' }),
    total_cost: Type.Number({ description: 'USD' }),
    answered_by: Nullable(Type.String({ description: 'human, machine or unknown' })),
    recording_url: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    answered_at: Nullable(Type.String({ description: 'When the call was answered, as created_at; null when it never was' })),
    ended_at: Nullable(Type.String({ description: 'When the call ended, as created_at; null while it goes on' })),
  }),
);
