import { Type, type Static } from '@sinclair/typebox';
import { CodedErrorBody, ConversationErrorBody, MessageBody, Nullable, Variables } from '../../core/http/schemas.js';
import { named, withExample } from '../../core/http/openapi-components.js';

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

export const ConversationParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

export const CreateConversationBody = withExample(
  Type.Object({
    assistant_id: Type.String({ format: 'uuid', description: "The assistant's UUID." }),
    type: Type.Optional(
      Type.Unsafe<'widget' | 'test'>({
        type: 'string',
        enum: ['widget', 'test'],
        default: 'widget',
        description: "widget (charged per user message) or test (free; needs the owner's Bearer token).",
      }),
    ),
    variables: Type.Optional(Nullable(Variables)),
  }),
  { assistant_id: '9b2f6c1e-4d3a-4f7b-8e21-5c0d9a7b3e44', type: 'widget', variables: { customer_name: 'Ana' } },
);
export type CreateConversationBody = Static<typeof CreateConversationBody>;

export const SendMessageBody = withExample(Type.Object({ message: Type.String({ minLength: 1, maxLength: 2000 }) }), {
  message: 'Do you deliver on Saturdays?',
});

const FunctionCall = named(
  'FunctionCall',
  Type.Object({
    name: Type.String(),
    arguments: Type.Record(Type.String(), Type.Unknown()),
    result: Type.Record(Type.String(), Type.Unknown()),
  }),
);

const HistoryItem = named(
  'ConversationHistoryItem',
  Type.Object({
    role: Type.String({ enum: ['user', 'assistant', 'system'] }),
    content: Type.String(),
    function_calls: Type.Optional(Type.Array(FunctionCall)),
  }),
);

export const CreateConversationResponse = withExample(
  Type.Object({
    status: Type.Literal(true),
    conversation_id: Type.String({ format: 'uuid' }),
    history: Type.Array(HistoryItem),
  }),
  {
    status: true,
    conversation_id: '3f1c8a52-7b9e-4c2d-a6f0-1e8d7c5b4a39',
    history: [{ role: 'assistant', content: 'Hi Ana! How can I help you today?' }],
  },
);

export const SendMessageResponse = withExample(
  Type.Object({
    status: Type.Literal(true),
    message: Type.String({ description: "The reply; empty when the conversation's AI is disabled (a human answers)." }),
    function_calls: Type.Array(FunctionCall),
    ai_disabled: Type.Optional(
      Type.Literal(true, { description: 'Present when the AI is disabled: the message was stored and nobody answered yet.' }),
    ),
  }),
  { status: true, message: 'Yes, we deliver on Saturdays between 9:00 and 14:00.', function_calls: [] },
);

const Party = named(
  'ConversationParty',
  Type.Object({
    name: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    /** The platform's user id of a chatapp customer who hides their number (phone is null then). */
    user_id: Type.Optional(Type.String()),
  }),
);

export const GetConversationResponse = Type.Object({
  status: Type.Literal(true),
  history: Type.Array(HistoryItem),
  variables: Nullable(Type.Record(Type.String(), Type.Unknown())),
  external_identifier: Type.Optional(Type.String()),
  whatsapp_sender: Type.Optional(Nullable(Party)),
  customer: Type.Optional(Party),
});

/** The owner's full view of one conversation: every message with its time, and what was extracted at its end. */
export const ConversationRecordResponse = named(
  'ConversationRecord',
  Type.Object(
    {
      id: Type.String({ format: 'uuid' }),
      assistant_id: Type.String({ format: 'uuid' }),
      assistant_name: Type.String(),
      type: Type.String({ description: 'test, widget, whatsapp (the chat app), api or sms' }),
      status: Type.String({ description: 'active or ended' }),
      end_reason: Nullable(Type.String()),
      ai_enabled: Type.Boolean({ description: 'false while a person has taken over' }),
      message_count: Type.Integer(),
      total_cost: Type.Number({ description: 'USD' }),
      variables: Nullable(Type.Record(Type.String(), Type.Unknown())),
      evaluation: Nullable(
        Type.Record(Type.String(), Type.Unknown(), {
          description: 'What the assistant extracted once the conversation ended; null before.',
        }),
      ),
      chatapp: Nullable(
        Type.Object({
          sender_id: Type.Integer({
            description: 'The chat app sender: the sender_id of /user/chatapp/session-status and /send-freeform.',
          }),
          customer_phone: Nullable(
            Type.String({ description: "The customer's number (E.164), or the platform's user id when they hide it." }),
          ),
          customer_name: Nullable(Type.String()),
        }),
      ),
      sms: Nullable(
        Type.Object({
          phone_number_id: Nullable(
            Type.Integer({ description: "The account's number the conversation runs on (null once the number is deleted)." }),
          ),
          customer_phone: Nullable(Type.String({ description: "The customer's number (E.164)." })),
        }),
      ),
      messages: Type.Array(
        Type.Object({
          id: Type.Integer(),
          role: Type.String({ enum: ['user', 'assistant', 'system'] }),
          content: Type.String(),
          function_calls: Type.Array(FunctionCall),
          created_at: Type.String({ format: 'date-time' }),
        }),
      ),
      created_at: Type.String({ format: 'date-time' }),
      updated_at: Type.String({ format: 'date-time' }),
    },
    { additionalProperties: false },
  ),
);

