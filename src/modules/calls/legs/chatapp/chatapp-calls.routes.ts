import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../../../core/http/auth.js';
import { CodedErrorBody } from '../../../../core/http/schemas.js';
import type { ChatappCallsService } from './chatapp-calls.service.js';
import { PlaceChatappCallBody, PlaceChatappCallResponse } from './chatapp-calls.schemas.js';

const coded = (description: string) => ({ ...CodedErrorBody, description });

/** `POST /user/chatapp/voice/call` (and `/user/whatsapp/voice/call`): the assistant calls a customer who allowed calls. */
export const chatappCallsRoutes: FastifyPluginAsyncTypebox<{ chatappCalls: ChatappCallsService }> = async (app, { chatappCalls }) => {
  app.post(
    '/user/chatapp/voice/call',
    {
      config: { errorShape: 'coded' as const },
      // Before validation, so every request counts (the reference's throttle middleware).
      preValidation: async (request) => chatappCalls.throttle(authOf(request).userId),
      schema: {
        tags: ['Chatapp messaging'],
        summary: 'Place a chatapp voice call (after the customer granted call permission)',
        body: PlaceChatappCallBody,
        response: {
          200: PlaceChatappCallResponse,
          402: coded('INSUFFICIENT_BALANCE: the balance does not cover the first minute.'),
          403: coded("ASSISTANT_BLOCKED: the sender's assistant is not active."),
          404: coded("SENDER_NOT_FOUND: missing, or not the caller's."),
          422: coded(
            'INVALID_PHONE, VOICE_DISABLED, NO_PERMISSION, NO_ASSISTANT, SENDER_OFFLINE, REGION_NOT_SUPPORTED, FEATURE_DISABLED, CALL_FAILED, or invalid input.',
          ),
          429: coded(
            'CONCURRENT_LIMIT (5 calls in progress per sender), CONTACT_RATE_LIMIT (3 per contact per 5 minutes), RATE_LIMIT_EXCEEDED (5/min, 15/h, 30/day per user); Retry-After says when.',
          ),
          502: coded('CALL_FAILED: the platform could not be reached.'),
        },
      },
    },
    async (request) => chatappCalls.place(authOf(request).userId, request.body),
  );
};
