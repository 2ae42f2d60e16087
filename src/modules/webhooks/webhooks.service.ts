import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import type { WebhookDeliveryStatus } from '../../core/db/schema.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { cursorPage, decodeCursor } from '../../core/http/cursor-pagination.js';
import { notFound } from '../../core/http/errors.js';
import { enqueueJob, expediteJob } from '../../core/jobs/index.js';
import { createWebhooksRepo } from './webhooks.repo.js';
import { createSigningSecrets } from './signing-secrets.js';
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
}

/**
 * The one way any module sends an event to a user's URL. Call it inside the transaction that
 * makes the event true: the delivery (and its job) then exists exactly when the change commits,
 * and is sent at least once, even if the process dies right after the commit.
 */
export async function enqueueWebhook(tx: DbOrTx, input: WebhookToSend): Promise<{ id: number; uuid: string }> {
  const body = JSON.stringify(input.payload);
  if (body === undefined) throw new TypeError('A webhook payload must be JSON');
  const delivery = await createWebhooksRepo(tx).insertDelivery({
    uuid: randomUUID(),
    userId: input.userId,
    event: input.event,
    url: input.url,
    body,
    now: input.now,
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

export interface ListDeliveriesInput {
  status?: WebhookDeliveryStatus;
  event?: string;
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

    rotateSigningSecret(userId: number) {
      return signingSecrets.rotate(db, userId);
    },

    async listDeliveries(userId: number, input: ListDeliveriesInput) {
      const position = decodeCursor(input.cursor);
      const rows = await createWebhooksRepo(db).list({
        userId,
        status: input.status,
        event: input.event,
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
     * Sends a delivery again with a fresh retry schedule and the same delivery id (receivers
     * dedupe on it). A delivery still waiting for a retry is simply sent now.
     */
    async redeliver(userId: number, id: number) {
      const now = clock.now();
      return inTransaction(db, async (tx) => {
        const repo = createWebhooksRepo(tx);
        const delivery = await repo.findOwned(userId, id);
        if (!delivery) throw deliveryNotFound();
        await repo.markPendingAgain(id, now);
        if (delivery.status === 'pending') await expediteJob(tx, deliveryJobKey(id), now);
        else await enqueueDeliveryJob(tx, id);
        return (await repo.findOwned(userId, id))!;
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