export const ListConversationsQuery = Type.Object({
  type: Type.Optional(
    Type.Unsafe<'test' | 'widget' | 'whatsapp' | 'api' | 'chatapp' | 'sms'>({
      type: 'string',
      enum: ['test', 'widget', 'whatsapp', 'api', 'chatapp', 'sms'],
      description: 'chatapp is a synonym of whatsapp.',
    }),
  ),
  assistant_id: Type.Optional(Type.String({ pattern: `^(\\d{1,10}|${UUID_PATTERN})$`, description: "The assistant's id or UUID." })),
  customer_phone: Type.Optional(Type.String({ maxLength: 32 })),
  external_identifier: Type.Optional(Type.String({ maxLength: 255 })),
  whatsapp_sender_phone: Type.Optional(Type.String({ maxLength: 32, description: "The chatapp sender's number (E.164)." })),
  chatapp_sender_phone: Type.Optional(Type.String({ maxLength: 32, description: 'A synonym of whatsapp_sender_phone.' })),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
});

const ConversationSummary = Type.Object(
  {
    id: Type.String(),
    assistant_id: Type.String(),
    assistant_name: Type.String(),
    type: Type.String(),
    variables: Nullable(Type.Record(Type.String(), Type.Unknown())),
    message_count: Type.Integer(),
    total_cost: Type.Number(),
    ai_enabled: Type.Boolean(),
    status: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
    external_identifier: Type.Optional(Type.String()),
    whatsapp_sender: Type.Optional(Nullable(Party)),
    customer: Type.Optional(Party),
  },
  { additionalProperties: false },
);

export const ListConversationsResponse = Type.Object({
  data: Type.Array(ConversationSummary),
  path: Type.String(),
  per_page: Type.Integer(),
  next_cursor: Nullable(Type.String()),
  prev_cursor: Nullable(Type.String()),
});

export const GenerateReplyBody = Type.Object({
  assistant_id: Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ format: 'uuid' })], {
    errorMessage: 'The :attribute field must be an assistant id or UUID.',
  }),
  customer_identifier: Type.String({ minLength: 1, maxLength: 255 }),
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  variables: Type.Optional(Variables),
});

export const GenerateReplyResponse = Type.Object({
  success: Type.Literal(true),
  conversation_id: Type.String(),
  customer_identifier: Type.String(),
  reply: Type.String(),
  function_calls: Type.Array(FunctionCall),
  ai_disabled: Type.Boolean(),
});

export const ConversationErrors = {
  400: { ...ConversationErrorBody, description: 'Insufficient balance, or processing failed ("Failed to process message: ...").' },
  403: {
    ...ConversationErrorBody,
    description:
      "The assistant is not active (widget conversations only; the owner's test conversations are allowed), or the token is a viewer's (test conversations and messages sent with a token need an editor or higher).",
  },
  404: { ...ConversationErrorBody, description: 'Conversation not found.' },
  429: {
    ...ConversationErrorBody,
    description:
      "Widget limits: conversations per client network per hour, messages per conversation and per client network per minute, or the assistant's daily widget budget. The Retry-After header gives the seconds to wait.",
  },
};

export const TooManyAttempts = Type.Object({ message: Type.String(), retry_after: Type.Integer() });
export { CodedErrorBody, MessageBody };
