import { EventEmitter } from 'node:events';
import { sql, type QueryCreator, type RawBuilder, type UpdateObject } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { Database } from '../../core/db/schema.js';
import type { SqlValue } from '../../core/db/fixed-statement.js';
import type { DbOrTx, Tx } from '../../core/db/transaction.js';

/** A message's place in its conversation's line. */
export interface Turn {
  conversationId: number;
  ticket: number;
}

/** The ticket, whether it is already this message's turn, and whether the AI answers it. */
export interface TakenTurn {
  turn: Turn;
  ready: boolean;
  aiEnabled: boolean;
}

export interface TurnRow {
  turn_issued: number;
  turn_done: number;
  ai_enabled: boolean;
}

export class TurnLostError extends Error {
  constructor() {
    super('The message took too long and lost its turn');
    this.name = 'TurnLostError';
  }
}

/** The conversation columns a finishing turn may write along with its ticket. */
const TURN_COLUMNS = [
  'message_count',
  'total_cost_micros',
  'assistant_id',
  'last_activity_at',
  'updated_at',
  'inactivity_check_at',
  'status',
  'ended_at',
  'end_reason',
] as const;
export type TurnChanges = Pick<UpdateObject<Database, 'conversations'>, (typeof TURN_COLUMNS)[number]>;

/** Column by column, so nothing but these columns can ride along into the UPDATE. */
function turnColumns(changes: TurnChanges): TurnChanges {
  const picked: Record<string, unknown> = {};
  for (const column of TURN_COLUMNS) if (changes[column] !== undefined) picked[column] = changes[column];
  return picked as TurnChanges;
}

/** Where a finishing turn writes: its conversation, its ticket and the lease the next head starts with. */
export interface FinishingAt {
  conversationId: SqlValue<number>;
  ticket: SqlValue<number>;
  leaseUntil: SqlValue<Date>;
}

/**
 * The turn queue's finish() as a statement returning the conversation's id, or no row when the
 * turn was given away, for a caller that runs it in one statement with other writes (a CTE); the
 * caller must then roll back, as finish() would by throwing TurnLostError. Its values may be a
 * fixed statement's placeholders (nothing is computed from them here).
 */
export function finishingTurn(query: QueryCreator<Database>, at: FinishingAt, changes: TurnChanges = {}) {
  return query
    .updateTable('conversations')
    .set({ ...turnColumns(changes), turn_done: at.ticket, turn_lease_until: at.leaseUntil })
    .where('id', '=', at.conversationId)
    .where('turn_done', '=', sql<number>`${at.ticket}::bigint - 1`)
    .returning('id');
}

/**
 * The turn queue's take() as a statement (an UPDATE returning turn_issued, turn_done,
 * ai_enabled), for a caller that runs it as a CTE of a larger statement; `when` gates it (no
 * row: nothing taken). `leaseUntil` is the lease a message that is at once the head starts with.
 * Its values may be a fixed statement's placeholders.
 */
export function takingTurn(at: { conversationId: SqlValue<number>; leaseUntil: SqlValue<Date> }, when: RawBuilder<boolean> = sql`true`) {
  return sql<TurnRow>`
    UPDATE conversations
    SET turn_issued = turn_issued + 1,
        turn_lease_until = CASE WHEN turn_issued = turn_done THEN ${at.leaseUntil}::timestamptz ELSE turn_lease_until END
    WHERE id = ${at.conversationId}::bigint AND ${when}
    RETURNING turn_issued, turn_done, ai_enabled`;
}

const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 200;

/**
 * Messages of one conversation run one at a time, in arrival order, across processes, without
 * holding a database connection while the model thinks (a pool held by waiting requests would
 * starve the requests they wait for). A ticket lock in the conversation row:
 * - take(): inside the admission transaction, turn_issued + 1 is the message's ticket; the row
 *   lock orders tickets by commit, which is arrival order.
 * - wait(): the ticket's turn comes when turn_done = ticket - 1. Other processes are polled;
 *   this process is woken at once. A head whose lease ran out (its process died) is skipped.
 * - finish(): turn_done = ticket, in the transaction that stores the reply, and only if the turn
 *   is still ours (a turn skipped as dead must not write).
 * The head's lease is renewed by a heartbeat while it works.
 */
