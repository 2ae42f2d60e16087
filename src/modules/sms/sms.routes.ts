import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { LengthAwarePage, lengthAwarePage, requestPath } from '../../core/http/page-pagination.js';
import { IdParams, MessageBody } from '../../core/http/schemas.js';
import { ListSmsQuery, SendSmsBody, SendSmsResponse, SmsRecord, SmsResponse } from './sms.schemas.js';
import type { SmsService } from './sms.service.js';

const tags = ['SMS'];
const config = { errorShape: 'plain' as const, notFoundMessage: 'SMS not found' };

/** The reference's POST /user/sms, and the account's messages. */
export const smsRoutes: FastifyPluginAsyncTypebox<{ sms: SmsService }> = async (app, { sms }) => {
  app.post(
    '/user/sms',
    {
      config: { errorShape: 'validation' as const },
      schema: {
        tags,
        operationId: 'sendSms',
        summary: "Send an SMS from one of the account's SMS-capable numbers, priced per segment",
        body: SendSmsBody,
        response: { 201: SendSmsResponse, 400: MessageBody, 502: MessageBody, 503: MessageBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ message: 'SMS sent successfully', data: await sms.send(authOf(request).userId, request.body) }),
  );

  app.get(
    '/user/sms',
    {
      config,
      schema: {
        tags,
        operationId: 'listSms',
        summary: "The account's SMS, sent and received (newest first, page-paginated)",
        querystring: ListSmsQuery,
        response: { 200: LengthAwarePage(SmsRecord) },
      },
    },
    async (request) => {
      const { items, total } = await sms.list(authOf(request).userId, request.query);
      return lengthAwarePage(items, total, { page: request.query.page, perPage: request.query.per_page, path: requestPath(request) });
    },
  );

  app.get(
    '/user/sms/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getSms',
        summary: 'One SMS with its delivery status',
        params: IdParams,
        response: { 200: SmsResponse, 404: MessageBody },
      },
    },
    async (request) => ({ data: await sms.read(authOf(request).userId, request.params.id) }),
  );
};
