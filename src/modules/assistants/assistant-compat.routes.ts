import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../core/http/auth.js';
import { MessageBody } from '../../core/http/schemas.js';
import { WEBHOOK_TOGGLES, type AssistantCompatService, type WebhookToggle } from './assistant-compat.service.js';
import { AssistantIdBody, EnableWebhookBody, OutboundAssistant, ToggleResponse } from './assistant-compat.schemas.js';

const tags = ['Assistants'];
const notFoundBody = { ...MessageBody, description: "Unknown or another account's assistant: Assistant not found." };

/** GET /user/assistants/outbound and the POST /user/assistants/{enable,disable}-*-webhook toggles. */
export const assistantCompatRoutes: FastifyPluginAsyncTypebox<{ compat: AssistantCompatService }> = async (app, { compat }) => {
  app.get(
    '/user/assistants/outbound',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'listOutboundAssistants',
        summary: 'Outbound assistants (bare array, no pagination; for assistant pickers)',
        response: { 200: Type.Array(OutboundAssistant) },
      },
    },
    async (request) => compat.outbound(authOf(request).userId),
  );

  for (const toggle of Object.keys(WEBHOOK_TOGGLES) as WebhookToggle[]) {
    const { needsUrl, description } = WEBHOOK_TOGGLES[toggle];
    app.post(
      `/user/assistants/${toggle}`,
      {
        config: { errorShape: 'validation', validationMessage: 'The given data was invalid.' },
        schema: {
          tags,
          operationId: camelCase(toggle),
          summary: toggleSummary(toggle),
          ...(description ? { description } : {}),
          body: needsUrl ? EnableWebhookBody : AssistantIdBody,
          response: { 200: ToggleResponse, 404: notFoundBody },
        },
      },
      async (request) => {
        const body = request.body as { assistant_id: number; webhook_url?: string };
        const message = await compat.toggleWebhook(authOf(request).userId, toggle, {
          assistantId: body.assistant_id,
          webhookUrl: body.webhook_url ?? null,
        });
        return { message, data: [] };
      },
    );
  }
};

/** `enable-inbound-webhook` -> `enableInboundWebhook`, the toggle's operationId. */
function camelCase(slug: string): string {
  return slug.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

function toggleSummary(toggle: WebhookToggle): string {
  const [action, ...rest] = toggle.split('-');
  const what = rest.join(' ').replace('webhook', '').trim() || 'post-call';
  const postCallEffect =
    action === 'enable' ? ' (is_webhook_active true, webhook_url set)' : ' (is_webhook_active false, webhook_url null)';
  return `${action === 'enable' ? 'Enable' : 'Disable'} the ${what} webhook${what === 'post-call' ? postCallEffect : ''}`;
}
