import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/http/errors.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { ConversationErrorBody, SimpleErrorBody } from '../../core/http/schemas.js';
import type { ConversationsService } from './conversations.service.js';
import { ConversationParams } from './conversations.schemas.js';

export interface AutomateRoutesOptions {
  conversations: ConversationsService;
  resolveBearer(token: string): Promise<AuthContext | null>;
}

const tags = ['Conversations'];
const AiState = Type.Object({ status: Type.Literal(true), ai_enabled: Type.Boolean() });
const unauthorized = () => new AppError(401, 'Unauthorized');

/**
 * The reference's /automate family answers a missing or unknown key with `{"error":
 * "Unauthorized"}` rather than the usual 401 body, so these routes check the Bearer token
 * themselves (any API key or session token of the account), before anything else runs.
 */
async function automateAuth(request: FastifyRequest, resolve: AutomateRoutesOptions['resolveBearer']): Promise<void> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1];
  const auth = token ? await resolve(token) : null;
  if (!auth) throw unauthorized();
  request.auth = auth;
}

/** Human takeover: with the AI disabled, customer messages are stored and nobody answers them automatically. */
export const automateRoutes: FastifyPluginAsyncTypebox<AutomateRoutesOptions> = async (app, { conversations, resolveBearer }) => {
  for (const [action, enabled] of [
    ['disable-ai', false],
    ['enable-ai', true],
  ] as const) {
    app.post(
      `/automate/conversations/:uuid/${action}`,
      {
        config: { public: true, errorShape: 'conversation', notFoundMessage: 'Conversation not found' },
        onRequest: (request) => automateAuth(request, resolveBearer),
        schema: {
          tags,
          operationId: enabled ? 'enableAiReplies' : 'disableAiReplies',
          summary: enabled ? 'Enable AI replies (end a human takeover)' : 'Disable AI replies (a human takes over)',
          description: enabled
            ? 'Messages received from now on are answered by the assistant again.'
            : 'Messages received from now on, on every channel, are stored without an automatic reply; a human answers through the send endpoints. Public sends then answer `message: ""` with `ai_disabled: true`, generate-reply `reply: ""` with `ai_disabled: true`.',
          security: [{ bearerAuth: [] }],
          params: ConversationParams,
          response: {
            200: AiState,
            401: { ...SimpleErrorBody, description: 'Missing or unknown key: {"error": "Unauthorized"}.' },
            404: { ...ConversationErrorBody, description: "Unknown conversation, or another account's." },
          },
        },
      },
      async (request) => {
        const aiEnabled = await conversations.setAiEnabled(request.auth!.userId, request.params.uuid, enabled);
        return { status: true as const, ai_enabled: aiEnabled };
      },
    );
  }
};
