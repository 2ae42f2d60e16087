import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { dayRange } from '../../core/http/day-range.js';
import { IdParams, MessageBody, isoTimestamp } from '../../core/http/schemas.js';
import type { WebhooksService } from './webhooks.service.js';
import type { WebhooksRepo } from './webhooks.repo.js';
import {
  DeliveryDetail,
  DeliveryListResponse,
  ListDeliveriesQuery,
  RedeliverResponse,
  RotatedSecretResponse,
  SigningSecretResponse,
} from './webhooks.schemas.js';

export interface WebhooksRoutesOptions {
  webhooks: WebhooksService;
}

type DeliveryRow = Awaited<ReturnType<WebhooksRepo['list']>>[number];

const tags = ['Webhooks'];
const notFoundConfig = { notFoundMessage: 'Webhook delivery not found.' };
const notFoundResponse = { ...MessageBody, description: "Unknown delivery, or another account's." };

function toSummary(row: DeliveryRow) {
  return {
    id: row.id,
    delivery_id: row.uuid,
    event: row.event,
    url: row.url,
    status: row.status,
    attempt_count: row.attempt_count,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: isoTimestamp(row.next_attempt_at),
    completed_at: isoTimestamp(row.completed_at),
    assistant_id: row.assistant_id,
    redelivery_of: row.redelivery_of,
    created_at: isoTimestamp(row.created_at)!,
  };
}

type DeliveryWithAttempts = Awaited<ReturnType<WebhooksService['getDelivery']>>;

function toDetail(delivery: DeliveryWithAttempts) {
  return {
    ...toSummary(delivery),
    payload: JSON.parse(delivery.body) as unknown,
    request_body: delivery.body,
    attempts: delivery.attempts.map((a) => ({
      attempt: a.attempt,
      request: { method: 'POST' as const, url: delivery.url, headers: a.request_headers },
      started_at: isoTimestamp(a.started_at)!,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
      response_body: a.response_body,
    })),
  };
}

export const webhooksRoutes: FastifyPluginAsyncTypebox<WebhooksRoutesOptions> = async (app, { webhooks }) => {
  app.get(
    '/user/webhook-secret',
    {
      schema: {
        tags,
        operationId: 'getWebhookSecret',
        summary: 'Show the webhook signing secret',
        response: { 200: SigningSecretResponse },
      },
    },
    async (request) => {
      const { secret, createdAt } = await webhooks.getSigningSecret(authOf(request).userId);
      return { secret, created_at: isoTimestamp(createdAt)! };
    },
  );

  app.post(
    '/user/webhook-secret/rotate',
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the webhook signing secret',
        response: { 200: RotatedSecretResponse },
      },
    },
    async (request) => {
      const { secret, createdAt } = await webhooks.rotateSigningSecret(authOf(request).userId, actorOf(request));
      return { message: 'Webhook secret rotated successfully.', secret, created_at: isoTimestamp(createdAt)! };
    },
  );

  app.get(
    '/user/webhook-deliveries',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'List webhook deliveries (newest first)',
        querystring: ListDeliveriesQuery,
        response: { 200: DeliveryListResponse },
      },
    },
    async (request) => {
      const { status, event, assistant_id, date_from, date_to, per_page, cursor } = request.query;
      // Event names follow the reference (whatsapp_voice); our chatapp spelling filters the same.
      const eventName = event?.replace(/^chatapp_/, 'whatsapp_');
      const days = dayRange({ from: date_from, to: date_to });
      const page = await webhooks.listDeliveries(authOf(request).userId, {
        status,
        event: eventName,
        assistantId: assistant_id,
        since: days.start,
        until: days.end,
        perPage: per_page,
        cursor,
      });
      return {
        data: page.items.map(toSummary),
        path: `${request.protocol}://${request.host}${request.url.split('?')[0]}`,
        per_page,
        next_cursor: page.nextCursor,
        prev_cursor: page.prevCursor,
      };
    },
  );

  app.get(
    '/user/webhook-deliveries/:id',
    {
      config: notFoundConfig,
      schema: {
        tags,
        operationId: 'getWebhookDelivery',
        summary: 'Get a webhook delivery with its attempts',
        params: IdParams,
        response: { 200: DeliveryDetail, 404: notFoundResponse },
      },
    },
    async (request) => {
      return toDetail(await webhooks.getDelivery(authOf(request).userId, request.params.id));
    },
  );

  app.post(
    '/user/webhook-deliveries/:id/redeliver',
    {
      config: notFoundConfig,
      schema: {
        tags,
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a delivery again, as a new delivery',
        description:
          'Queues a new delivery of the same event and body to the same URL, signed when it is sent. ' +
          '409 while the delivery is still being retried; at most 10 a minute and 100 an hour per account (429).',
        params: IdParams,
        response: {
          202: RedeliverResponse,
          404: notFoundResponse,
          409: { ...MessageBody, description: 'The delivery is still being retried.' },
          429: { ...MessageBody, description: 'Too many redeliveries; see Retry-After.' },
        },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.redeliver(authOf(request).userId, request.params.id);
      return reply.status(202).send({ message: 'Webhook delivery scheduled for redelivery.', data: toSummary(delivery) });
    },
  );
};
