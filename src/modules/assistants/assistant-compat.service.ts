import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { notFound } from '../../core/http/errors.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { createAssistantCompatRepo, type OutboundRow, type WebhookChange } from './assistant-compat.repo.js';

export type WebhookToggle =
  | 'enable-inbound-webhook'
  | 'disable-inbound-webhook'
  | 'enable-conversation-ended-webhook'
  | 'disable-conversation-ended-webhook'
  | 'enable-webhook'
  | 'disable-webhook';

/** What each toggle changes and answers, as the reference documents them. */
export const WEBHOOK_TOGGLES: Record<
  WebhookToggle,
  { message: string; needsUrl: boolean; change(url: string | null): WebhookChange; description?: string }
> = {
  'enable-inbound-webhook': {
    message: 'Webhook enabled successfully',
    needsUrl: true,
    change: (url) => ({ inboundWebhookUrl: url }),
    description:
      "When a call reaches the assistant (its phone number, or a chatapp customer's call), an `inbound_call` webhook is sent before it picks up: " +
      '`{event, call_id, assistant_id (uuid), type, customer_phone, assistant_phone, variables, created_at}`, signed like every delivery. ' +
      'The call waits up to INBOUND_WEBHOOK_TIMEOUT_MS for the answer: a 2xx with a flat JSON object sets those variables for the call.',
  },
  'disable-inbound-webhook': {
    message: 'Inbound webhook disabled successfully',
    needsUrl: false,
    change: () => ({ inboundWebhookUrl: null }),
  },
  'enable-conversation-ended-webhook': {
    message: 'Conversation ended webhook enabled successfully',
    needsUrl: true,
    change: (url) => ({ conversationEndedWebhookUrl: url }),
  },
  'disable-conversation-ended-webhook': {
    message: 'Conversation ended webhook disabled successfully',
    needsUrl: false,
    change: () => ({ conversationEndedWebhookUrl: null }),
  },
  // The reference's page lists no enable twin (its update sets is_webhook_active and webhook_url),
  // but the automation platforms' "Phone Call Ended" triggers call it with the trigger's URL.
  'enable-webhook': { message: 'Webhook enabled successfully', needsUrl: true, change: (url) => ({ postCall: { active: true, url } }) },
  'disable-webhook': {
    message: 'Webhook disabled successfully',
    needsUrl: false,
    change: () => ({ postCall: { active: false, url: null } }),
  },
};

const present = (row: OutboundRow) => ({
  ...row,
  type: 'outbound' as const,
  created_at: isoTimestamp(row.created_at)!,
  updated_at: isoTimestamp(row.updated_at)!,
});

/** The reference's assistant routes beyond the spec: the outbound picker list and the webhook toggles. */
export function createAssistantCompatService(deps: { db: Db; clock: Clock }) {
  return {
    async outbound(userId: number) {
      return (await createAssistantCompatRepo(deps.db).outbound(userId)).map(present);
    },

    async toggleWebhook(userId: number, toggle: WebhookToggle, input: { assistantId: number; webhookUrl: string | null }): Promise<string> {
      const { message, change } = WEBHOOK_TOGGLES[toggle];
      const found = await createAssistantCompatRepo(deps.db).setWebhooks({
        userId,
        id: input.assistantId,
        change: change(input.webhookUrl),
        now: deps.clock.now(),
      });
      if (!found) throw notFound('Assistant not found');
      return message;
    },
  };
}

export type AssistantCompatService = ReturnType<typeof createAssistantCompatService>;
