import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The root database handle (a pool, or the embedded database). */
export type Db = Kysely<Database>;

export type Tx = Transaction<Database>;
/** A repo accepts either the root handle or a transaction, so the same query runs in both. */
export type DbOrTx = Db | Tx;

export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * This transaction's commit returns once its WAL record is written, without waiting for the
 * flush to disk (PostgreSQL's asynchronous commit, for this transaction only). For writes that
 * are worthless unless a later, durable commit follows: that commit flushes this one with it.
 * A database crash may lose only such transactions committed in the last few hundred
 * milliseconds, never part of one, and never one that a later durable commit depended on.
 */
export async function commitWithoutWaitingForFlush(tx: Tx): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(tx);
}
