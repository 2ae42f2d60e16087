import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { WebhookDeliveryStatus } from '../../core/db/schema.js';

const summaryColumns = [
  'id',
  'uuid',
  'event',
  'url',
  'status',
  'attempt_count',
  'last_status_code',
  'last_error',
  'next_attempt_at',
  'completed_at',
  'assistant_id',
  'redelivery_of',
  'created_at',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The headers an attempt sent, as the log keeps them. */
export type RequestHeaders = Record<string, string>;

export interface DeliveryListFilter {
  userId: number;
  status?: WebhookDeliveryStatus;
  event?: string;
  assistantId?: number;
  /** Created at or after `since`, before `until`. */
  since?: Date;
  until?: Date;
  /** Newest first: `before` pages to older rows, `after` to newer ones. */
  before?: number;
  after?: number;
  limit: number;
}

/** An attempt that ended its delivery: delivered, or failed with no retry left. */
export interface ConcludedAttempt {
  deliveryId: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  requestHeaders: RequestHeaders | null;
  status: 'delivered' | 'failed';
}

export interface NewDelivery {
  uuid: string;
  userId: number;
  event: string;
  url: string;
  body: string;
  now?: Date;
  assistantId?: number | null;
  /** When only the assistant's uuid is at hand (a payload's assistant_id): looked up among the owner's. */
  assistantUuid?: string | null;
  redeliveryOf?: number | null;
}

/** The assistant column of a new delivery: its id, or the id of the owner's assistant with that uuid. */
function assistantOf(row: NewDelivery) {
  if (row.assistantId != null) return row.assistantId;
  if (!row.assistantUuid || !UUID.test(row.assistantUuid)) return null;
  return sql<number | null>`(SELECT id FROM assistants WHERE uuid = ${row.assistantUuid}::uuid AND user_id = ${row.userId})`;
}

export function createWebhooksRepo(db: DbOrTx) {
  return {
    insertDelivery(row: NewDelivery) {
      return db
        .insertInto('webhook_deliveries')
        .values({
          uuid: row.uuid,
          user_id: row.userId,
          event: row.event,
          url: row.url,
          body: row.body,
          assistant_id: assistantOf(row),
          redelivery_of: row.redeliveryOf ?? null,
          ...(row.now ? { created_at: row.now, updated_at: row.now } : {}),
        })
        .returning(['id', 'uuid'])
        .executeTakeFirstOrThrow();
    },

    list(filter: DeliveryListFilter) {
      let query = db.selectFrom('webhook_deliveries').select(summaryColumns).where('user_id', '=', filter.userId);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.event) query = query.where('event', '=', filter.event);
      if (filter.assistantId !== undefined) query = query.where('assistant_id', '=', filter.assistantId);
      if (filter.since) query = query.where('created_at', '>=', filter.since);
      if (filter.until) query = query.where('created_at', '<', filter.until);
      if (filter.before !== undefined) query = query.where('id', '<', filter.before);
      if (filter.after !== undefined) query = query.where('id', '>', filter.after);
      return query
        .orderBy('id', filter.after !== undefined ? 'asc' : 'desc')
        .limit(filter.limit)
        .execute();
    },

    /** Scoped to the owner: another user's id finds nothing. */
    findOwned(userId: number, id: number) {
      return db
        .selectFrom('webhook_deliveries')
        .select([...summaryColumns, 'body'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    listAttempts(deliveryId: number) {
      return db
        .selectFrom('webhook_delivery_attempts')
        .select(['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'response_body', 'request_headers'])
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempt')
        .execute();
    },

    /**
     * Appends one attempt and moves the delivery to its new state in one statement (atomic
     * without a transaction, one round trip on the hot path). The attempt number comes from the
     * delivery's own counter, so it keeps counting across redeliveries.
     */
    async recordAttempt(input: {
      deliveryId: number;
      startedAt: Date;
      durationMs: number;
      statusCode: number | null;
      error: string | null;
      responseBody: string | null;
      requestHeaders: RequestHeaders | null;
      status: WebhookDeliveryStatus;
      nextAttemptAt: Date | null;
      now: Date;
    }): Promise<number> {
      const result = await sql<{ attempt: number }>`
        WITH delivery AS (
          UPDATE webhook_deliveries
          SET attempt_count = attempt_count + 1, status = ${input.status}, last_status_code = ${input.statusCode},
              last_error = ${input.error}, next_attempt_at = ${input.nextAttemptAt},
              completed_at = ${input.status === 'pending' ? null : input.now}, updated_at = ${input.now}
          WHERE id = ${input.deliveryId}
          RETURNING id, attempt_count
        )
        INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body, request_headers)
        SELECT id, attempt_count, ${input.startedAt}, ${input.durationMs}, ${input.statusCode}, ${input.error}, ${input.responseBody},
               ${input.requestHeaders === null ? null : JSON.stringify(input.requestHeaders)}::jsonb
        FROM delivery
        RETURNING attempt`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error(`Webhook delivery ${input.deliveryId} vanished while it was being sent`);
      return row.attempt;
    },

    /** Only a pending delivery is failed here, so a late give-up never overwrites "delivered". */
    async failPending(deliveryId: number, error: string, now: Date): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', last_error: error, next_attempt_at: null, completed_at: now, updated_at: now })
        .where('id', '=', deliveryId)
        .where('status', '=', 'pending')
        .execute();
    },

    async findSealedSecret(userId: number) {
      return db
        .selectFrom('webhook_signing_secrets')
        .select(['secret_sealed', 'created_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** First writer wins, so two workers creating a secret at once end up with the same one. */
    async insertSecretIfMissing(userId: number, sealed: string, now: Date): Promise<void> {
      await db
        .insertInto('webhook_signing_secrets')
        .values({ user_id: userId, secret_sealed: sealed, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    async replaceSecret(userId: number, sealed: string, now: Date): Promise<void> {
      await db
        .insertInto('webhook_signing_secrets')
        .values({ user_id: userId, secret_sealed: sealed, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_sealed: sealed, created_at: now }))
        .execute();
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;

/** A delivery with its owner's sealed signing secret (null until one is created). */
export interface SendableDelivery {
  id: number;
  uuid: string;
  user_id: number;
  event: string;
  url: string;
  body: string;
  status: WebhookDeliveryStatus;
  secret_sealed: string | null;
  /** A redelivery's original delivery id (X-Switchboard-Redelivery-Of). */
  redelivery_of_uuid: string | null;
}

/**
 * The SendableDelivery of a delivery job's payload, as jsonb, for the claim statement (the jobs'
 * loadInClaim). Null when the delivery is gone; a payload without a numeric deliveryId finds
 * nothing rather than failing the claim of every job.
 */
export function sendableDeliveryOf(payload: RawBuilder<unknown>): RawBuilder<SendableDelivery> {
  return sql<SendableDelivery>`
    SELECT jsonb_build_object('id', d.id, 'uuid', d.uuid, 'user_id', d.user_id, 'event', d.event, 'url', d.url, 'body', d.body,
                              'status', d.status, 'secret_sealed', s.secret_sealed,
                              'redelivery_of_uuid', (SELECT o.uuid FROM webhook_deliveries o WHERE o.id = d.redelivery_of))
    FROM webhook_deliveries d LEFT JOIN webhook_signing_secrets s ON s.user_id = d.user_id
    WHERE d.id = CASE WHEN ${payload}->>'deliveryId' ~ '^[0-9]{1,18}$' THEN (${payload}->>'deliveryId')::bigint END`;
}

/**
 * recordAttempt for many concluded attempts at once, as data-modifying CTEs for the statement that
 * also finishes their jobs (see the jobs' recordResults). Two runs of one delivery in one batch (a
 * lost lease, re-claimed here) are written as one attempt: a statement can update a row only once.
 */
export function concludedAttemptsStatement(attempts: ConcludedAttempt[], now: Date): RawBuilder<unknown> {
  const unique = [...new Map(attempts.map((a) => [a.deliveryId, a])).values()];
  const rows = JSON.stringify(
    unique.map((a) => ({
      delivery_id: a.deliveryId,
      started_at: a.startedAt,
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_body: a.responseBody,
      request_headers: a.requestHeaders,
      status: a.status,
    })),
  );
  // conclude_webhook_deliveries (migration 0021) updates the deliveries by primary key whatever
  // the statistics; the INSERT around it is what makes the CTE run.
  return sql`
    webhook_concluded_attempts AS (
      INSERT INTO webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body, request_headers)
      SELECT * FROM conclude_webhook_deliveries(${rows}::jsonb, ${now})
    )`;
}
