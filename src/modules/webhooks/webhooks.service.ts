import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import type { WebhookDeliveryStatus } from '../../core/db/schema.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { cursorPage, decodeCursor } from '../../core/http/cursor-pagination.js';
import { AppError, notFound, tooManyRequests } from '../../core/http/errors.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { consumeLimits } from '../../core/limits/fixed-window.js';
import { createWebhooksRepo } from './webhooks.repo.js';
import { createSigningSecrets } from './signing-secrets.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_JOB_MAX_ATTEMPTS, type DeliveryJobPayload } from './webhook-delivery.js';

export interface WebhookToSend {
  userId: number;
  url: string;
  /** Sent as X-Switchboard-Event, e.g. `conversation_ended`, `whatsapp_voice`. */
  event: string;
  /** The JSON body, sent as is. */
  payload: unknown;
  /** The injected clock's time, so the delivery log follows it; the database's time otherwise. */
  now?: Date;
  /** The worker's first attempt not before this (a sender that makes the first attempt itself: sendWebhookNow). */
  notBefore?: Date;
  /** The assistant whose event it is, for the delivery log's filter: its id, or its uuid (looked up among the owner's). */
  assistantId?: number | null;
  assistantUuid?: string | null;
  /** A redelivery: the delivery it repeats. */
  redeliveryOf?: number;
}

/**
 * The one way any module sends an event to a user's URL. Call it inside the transaction that
 * makes the event true: the delivery (and its job) then exists exactly when the change commits,
 * and is sent at least once, even if the process dies right after the commit.
 */
export async function enqueueWebhook(tx: DbOrTx, input: WebhookToSend): Promise<{ id: number; uuid: string }> {
  const { payload, ...rest } = input;
  const body = JSON.stringify(payload);
  if (body === undefined) throw new TypeError('A webhook payload must be JSON');
  return enqueueWebhookBody(tx, { ...rest, body });
}

/** enqueueWebhook with the body as the exact bytes to send (a redelivery sends the original's). */
async function enqueueWebhookBody(tx: DbOrTx, input: Omit<WebhookToSend, 'payload'> & { body: string }) {
  const delivery = await createWebhooksRepo(tx).insertDelivery({
    uuid: randomUUID(),
    userId: input.userId,
    event: input.event,
    url: input.url,
    body: input.body,
    now: input.now,
    assistantId: input.assistantId,
    assistantUuid: input.assistantUuid,
    redeliveryOf: input.redeliveryOf,
  });
  await enqueueDeliveryJob(tx, delivery.id, input.notBefore);
  return delivery;
}

function enqueueDeliveryJob(tx: DbOrTx, deliveryId: number, runAt?: Date): Promise<number> {
  const payload: DeliveryJobPayload = { deliveryId };
  return enqueueJob(tx, {
    kind: WEBHOOK_DELIVERY_JOB,
    payload,
    runAt,
    maxAttempts: WEBHOOK_JOB_MAX_ATTEMPTS,
    dedupeKey: deliveryJobKey(deliveryId),
  });
}

const deliveryJobKey = (deliveryId: number) => `webhook:${deliveryId}`;

/** Redeliveries per account: each is a request to someone's server, made on a click. */
export const REDELIVERY_LIMITS = [
  { per: 'minute', limit: 10, windowMs: 60_000 },
  { per: 'hour', limit: 100, windowMs: 3_600_000 },
] as const;

export interface ListDeliveriesInput {
  status?: WebhookDeliveryStatus;
  event?: string;
  assistantId?: number;
  since?: Date;
  until?: Date;
  perPage: number;
  cursor?: string;
}

export function createWebhooksService({ db, clock, secrets }: { db: Db; clock: Clock; secrets: SecretBox }) {
  const signingSecrets = createSigningSecrets(secrets, clock);
  const deliveryNotFound = () => notFound('Webhook delivery not found.');

  return {
    signingSecrets,

    getSigningSecret(userId: number) {
      return signingSecrets.get(db, userId);
    },

    /** The old secret stops signing at once; the audit row says who replaced it (never the secret). */
    rotateSigningSecret(userId: number, actor: AuditActor) {
      return inTransaction(db, async (tx) => {
        const rotated = await signingSecrets.rotate(tx, userId);
        await recordAudit(tx, { userId, actor, action: 'webhook_secret.rotated', resourceType: 'webhook_secret', now: rotated.createdAt });
        return rotated;
      });
    },

    async listDeliveries(userId: number, input: ListDeliveriesInput) {
      const position = decodeCursor(input.cursor);
      const rows = await createWebhooksRepo(db).list({
        userId,
        status: input.status,
        event: input.event,
        assistantId: input.assistantId,
        since: input.since,
        until: input.until,
        ...position,
        limit: input.perPage + 1,
      });
      return cursorPage(rows, input.perPage, position);
    },

    async getDelivery(userId: number, id: number) {
      const repo = createWebhooksRepo(db);
      const delivery = await repo.findOwned(userId, id);
      if (!delivery) throw deliveryNotFound();
      return { ...delivery, attempts: await repo.listAttempts(id) };
    },

    /**
     * A new delivery of the same event to the same URL, with the same body, queued for the
     * worker, which signs it afresh (the current secret, a new timestamp). Its own id (receivers
     * dedupe on X-Switchboard-Delivery; X-Switchboard-Redelivery-Of names the original) and its
     * own retries. A delivery still being retried is not repeated: it would be sent twice.
     */
    async redeliver(userId: number, id: number) {
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const repo = createWebhooksRepo(tx);
        const original = await repo.findOwned(userId, id);
        if (!original) throw deliveryNotFound();
        if (original.status === 'pending') {
          throw new AppError(409, 'This delivery is still being retried; redeliver it once it has been delivered or has failed.', {
            code: 'DELIVERY_PENDING',
          });
        }
        const verdict = await consumeLimits(
          tx,
          REDELIVERY_LIMITS.map((l) => ({ bucket: `webhook-redeliver:${userId}:${l.per}`, limit: l.limit, windowMs: l.windowMs })),
          now,
        );
        if (!verdict.allowed) {
          throw tooManyRequests(
            'Too many redeliveries. Please wait before trying again.',
            verdict.retryAfterSeconds,
            'TOO_MANY_REDELIVERIES',
          );
        }
        const created = await enqueueWebhookBody(tx, {
          userId,
          url: original.url,
          event: original.event,
          body: original.body,
          now,
          assistantId: original.assistant_id,
          redeliveryOf: original.id,
        });
        return (await repo.findOwned(userId, created.id))!;
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
