import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { IdParams, MessageBody } from '../../core/http/schemas.js';
import { LengthAwarePage, lengthAwarePage, requestPath } from '../../core/http/page-pagination.js';
import { presentCall } from './calls.present.js';
import { CALL_NOT_FOUND, CallItem, ListCallsQuery, MakeCallBody, MakeCallResponse } from './calls.schemas.js';
import type { CallsService } from './calls.service.js';

export interface CallsRoutesOptions {
  calls: CallsService;
}

const tags = ['Calls'];
const config = { errorShape: 'validation' as const, notFoundMessage: CALL_NOT_FOUND };

export const callsRoutes: FastifyPluginAsyncTypebox<CallsRoutesOptions> = async (app, { calls }) => {
  app.post(
    '/user/make_call',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'makeCall',
        summary: "Place a phone call from the assistant's number (one minute is reserved from the balance first)",
        body: MakeCallBody,
        response: { 200: MakeCallResponse, 400: MessageBody, 404: MessageBody, 422: MessageBody },
      },
    },
    async (request) => calls.makeCall(authOf(request).userId, request.body),
  );

  app.get(
    '/user/calls',
    {
      config,
      schema: {
        tags,
        operationId: 'listCalls',
        summary: 'List calls (newest first, page-paginated)',
        querystring: ListCallsQuery,
        response: { 200: LengthAwarePage(CallItem) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await calls.list(authOf(request).userId, request.query);
      return lengthAwarePage(items.map(presentCall), total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.get(
    '/user/calls/:id',
    {
      config,
      schema: { tags, operationId: 'getCall', summary: 'Get a call', params: IdParams, response: { 200: CallItem, 404: MessageBody } },
    },
    async (request) => presentCall(await calls.get(authOf(request).userId, request.params.id)),
  );

  app.get(
    '/user/calls/:id/recording',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadCallRecording',
        summary: "Download a call's recording (WAV, both sides mixed); the owner's calls only",
        params: IdParams,
        response: {
          200: { description: 'The WAV file.', content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } } },
          404: MessageBody,
        },
      },
    },
    async (request, reply) => {
      const recording = await calls.recording(authOf(request).userId, request.params.id);
      if (recording.size !== null) reply.header('content-length', recording.size);
      return reply
        .type(recording.contentType)
        .header('content-disposition', `attachment; filename="call-${request.params.id}.wav"`)
        .send(recording.body);
    },
  );

  app.delete(
    '/user/calls/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteCall',
        summary: 'Delete a call and its recording',
        params: IdParams,
        response: { 200: MessageBody, 404: MessageBody, 409: MessageBody },
      },
    },
    async (request) => {
      await calls.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Call deleted successfully' };
    },
  );
};
