import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/db/database.js';
import { isoTimestamp } from '../../../core/http/schemas.js';
import type { WebhookToSend } from '../../webhooks/index.js';
import type { CallRow } from '../calls.repo.js';

export const INBOUND_CALL_EVENT = 'inbound_call';

/** What an answer may set: the assistant's own variable rules (names, count, length). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_VARIABLES = 100;
const MAX_VALUE_LENGTH = 2000;

export interface InboundCallWebhookDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  timeoutMs: number;
  /** Sends a delivery and waits for its first attempt (the webhooks module's sendWebhookNow). */
  sendNow(input: WebhookToSend, options: { timeoutMs: number }): Promise<{ body: string } | null>;
}

/**
 * The inbound-call webhook (`inbound_webhook_url`, set with enable-inbound-webhook): sent when a
 * call reaches an inbound assistant, on a phone number or the chatapp, before the assistant
 * answers. The caller hears ringing while the assistant waits up to INBOUND_WEBHOOK_TIMEOUT_MS
 * for the answer: a 2xx with a flat JSON object (the reference's automations "respond with a
 * flat map of strings") sets those variables for this call, over the assistant's own. Anything
 * else (no answer in time, an error, another body) leaves the call as it was; the delivery is
 * retried like any other, and the call never waits longer than the timeout.
 */
export function createInboundCallWebhook(deps: InboundCallWebhookDeps) {
  return async function beforeAnswer(call: CallRow): Promise<void> {
    try {
      const assistant = await deps.db
        .selectFrom('assistants')
        .select(['uuid', 'variables', 'inbound_webhook_url'])
        .where('id', '=', call.assistant_id!)
        .executeTakeFirst();
      if (!assistant?.inbound_webhook_url) return;
      const variables = { ...assistant.variables, ...call.variables };
      const answer = await deps.sendNow(
        {
          userId: call.user_id,
          url: assistant.inbound_webhook_url,
          event: INBOUND_CALL_EVENT,
          payload: inboundCallPayload(call, assistant.uuid, variables),
          assistantId: call.assistant_id,
        },
        { timeoutMs: deps.timeoutMs },
      );
      const set = answer ? answeredVariables(answer.body) : {};
      if (Object.keys(set).length === 0) return;
      await deps.db
        .updateTable('calls')
        .set({ variables: JSON.stringify({ ...call.variables, ...set }), updated_at: deps.clock.now() })
        .where('id', '=', call.id)
        .execute();
    } catch (error) {
      // The caller is waiting: a failure here must not cost the call.
      deps.logger.warn({ err: error, callId: call.id }, 'the inbound-call webhook could not be sent; answering without it');
    }
  };
}

export type BeforeInboundAnswer = ReturnType<typeof createInboundCallWebhook>;

/** The event, as the reference's public clients name its fields (customer_phone, assistant_phone). */
export function inboundCallPayload(call: CallRow, assistantUuid: string, variables: Record<string, unknown>) {
  return {
    event: INBOUND_CALL_EVENT,
    call_id: call.id,
    assistant_id: assistantUuid,
    type: call.type,
    customer_phone: call.from_number,
    assistant_phone: call.to_number,
    variables,
    created_at: isoTimestamp(call.created_at),
  };
}

/** The variables an answer sets: a flat object's string, number and boolean values, under valid names. */
export function answeredVariables(body: string): Record<string, string | number | boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const set: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (Object.keys(set).length >= MAX_VARIABLES) break;
    if (!VARIABLE_NAME.test(name)) continue;
    if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) set[name] = value;
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') set[name] = value;
  }
  return set;
}
