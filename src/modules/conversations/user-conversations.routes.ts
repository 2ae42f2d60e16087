import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { AppError, validationFailed } from '../../core/http/errors.js';
import type { ConversationsService } from './conversations.service.js';
import {
  CodedErrorBody,
  GenerateReplyBody,
  GenerateReplyResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  TooManyAttempts,
} from './conversations.schemas.js';
import { presentSummary } from './conversations.present.js';

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
      schema: { tags, summary: 'List conversations (newest first, cursor-paginated)', querystring: ListConversationsQuery, response: { 200: ListConversationsResponse } },
    },
    async (request) => {
      const { type, assistant_id, customer_phone, external_identifier, per_page, cursor } = request.query;
      const assistant = assistant_id === undefined ? undefined : assistantFilter(assistant_id);
      const filters = { userId: authOf(request).userId, type, assistant, customerPhone: customer_phone, externalIdentifier: external_identifier };
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

  app.post(
    '/user/ai/generate-reply',
    {
      // Field errors and 429 read like the reference (validation shape); the rest is coded.
      config: { errorShape: 'validation' },
      schema: {
        tags,
        summary: 'Generate an AI reply for a customer (find or create the conversation)',
        body: GenerateReplyBody,
        response: { 200: GenerateReplyResponse, 402: CodedErrorBody, 404: CodedErrorBody, 400: CodedErrorBody, 429: TooManyAttempts },
      },
    },
    async (request, reply) => {
      const { assistant_id, customer_identifier, message, variables } = request.body;
      try {
        const result = await conversations.generateReply(authOf(request), { assistantId: assistant_id, customerIdentifier: customer_identifier, message, variables });
        return {
          success: true as const,
          conversation_id: result.conversation.uuid,
          customer_identifier,
          reply: result.message,
          function_calls: result.functionCalls,
          ai_disabled: false,
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
