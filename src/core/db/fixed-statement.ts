import { CompiledQuery, sql, type QueryResult, type RawBuilder } from 'kysely';
import type { DbOrTx } from './transaction.js';
import { prepareOnServer } from './server-prepared.js';

/** Stands for a value given at each run; its place in the compiled parameters is found once. */
class Slot {
  constructor(readonly index: number) {}
}

export interface FixedStatement<V extends unknown[], R> {
  run(db: DbOrTx, values: V): Promise<QueryResult<R>>;
}

/**
 * A statement whose text never changes, compiled by Kysely once instead of at every run: on the
 * job worker's hot statements, building and compiling cost more CPU than sending them. `build`
 * gets one placeholder per value (`$(0)` ... `$(n-1)`) and may embed constants, fragments and
 * their own parameters as usual; each run sends the same text with the placeholders' values. On
 * PostgreSQL the text is also prepared on the server (prepareOnServer).
 */
export function fixedStatement<V extends unknown[], R = unknown>(
  build: ($: (index: number) => RawBuilder<unknown>) => RawBuilder<R>,
): FixedStatement<V, R> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return {
    run(db, values) {
      if (!compiled) {
        compiled = build((index) => sql.val(new Slot(index))).compile(db);
        prepareOnServer(compiled.sql);
      }
      const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
      return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
}
