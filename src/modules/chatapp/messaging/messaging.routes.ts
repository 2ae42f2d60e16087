import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../../core/http/auth.js';
import { CodedErrorBody } from '../../../core/http/schemas.js';
import type { ChatappServices } from '../chatapp.service.js';
import {
  CallPermissionRecord,
  MessagesQuery,
  MessagesResponse,
  SendFreeformBody,
  SendFreeformResponse,
  SendTemplateBody,
  SendTemplateResponse,
  SessionStatusQuery,
  SessionStatusResponse,
  VoicePermissionQuery,
  VoiceRequestBody,
} from './messaging.schemas.js';

const tags = ['Chatapp messaging'];
const config = { errorShape: 'coded' as const };
const coded = (description: string) => ({ ...CodedErrorBody, description });
const senderNotFound = coded("SENDER_NOT_FOUND: missing, or not the caller's.");
const rateLimited = coded('RATE_LIMIT_EXCEEDED; Retry-After says when to try again.');
const insufficientBalance = coded('INSUFFICIENT_BALANCE: the balance does not cover CHATAPP_MESSAGE_PRICE_USD; nothing was sent.');

export const messagingRoutes: FastifyPluginAsyncTypebox<{ chatapp: ChatappServices }> = async (app, { chatapp }) => {
  const { messaging, callPermission } = chatapp;

  app.get(
    '/user/chatapp/session-status',
    {
      config,
      schema: {
        tags,
        operationId: 'getSessionStatus',
        summary: 'Get session status (24-hour window); read-only and free',
        querystring: SessionStatusQuery,
        response: { 200: SessionStatusResponse, 404: senderNotFound, 422: coded('INVALID_PHONE, or invalid input.') },
      },
    },
    async (request) => messaging.sessionStatus(authOf(request).userId, request.query.sender_id, request.query.recipient_phone),
  );

  app.post(
    '/user/chatapp/send',
    {
      config,
      schema: {
        tags,
        operationId: 'sendTemplateMessage',
        summary: 'Send a template message',
        body: SendTemplateBody,
        response: {
          200: SendTemplateResponse,
          402: insufficientBalance,
          404: coded('SENDER_NOT_FOUND or TEMPLATE_NOT_FOUND.'),
          422: coded(
            'INVALID_PHONE, TEMPLATE_NOT_APPROVED, TEMPLATE_MISMATCH, TEMPLATE_NOT_SYNCED, SENDER_OFFLINE, SEND_FAILED, or invalid input.',
          ),
          429: rateLimited,
          502: coded('SEND_FAILED: the platform could not be reached.'),
        },
      },
    },
    async (request) => messaging.sendTemplate(authOf(request).userId, request.body),
  );

  app.post(
    '/user/chatapp/send-freeform',
    {
      config,
      schema: {
        tags,
        operationId: 'sendFreeformMessage',
        summary: 'Send a free-form message (inside the 24-hour window)',
        body: SendFreeformBody,
        response: {
          200: SendFreeformResponse,
          402: insufficientBalance,
          403: coded('SESSION_EXPIRED, with session_status.'),
          404: senderNotFound,
          422: coded('INVALID_PHONE, SEND_FAILED, or invalid input.'),
          429: rateLimited,
          502: coded('SEND_FAILED: the platform could not be reached.'),
          503: coded('SENDER_OFFLINE.'),
        },
      },
    },
    async (request) => messaging.sendFreeform(authOf(request).userId, request.body),
  );

  app.get(
    '/user/chatapp/messages',
    {
      config,
      schema: {
        tags,
        operationId: 'listChatappMessages',
        summary: 'Messages with one customer, oldest first',
        querystring: MessagesQuery,
        response: { 200: MessagesResponse, 404: senderNotFound },
      },
    },
    async (request) => messaging.listMessages(authOf(request).userId, request.query.sender_id, request.query.recipient_phone),
  );

  app.post(
    '/user/chatapp/voice/request',
    {
      config,
      // Before validation, so every request counts (see throttleRequest).
      preValidation: async (request) => callPermission.throttleRequest(authOf(request).userId),
      schema: {
        tags,
        operationId: 'requestCallPermission',
        summary: 'Request call permission (Ask to call)',
        body: VoiceRequestBody,
        response: {
          200: CallPermissionRecord,
          404: senderNotFound,
          422: coded(
            'INVALID_PHONE, VOICE_DISABLED, TEMPLATE_NOT_FOUND, SESSION_CLOSED, REQUEST_LIMIT, REGION_NOT_SUPPORTED or SEND_FAILED.',
          ),
          429: coded('5 per minute, 20 per hour, 50 per day per user (RATE_LIMIT_EXCEEDED); Retry-After says when.'),
        },
      },
    },
    async (request) => callPermission.request(authOf(request).userId, request.body),
  );

  app.get(
    '/user/chatapp/voice/permission',
    {
      config,
      schema: {
        tags,
        operationId: 'getCallPermission',
        summary: 'Get call permission',
        querystring: VoicePermissionQuery,
        response: { 200: CallPermissionRecord, 404: senderNotFound, 422: coded('INVALID_PHONE, or invalid input.'), 429: rateLimited },
      },
    },
    async (request) => callPermission.get(authOf(request).userId, request.query.sender_id, request.query.recipient_phone),
  );
};
