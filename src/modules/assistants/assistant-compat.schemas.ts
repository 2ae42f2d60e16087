import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';
import { Url } from './assistant-tools.schemas.js';

/** An item of GET /user/assistants/outbound: exactly the reference's fields. */
export const OutboundAssistant = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  name: Type.String(),
  type: Type.Literal('outbound'),
  mode: Type.String(),
  status: Type.String(),
  voice_id: Type.Integer(),
  language_id: Type.Integer(),
  timezone: Type.String(),
  initial_message: Type.String(),
  system_prompt: Type.String(),
  variables: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  webhook_url: Nullable(Type.String()),
  is_webhook_active: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const AssistantId = Type.Integer({ minimum: 1 });

export const AssistantIdBody = Type.Object({ assistant_id: AssistantId });
export const EnableWebhookBody = Type.Object({ assistant_id: AssistantId, webhook_url: Url });

/** The reference answers every toggle with an empty `data` list. */
export const ToggleResponse = Type.Object({ message: Type.String(), data: Type.Array(Type.Unknown(), { maxItems: 0 }) });
