import type { ConversationType } from '../../core/db/schema.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { changeBalance } from '../accounts/accounts.service.js';

/** 0.01 USD per user message (spec 1 and 8). */
export const MESSAGE_PRICE_MICROS = 10_000;

/** Test conversations are free; every other kind costs the assistant owner per user message. */
export function messagePriceMicros(type: ConversationType): number {
  return type === 'test' ? 0 : MESSAGE_PRICE_MICROS;
}

export interface Charge {
  id: number;
  userId: number;
  amountMicros: number;
}

/**
 * Per-message billing as a reservation: the price is taken (conditional update + ledger row)
 * before the model is called, so concurrent messages can never spend more than the balance;
 * a reply stored captures it, a failure refunds it. A reservation nobody settled (the process
 * died) is refunded by the periodic sweep.
 */
export async function reserveCharge(
  tx: DbOrTx,
  input: { userId: number; conversationId: number; conversationUuid: string; amountMicros: number; now: Date },
): Promise<Charge> {
  const row = await tx
    .insertInto('conversation_charges')
    .values({ user_id: input.userId, conversation_id: input.conversationId, amount_micros: input.amountMicros, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Last, so the owner's row (shared by all their conversations) stays locked only until commit.
  await changeBalance(tx, { userId: input.userId, amountMicros: -input.amountMicros, reason: `Chat message, conversation ${input.conversationUuid}`, now: input.now });
  return { id: row.id, userId: input.userId, amountMicros: input.amountMicros };
}

/** In the transaction that stores the reply; false if the sweep refunded it meanwhile. */
export async function captureCharge(tx: DbOrTx, chargeId: number, now: Date): Promise<boolean> {
  const result = await tx
    .updateTable('conversation_charges')
    .set({ status: 'captured', settled_at: now })
    .where('id', '=', chargeId)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the money back once: the status flip and the credit commit together. */
export async function refundCharge(db: Db, chargeId: number, now: Date, reason: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const charge = await tx
      .updateTable('conversation_charges')
      .set({ status: 'refunded', settled_at: now })
      .where('id', '=', chargeId)
      .where('status', '=', 'reserved')
      .returning(['user_id', 'amount_micros'])
      .executeTakeFirst();
    if (!charge) return false;
    await changeBalance(tx, { userId: charge.user_id, amountMicros: charge.amount_micros, reason, now });
    return true;
  });
}

/** Refunds reservations older than the cutoff (their request can no longer be running). */
export async function refundStaleCharges(db: Db, olderThan: Date, now: Date, limit = 100): Promise<number> {
  const stale = await db
    .selectFrom('conversation_charges')
    .select('id')
    .where('status', '=', 'reserved')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  let refunded = 0;
  for (const { id } of stale) {
    if (await refundCharge(db, id, now, 'Refund: chat message was not answered')) refunded += 1;
  }
  return refunded;
}