export function createTurnQueue({ clock, leaseMs }: { clock: Clock; leaseMs: number }) {
  const released = new EventEmitter();
  released.setMaxListeners(0);
  const leaseFromNow = () => new Date(clock.now().getTime() + leaseMs);

  const wake = (conversationId: number) => released.emit(String(conversationId));
  const sleep = (conversationId: number, ms: number) =>
    new Promise<void>((resolve) => {
      const key = String(conversationId);
      const done = () => {
        clearTimeout(timer);
        released.off(key, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      released.on(key, done);
    });

  function takenTurn(conversationId: number, row: TurnRow): TakenTurn {
    return {
      turn: { conversationId, ticket: Number(row.turn_issued) },
      ready: Number(row.turn_done) === Number(row.turn_issued) - 1,
      aiEnabled: row.ai_enabled,
    };
  }

  async function extend(db: Db, turn: Turn): Promise<boolean> {
    const result = await db
      .updateTable('conversations')
      .set({ turn_lease_until: leaseFromNow() })
      .where('id', '=', turn.conversationId)
      .where('turn_done', '=', turn.ticket - 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  return {
    /**
     * Returns the ticket, whether it is already this message's turn (the common case), and
     * whether the AI answers the conversation, read under the same row lock: a message admitted
     * after a disable-ai committed is never answered by the AI.
     */
    async take(tx: Tx, conversationId: number): Promise<TakenTurn> {
      const { rows } = await takingTurn({ conversationId, leaseUntil: leaseFromNow() }).execute(tx);
      return takenTurn(conversationId, rows[0]!);
    },

    takenTurn,

    async wait(db: Db, turn: Turn): Promise<void> {
      let pollMs = FIRST_POLL_MS;
      for (;;) {
        const state = await db
          .selectFrom('conversations')
          .select(['turn_done', 'turn_lease_until'])
          .where('id', '=', turn.conversationId)
          .executeTakeFirstOrThrow();
        const done = Number(state.turn_done);
        if (done >= turn.ticket) throw new TurnLostError();
        if (done === turn.ticket - 1) {
          if (await extend(db, turn)) return;
          continue;
        }
        if (!state.turn_lease_until || state.turn_lease_until < clock.now()) {
          // The head's process stopped mid-turn: its ticket is given up so the line moves on.
          await db
            .updateTable('conversations')
            .set({ turn_done: done + 1, turn_lease_until: leaseFromNow() })
            .where('id', '=', turn.conversationId)
            .where('turn_done', '=', done)
            .where('turn_lease_until', '<', clock.now())
            .execute();
          continue;
        }
        await sleep(turn.conversationId, pollMs);
        pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
      }
    },

    /** Keeps the lease while the turn works; returns the stop function. */
    heartbeat(db: Db, turn: Turn, onError: (error: unknown) => void): () => void {
      const timer = setInterval(() => void extend(db, turn).catch(onError), Math.max(50, Math.floor(leaseMs / 3)));
      timer.unref();
      return () => clearInterval(timer);
    },

    /**
     * Ends the turn, applying `changes` to the conversation in the same statement. Throws
     * TurnLostError (rolling back the caller's transaction) when the turn was given away.
     */
    async finish(tx: DbOrTx, turn: Turn, changes: TurnChanges = {}): Promise<void> {
      const finishing = finishingTurn(
        tx,
        { conversationId: turn.conversationId, ticket: turn.ticket, leaseUntil: leaseFromNow() },
        changes,
      );
      if ((await finishing.execute()).length === 0) throw new TurnLostError();
    },

    /** The lease a turn taken or finished now runs until (for takingTurn and finishingTurn). */
    leaseFromNow,

    /** After the finishing transaction commits: waiters in this process look at once. */
    wake,
  };
}

export type TurnQueue = ReturnType<typeof createTurnQueue>;
