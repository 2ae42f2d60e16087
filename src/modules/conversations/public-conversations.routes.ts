import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../core/http/errors.js';
import type { AuthContext } from '../../core/http/fastify-types.js';
import { actingCaller, publicCaller } from '../../core/http/public-caller.js';
import { InsufficientBalanceError } from '../accounts/index.js';
import type { ConversationsService } from './conversations.service.js';
import {
  ConversationErrors,
  ConversationParams,
  CreateConversationBody,
  CreateConversationResponse,
  GetConversationResponse,
  SendMessageBody,
  SendMessageResponse,
} from './conversations.schemas.js';
import { presentConversationDetail, presentHistory } from './conversations.present.js';
import { createEventStream, wantsEventStream } from './sse.js';

export interface PublicConversationsRoutesOptions {
  conversations: ConversationsService;
  resolveBearer(token: string): Promise<AuthContext | null>;
}

const tags = ['Conversations'];
const config = { public: true, errorShape: 'conversation' as const, notFoundMessage: 'Conversation not found' };

/** A message stored while the AI is disabled gets no reply: `message` is empty and this says why. */
const takenOver = (result: { aiDisabled?: true }) => (result.aiDisabled ? { ai_disabled: true as const } : {});

/** The widget family answers a low balance with 400 (generate-reply and the chatapp use 402). */
function widgetError(error: unknown): unknown {
  return error instanceof InsufficientBalanceError ? new AppError(400, error.message, { code: error.code }) : error;
}

/** The chat widget's routes: public, addressed by UUIDs, speaking the `{status, error}` shape. */
export const publicConversationsRoutes: FastifyPluginAsyncTypebox<PublicConversationsRoutesOptions> = async (
  app,
  { conversations, resolveBearer },
) => {
  app.post(
    '/conversations',
    {
      config,
      schema: {
        tags,
        operationId: 'createConversation',
        summary: 'Create a conversation',
        body: CreateConversationBody,
        response: { 200: CreateConversationResponse, ...ConversationErrors },
      },
    },
    async (request) => {
      const { assistant_id, type, variables } = request.body;
      const caller = type === 'test' ? await actingCaller(request, resolveBearer) : { clientIp: request.ip, auth: null };
      const created = await conversations
        .create({ assistantUuid: assistant_id, type: type ?? 'widget', variables: variables ?? null, caller })
        .catch((error: unknown) => Promise.reject(widgetError(error)));
      return { status: true as const, conversation_id: created.uuid, history: created.history };
    },
  );

  app.post(
    '/conversations/:uuid/messages',
    {
      config,
      schema: {
        tags,
        operationId: 'sendConversationMessage',
        summary: 'Send a message (Accept: text/event-stream streams the reply)',
        params: ConversationParams,
        body: SendMessageBody,
        response: { 200: SendMessageResponse, ...ConversationErrors },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const caller = await actingCaller(request, resolveBearer);
      if (!wantsEventStream(request.headers.accept)) {
        const result = await conversations
          .sendMessage(uuid, request.body.message, caller)
          .catch((error: unknown) => Promise.reject(widgetError(error)));
        return { status: true as const, message: result.message, function_calls: result.functionCalls, ...takenOver(result) };
      }
      const stream = createEventStream(reply);
      try {
        const result = await conversations.sendMessage(uuid, request.body.message, caller, {
          onStarted: stream.start,
          onEvent: (event) =>
            event.type === 'token' ? stream.send('token', { content: event.content }) : stream.send('function_call', event.call),
        });
        stream.send('done', { status: true, message: result.message, function_calls: result.functionCalls, ...takenOver(result) });
      } catch (error) {
        if (!stream.started) throw widgetError(error);
        request.log.warn({ err: error }, 'streamed message failed');
        stream.send('error', { status: false, error: error instanceof AppError ? error.message : 'Failed to process message' });
      }
      stream.end();
      return reply;
    },
  );

  app.get(
    '/conversations/:uuid',
    {
      config,
      schema: {
        tags,
        operationId: 'getConversation',
        summary: 'Get a conversation',
        params: ConversationParams,
        response: { 200: GetConversationResponse, 404: ConversationErrors[404] },
      },
    },
    async (request) => {
      const { conversation, messages, sender } = await conversations.get(request.params.uuid, await publicCaller(request, resolveBearer));
      return { status: true as const, history: presentHistory(messages), ...presentConversationDetail(conversation, sender) };
    },
  );
};
