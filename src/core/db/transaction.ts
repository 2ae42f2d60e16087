import type { Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { Db } from './database.js';

export type Tx = Transaction<Database>;
/** A repo accepts either the root handle or a transaction, so the same query runs in both. */
export type DbOrTx = Db | Tx;

export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
