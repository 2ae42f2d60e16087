import { inTransaction } from '../../../core/db/transaction.js';
import { changeBalance } from '../../accounts/index.js';
import type { ChatappContext } from '../chatapp.context.js';

export interface SendCharge {
  userId: number;
  amountMicros: number;
  what: string;
}

/**
 * The price of a template or free-form send (CHATAPP_MESSAGE_PRICE_USD), through the ledger.
 *
 * The debit is committed before the platform is called, not with the message's record after it:
 * a debit after the send could no longer stop a send the balance cannot pay, and the conditional
 * update in changeBalance is what makes N parallel sends on any number of processes take exactly
 * what the balance holds (402 INSUFFICIENT_BALANCE for the rest, which then send nothing). A
 * send that does not go out gets its money back as a ledger row of its own.
 */
export function createSendCharges(ctx: Pick<ChatappContext, 'db' | 'clock' | 'messagePriceMicros'>) {
  const { db, clock, messagePriceMicros } = ctx;
  return {
    /** Null when sends are free; throws InsufficientBalanceError (402), changing nothing, when short. */
    async take(userId: number, what: string): Promise<SendCharge | null> {
      if (messagePriceMicros <= 0) return null;
      const now = clock.now();
      await inTransaction(db, (tx) =>
        changeBalance(tx, { userId, amountMicros: -messagePriceMicros, reason: `Chatapp ${what}`, kind: 'usage', now }),
      );
      return { userId, amountMicros: messagePriceMicros, what };
    },

    async refund(charge: SendCharge | null, why: string): Promise<void> {
      if (!charge) return;
      const now = clock.now();
      await inTransaction(db, (tx) =>
        changeBalance(tx, {
          userId: charge.userId,
          amountMicros: charge.amountMicros,
          reason: `Refund: chatapp ${charge.what} not sent (${why})`,
          kind: 'usage',
          now,
        }),
      );
    },
  };
}
