import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../../core/http/auth.js';
import { actorOf } from '../../../core/http/actor.js';
import { CodedErrorBody, isoTimestamp } from '../../../core/http/schemas.js';
import type { ChatappServices } from '../chatapp.service.js';
import { SENDER_NOT_FOUND } from '../chatapp.errors.js';
import {
  CreateSenderBody,
  ListSendersQuery,
  SenderListResponse,
  SenderParams,
  SenderResponse,
  SenderWriteResponse,
  SuccessMessage,
  TemplateListResponse,
  TemplateStatusQuery,
  TemplateSyncResponse,
  UpdateSenderBody,
} from './senders.schemas.js';
import {
  CallPermissionRecord,
  SimulateInboundBody,
  SimulateInboundResponse,
  SimulatePermissionBody,
} from '../messaging/messaging.schemas.js';

const tags = ['Chatapp senders'];
/** A malformed sender id can only be "not found", in the coded shape like every chatapp error. */
const senderRoute = { errorShape: 'coded' as const, notFoundMessage: SENDER_NOT_FOUND, notFoundCode: 'SENDER_NOT_FOUND' };
const coded = (description: string) => ({ ...CodedErrorBody, description });
const notFound = coded("Unknown sender, or another account's: SENDER_NOT_FOUND.");

export const sendersRoutes: FastifyPluginAsyncTypebox<{ chatapp: ChatappServices }> = async (app, { chatapp }) => {
  const { senders, templates, simulator } = chatapp;

  app.post(
    '/user/chatapp/senders',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'createSender',
        summary: 'Register a sender',
        body: CreateSenderBody,
        response: {
          201: SenderWriteResponse,
          422: coded('Invalid input (VALIDATION_ERROR) or credentials the platform refused (PLATFORM_REJECTED).'),
        },
      },
    },
    async (request, reply) => {
      const data = await senders.create(authOf(request).userId, request.body);
      return reply.status(201).send({ success: true, message: 'Sender created successfully.', data });
    },
  );

  app.get(
    '/user/chatapp/senders',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'listSenders',
        summary: 'Get senders',
        querystring: ListSendersQuery,
        response: { 200: SenderListResponse },
      },
    },
    async (request) => ({ data: await senders.list(authOf(request).userId, request.query.status) }),
  );

  app.get(
    '/user/chatapp/senders/:id',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'getSender',
        summary: 'Get a sender',
        params: SenderParams,
        response: { 200: SenderResponse, 404: notFound },
      },
    },
    async (request) => ({ data: await senders.get(authOf(request).userId, request.params.id) }),
  );

  app.patch(
    '/user/chatapp/senders/:id',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'updateSender',
        summary: 'Update a sender',
        params: SenderParams,
        body: UpdateSenderBody,
        response: { 200: SenderWriteResponse, 404: notFound },
      },
    },
    async (request) => {
      const data = await senders.update(authOf(request).userId, request.params.id, request.body);
      return { success: true as const, message: 'Sender updated successfully.', data };
    },
  );

  app.delete(
    '/user/chatapp/senders/:id',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'deleteSender',
        summary: 'Delete a sender',
        params: SenderParams,
        response: { 200: SuccessMessage, 404: notFound },
      },
    },
    async (request) => {
      await senders.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { success: true as const, message: 'Sender deleted successfully.' };
    },
  );

  app.get(
    '/user/chatapp/senders/:id/templates',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'listTemplates',
        summary: 'Get templates',
        params: SenderParams,
        querystring: TemplateStatusQuery,
        response: { 200: TemplateListResponse, 404: notFound },
      },
    },
    async (request) => ({ data: await templates.list(authOf(request).userId, request.params.id, request.query.status) }),
  );

  app.post(
    '/user/chatapp/senders/:id/templates/sync',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'syncTemplates',
        summary: 'Sync templates from the platform now',
        params: SenderParams,
        response: {
          200: TemplateSyncResponse,
          404: notFound,
          422: coded('The platform refused (SYNC_FAILED).'),
          502: coded('The platform could not be reached (SYNC_FAILED).'),
        },
      },
    },
    async (request) => {
      const { count, at } = await templates.syncNow(authOf(request).userId, request.params.id);
      return { success: true as const, message: 'Templates synced.', synced: count, synced_at: isoTimestamp(at)! };
    },
  );

  app.post(
    '/user/chatapp/senders/:id/simulate/inbound',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'simulateInboundMessage',
        summary: 'Simulator: a customer message arrives',
        params: SenderParams,
        body: SimulateInboundBody,
        response: { 200: SimulateInboundResponse, 404: notFound, 422: coded('Not a simulator sender (SIMULATOR_ONLY), or invalid input.') },
      },
    },
    async (request) => simulator.inbound(authOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/user/chatapp/senders/:id/simulate/call-permission-reply',
    {
      config: senderRoute,
      schema: {
        tags,
        operationId: 'simulateCallPermissionReply',
        summary: 'Simulator: the customer allows or declines calls',
        params: SenderParams,
        body: SimulatePermissionBody,
        response: { 200: CallPermissionRecord, 404: notFound, 422: coded('Not a simulator sender (SIMULATOR_ONLY), or invalid input.') },
      },
    },
    async (request) => simulator.callPermissionReply(authOf(request).userId, request.params.id, request.body),
  );
};
