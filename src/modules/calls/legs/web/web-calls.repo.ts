import { sql } from 'kysely';
import type { DbOrTx } from '../../../../core/db/transaction.js';
import { LIVE_STATUSES } from '../../calls.repo.js';

/**
 * pg_advisory_xact_lock's first keys for the counts of public browser calls in progress: one
 * space per kind, so an assistant's lock and a network's can never be the same lock.
 */
const ASSISTANT_CALLS_LOCKS = 740_402;
const NETWORK_CALLS_LOCKS = 740_403;

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

    /**
     * Taken before counting a public call's start, held to commit, always assistant first: starts
     * for one assistant (or from one network) run one after the other, in every process, so each
     * counts the calls the one before it committed.
     */
    async lockCallsInProgress(assistantId: number, network: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${ASSISTANT_CALLS_LOCKS}, ${assistantId}::int)`.execute(db);
      await sql`SELECT pg_advisory_xact_lock(${NETWORK_CALLS_LOCKS}, hashtext(${network}))`.execute(db);
    },

    /**
     * Public browser calls in progress for the assistant and from the network. A call counts while
     * its lease runs: a token never used stops counting when it expires, a call whose process died
     * when its lease does, without waiting for the sweep.
     */
    async countCallsInProgress(assistantId: number, network: string, now: Date): Promise<{ byAssistant: number; byNetwork: number }> {
      const live = db
        .selectFrom('calls')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('status', 'in', LIVE_STATUSES)
        .where('lease_until', '>', now);
      const byAssistant = await live
        .where('type', '=', 'web')
        .where('is_test', '=', false)
        .where('assistant_id', '=', assistantId)
        .executeTakeFirstOrThrow();
      const byNetwork = await live.where('client_network', '=', network).executeTakeFirstOrThrow();
      return { byAssistant: Number(byAssistant.count), byNetwork: Number(byNetwork.count) };
    },
  };
}
