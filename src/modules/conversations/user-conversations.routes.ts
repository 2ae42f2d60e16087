import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import { ConversationErrorBody } from '../../core/http/schemas.js';
import type { ConversationsService } from './conversations.service.js';
import {
  CodedErrorBody,
  ConversationParams,
  ConversationRecordResponse,
  GenerateReplyBody,
  GenerateReplyResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  TooManyAttempts,
} from './conversations.schemas.js';
import { presentRecord, presentSummary } from './conversations.present.js';
import { channelType, phoneFilter, refuseUnknownQueryKeys } from './list-filters.js';

export interface UserConversationsRoutesOptions {
  conversations: ConversationsService;
}

const tags = ['Conversations'];

/** The account's view of its conversations, and AI replies for the account's own channels. */
export const userConversationsRoutes: FastifyPluginAsyncTypebox<UserConversationsRoutesOptions> = async (app, { conversations }) => {
  app.get(
    '/user/conversations',
    {
      config: { errorShape: 'validation' },
      preValidation: refuseUnknownQueryKeys(ListConversationsQuery),
      schema: {
        tags,
        operationId: 'listConversations',
        summary: 'List conversations (newest first, cursor-paginated)',
        description: 'Every filter given applies; an unknown query key is refused (422) rather than ignored.',
        querystring: ListConversationsQuery,
        response: { 200: ListConversationsResponse },
      },
    },
    async (request) => {
      const { type, assistant_id, customer_phone, external_identifier, whatsapp_sender_phone, chatapp_sender_phone, per_page, cursor } =
        request.query;
      const assistant = assistant_id === undefined ? undefined : assistantFilter(assistant_id);
      const senderPhones = [whatsapp_sender_phone, chatapp_sender_phone].map(phoneFilter).filter((p): p is string => p !== undefined);
      const filters = {
        userId: authOf(request).userId,
        type: channelType(type),
        assistant,
        customerPhone: phoneFilter(customer_phone),
        externalIdentifier: external_identifier,
        senderPhones,
      };
      const page = await conversations.list(filters, per_page, cursor);
      return {
        data: page.items.map(({ conversation, sender }) => presentSummary(conversation, sender)),
        path: `${request.protocol}://${request.host}${request.url.split('?')[0]}`,
        per_page,
        next_cursor: page.nextCursor,
        prev_cursor: page.prevCursor,
      };
    },
  );

  app.get(
    '/user/conversations/:uuid',
    {
      config: { errorShape: 'conversation', notFoundMessage: 'Conversation not found' },
      schema: {
        tags,
        operationId: 'getConversationRecord',
        summary: "One of the account's conversations: every message with its time, the variables and the evaluation",
        params: ConversationParams,
        response: {
          200: ConversationRecordResponse,
          404: { ...ConversationErrorBody, description: "Unknown conversation, or another account's." },
        },
      },
    },
    async (request) => {
      const { conversation, messages } = await conversations.record(authOf(request).userId, request.params.uuid);
      return presentRecord(conversation, messages);
    },
  );

  app.post(
    '/user/ai/generate-reply',
    {
      // Field errors and 429 read like the reference (validation shape); the rest is coded.
      // The reference's older path; clients still call it.
      config: { errorShape: 'validation', alsoAt: ['/ai/generate-reply'] },
      // Before validation, so every request counts (see throttleGenerateReply).
      preValidation: async (request) => conversations.throttleGenerateReply(authOf(request)),
      schema: {
        tags,
        operationId: 'generateReply',
        summary: 'Generate an AI reply for a customer (find or create the conversation)',
        description: "With the conversation's AI disabled the message is stored, `reply` is empty and `ai_disabled` is true.",
        body: GenerateReplyBody,
        response: { 200: GenerateReplyResponse, 402: CodedErrorBody, 404: CodedErrorBody, 400: CodedErrorBody, 429: TooManyAttempts },
      },
    },
    async (request, reply) => {
      const { assistant_id, customer_identifier, message, variables } = request.body;
      try {
        const result = await conversations.generateReply(authOf(request), {
          assistantId: assistant_id,
          customerIdentifier: customer_identifier,
          message,
          variables,
        });
        return {
          success: true as const,
          conversation_id: result.conversation.uuid,
          customer_identifier,
          reply: result.message,
          function_calls: result.functionCalls,
          ai_disabled: result.aiDisabled === true,
        };
      } catch (error) {
        if (!(error instanceof AppError) || error.fieldErrors || error.statusCode === 429 || error.statusCode === 401) throw error;
        return reply.status(error.statusCode as 400).send({ success: false, error: error.message, error_code: error.code ?? 'ERROR' });
      }
    },
  );
};

/** An id or a UUID; ids are PostgreSQL integers, so a larger number names no assistant of anyone's. */
function assistantFilter(assistantId: string): { id: number } | { uuid: string } {
  if (!/^\d+$/.test(assistantId)) return { uuid: assistantId.toLowerCase() };
  const id = Number(assistantId);
  if (id > 2_147_483_647) throw validationFailed({ assistant_id: ['The assistant id field must be an assistant id or UUID.'] });
  return { id };
}
