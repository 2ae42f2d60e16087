import type { FunctionCallRecord } from '../../core/db/schema.js';
import { microsToUsd } from '../../core/money.js';
import type { ConversationView } from './conversations.repo.js';
import { isPhoneKey } from '../chatapp/index.js';
import { listTimestamp } from '../replies/index.js';

export interface SenderParty {
  name: string | null;
  phone: string | null;
}

/** History items as spec 2.8: function_calls only on assistant messages that made calls. */
export function presentHistory(messages: Array<{ role: string; content: string; function_calls: FunctionCallRecord[] | null }>) {
  return messages.map((m) => ({
    role: m.role,
    content: m.content,
    ...(m.role === 'assistant' && m.function_calls && m.function_calls.length > 0 ? { function_calls: m.function_calls } : {}),
  }));
}

/** Channel-specific extras: the identifier of api conversations, the parties of chatapp ones. */
function channelFields(c: ConversationView, sender: SenderParty | null) {
  if (c.type === 'api') return c.external_identifier ? { external_identifier: c.external_identifier } : {};
  if (c.type === 'whatsapp') return { whatsapp_sender: sender, customer: chatappCustomer(c) };
  if (c.type === 'sms') return { customer: { name: c.customer_name, phone: c.customer_phone } };
  return {};
}

/** A chatapp customer is keyed by phone, or by the platform's user id when they hide their number. */
function chatappCustomer(c: ConversationView) {
  if (c.customer_phone === null || isPhoneKey(c.customer_phone)) return { name: c.customer_name, phone: c.customer_phone };
  return { name: c.customer_name, phone: null, user_id: c.customer_phone };
}

export function presentConversationDetail(c: ConversationView, sender: SenderParty | null = null) {
  return { variables: c.variables ?? null, ...channelFields(c, sender) };
}

export function presentSummary(c: ConversationView, sender: SenderParty | null = null) {
  return {
    id: c.uuid,
    assistant_id: c.assistant_uuid,
    assistant_name: c.assistant_name,
    type: c.type,
    variables: c.variables ?? null,
    message_count: c.message_count,
    total_cost: microsToUsd(c.total_cost_micros),
    ai_enabled: c.ai_enabled,
    status: c.status,
    created_at: listTimestamp(c.created_at),
    updated_at: listTimestamp(c.updated_at),
    ...channelFields(c, sender),
  };
}

/** GET /user/conversations/{uuid}: the owner's record, messages with their times. */
export function presentRecord(
  c: ConversationView,
  messages: Array<{ id: number; role: string; content: string; function_calls: FunctionCallRecord[] | null; created_at: Date }>,
) {
  return {
    id: c.uuid,
    assistant_id: c.assistant_uuid,
    assistant_name: c.assistant_name,
    type: c.type,
    status: c.status,
    end_reason: c.end_reason,
    ai_enabled: c.ai_enabled,
    message_count: c.message_count,
    total_cost: microsToUsd(c.total_cost_micros),
    variables: c.variables ?? null,
    evaluation: c.extracted_variables ?? null,
    chatapp:
      c.type === 'whatsapp' && c.chatapp_sender_id !== null
        ? { sender_id: c.chatapp_sender_id, customer_phone: c.customer_phone, customer_name: c.customer_name }
        : null,
    sms: c.type === 'sms' ? { phone_number_id: c.sms_phone_number_id, customer_phone: c.customer_phone } : null,
    messages: messages.map((m) => ({
      id: Number(m.id),
      role: m.role,
      content: m.content,
      function_calls: m.function_calls ?? [],
      created_at: new Date(m.created_at).toISOString(),
    })),
    created_at: new Date(c.created_at).toISOString(),
    updated_at: new Date(c.updated_at).toISOString(),
  };
}
