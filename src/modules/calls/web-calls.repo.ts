import type { DbOrTx } from '../../core/db/transaction.js';

/**
 * A browser call's socket token lives on its call row: `provider_call_id` holds the token's
 * SHA-256 (provider `web`), and `lease_until` its expiry while the call waits for the socket,
 * so a token never used is closed by the calls sweep like a dial that never connected.
 */
export function createWebCallsRepo(db: DbOrTx) {
  return {
    /** The waiting call a token opens, with its assistant's UUID (for the origin check); nothing is consumed. */
    findWaiting(tokenHash: string, now: Date) {
      return db
        .selectFrom('calls as c')
        .innerJoin('assistants as a', 'a.id', 'c.assistant_id')
        .select(['c.id', 'c.user_id', 'c.is_test', 'a.uuid as assistant_uuid'])
        .where('c.provider', '=', 'web')
        .where('c.provider_call_id', '=', tokenHash)
        .where('c.status', '=', 'initiated')
        .where('c.lease_until', '>', now)
        .executeTakeFirst();
    },

    /**
     * Spends the token: the one conditional update that moves the call from initiated to ringing
     * wins, so two sockets presenting the same token (even at once, on two processes) get one call.
     */
    async redeem(callId: number, tokenHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('calls')
        .set({ status: 'ringing', updated_at: now })
        .where('id', '=', callId)
        .where('provider', '=', 'web')
        .where('provider_call_id', '=', tokenHash)
        .where('status', '=', 'initiated')
        .where('lease_until', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
