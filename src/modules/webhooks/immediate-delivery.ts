import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import type { HttpClient } from '../../core/net/index.js';
import { postDelivery, RESPONSE_BODY_BYTES } from './webhook-delivery.js';
import { createWebhooksRepo } from './webhooks.repo.js';
import { enqueueWebhook, type WebhookToSend } from './webhooks.service.js';
import type { SigningSecrets } from './signing-secrets.js';

/** An answer the sender reads (variables) may be longer than what the delivery log keeps. */
const ANSWER_BYTES = 64 * 1024;
/** The worker leaves the delivery alone this long after the first attempt's timeout. */
const FIRST_ATTEMPT_GRACE_MS = 30_000;

export interface ImmediateWebhooksDeps {
  db: Db;
  clock: Clock;
  http: HttpClient;
  signingSecrets: SigningSecrets;
}

/**
 * Webhooks whose answer the sender waits for (the inbound-call webhook, before the assistant
 * answers). Durable like every delivery: the delivery and the job that would send it are
 * written first; the first attempt is made here at once, with the caller's timeout, and
 * recorded in the delivery log. The job, due shortly after that timeout, finds the delivery
 * concluded; after a retryable failure (or if this process died) it sends it on the usual
 * schedule, too late for the answer to matter but never lost.
 */
export function createImmediateWebhooks(deps: ImmediateWebhooksDeps) {
  const { db, clock } = deps;
  return {
    /** The receiver's answer when it took the delivery (2xx), null otherwise. */
    async send(input: WebhookToSend, options: { timeoutMs: number }): Promise<{ body: string } | null> {
      const now = clock.now();
      const retryAt = new Date(now.getTime() + options.timeoutMs + FIRST_ATTEMPT_GRACE_MS);
      const body = JSON.stringify(input.payload);
      const delivery = await inTransaction(db, (tx) => enqueueWebhook(tx, { ...input, now, notBefore: retryAt }));
      const { secret } = await deps.signingSecrets.get(db, input.userId);
      const started = performance.now();
      const result = await postDelivery(deps, { url: input.url, event: input.event, uuid: delivery.uuid, body }, secret, {
        timeoutMs: options.timeoutMs,
        maxResponseBytes: ANSWER_BYTES,
      });
      const status = result.delivered ? 'delivered' : result.retryable ? 'pending' : 'failed';
      await createWebhooksRepo(db).recordAttempt({
        deliveryId: delivery.id,
        startedAt: now,
        durationMs: Math.round(performance.now() - started),
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody?.slice(0, RESPONSE_BODY_BYTES) ?? null,
        requestHeaders: result.requestHeaders,
        status,
        nextAttemptAt: status === 'pending' ? retryAt : null,
        now: clock.now(),
      });
      return result.delivered ? { body: result.responseBody ?? '' } : null;
    },
  };
}

export type ImmediateWebhooks = ReturnType<typeof createImmediateWebhooks>;
