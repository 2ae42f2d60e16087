import { NUMBER_FIELDS, numberStateChange } from './number-events.js';
import type { WebhookEvent } from './webhook-event.types.js';
import { callsChange } from './webhook-calls.js';
import { messagesChange } from './webhook-messages.js';
import { arr, obj, str } from './webhook-values.js';

export type { CallSignal, InboundMedia, InboundMessage, PermissionReply, WebhookEvent } from './webhook-event.types.js';

/**
 * Reads the platform's webhook envelope (`{object, entry: [{id, changes: [{field, value}]}]}`)
 * into the few events the module acts on. Pure and total: any shape, however odd, yields a
 * (possibly empty) list and never throws, so a strange delivery is dropped, not retried forever.
 */
export function parseWebhookPayload(payload: unknown, now: Date): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  for (const entry of arr(obj(payload)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const field = str(obj(change)?.field);
      const value = obj(obj(change)?.value);
      if (!value) continue;
      if (field === 'messages') events.push(...messagesChange(value, now));
      else if (field === 'calls') events.push(...callsChange(value, now));
      else if (field === 'message_template_status_update') {
        const wabaId = str(obj(entry)?.id);
        const templateId = str(value.message_template_id);
        const event = str(value.event);
        if (wabaId && templateId && event) events.push({ type: 'template_status', wabaId, platformTemplateId: templateId, event });
      } else if (field && NUMBER_FIELDS.has(field)) {
        const wabaId = str(obj(entry)?.id);
        const change = numberStateChange(field, value);
        if (wabaId && change)
          events.push({
            type: 'number_state',
            wabaId,
            displayPhone: str(value.display_phone_number) ?? str(value.phone_number) ?? null,
            change,
          });
      }
    }
  }
  return events;
}
