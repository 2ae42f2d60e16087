import { CompiledQuery, sql, type Compilable, type QueryResult, type RawBuilder } from 'kysely';
import type { DbOrTx } from './transaction.js';
import { compileStatement, prepareOnServer } from './server-prepared.js';

/** Stands for a value given at each run; its place in the compiled parameters is found once. */
class Slot {
  constructor(readonly index: number) {}
}

export interface FixedStatement<V extends unknown[], R> {
  run(db: DbOrTx, values: V): Promise<QueryResult<R>>;
}

/**
 * A statement whose text never changes, compiled by Kysely once instead of at every run: on the
 * job worker's and the widget message's hot statements, building and compiling cost more CPU
 * than sending them. `build` gets one placeholder per value (`$(0)` ... `$(n-1)`) and the
 * database of the first run, and returns a `sql` template or a query builder, which may embed
 * constants, fragments and their own parameters as usual; each run sends the same text with the
 * placeholders' values. Anything else computed in `build` (a time, say) is frozen at the first
 * run. On PostgreSQL the text is also prepared on the server (prepareOnServer).
 */
export function fixedStatement<V extends unknown[], R = unknown>(
  build: ($: <T = unknown>(index: number) => RawBuilder<T>, db: DbOrTx) => RawBuilder<R> | Compilable<R>,
): FixedStatement<V, R> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return {
    run(db, values) {
      if (!compiled) {
        compiled = compileStatement(db, build((index) => sql.val(new Slot(index)) as RawBuilder<never>, db));
        prepareOnServer(compiled.sql);
      }
      const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
      return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
}
