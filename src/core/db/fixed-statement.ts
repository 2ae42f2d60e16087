import { CompiledQuery, sql, type Compilable, type QueryResult, type RawBuilder } from 'kysely';
import type { DbOrTx } from './transaction.js';
import { compileStatement, prepareOnServer } from './server-prepared.js';

/** Stands for a value given at each run; its place in the compiled parameters is found once. */
export class Slot {
  constructor(readonly key: string | number) {}
}

/**
 * A fixed statement as compiled: its text with `$1`, `$2`... and, for each, either the Slot of
 * a value given at each run or a constant the statement embeds.
 */
export interface CompiledText {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * A value in a statement: given as it is (a parameter), or as an expression, such as a fixed
 * statement's placeholder. Fragments that fixed statements share with built-per-run ones take these.
 */
export type SqlValue<T> = T | RawBuilder<T>;

/** The values of one run: a tuple (placeholders by index) or an object (placeholders by name). */
type RunValues = readonly unknown[] | object;

/** The placeholder of one value: `$(0)` in a tuple's statement, `$('name')` in an object's. */
export type Placeholder<V extends RunValues> = <K extends keyof V & (string | number)>(key: K) => RawBuilder<V[K]>;

export interface FixedStatement<V extends RunValues, R> {
  run(db: DbOrTx, values: V): Promise<QueryResult<R>>;
  /** The text every run sends, compiled afresh against `db` (scripts/generate-sql.ts renders it). */
  text(db: DbOrTx): CompiledText;
}

/**
 * A statement whose text never changes, compiled by Kysely once instead of at every run: on the
 * job worker's and the widget message's hot statements, building and compiling cost more CPU
 * than sending them. `build` gets the placeholder of each value (`$(0)` ... `$(n-1)` for a
 * tuple, `$('name')` for an object's field) and the database of the first run, and returns a
 * `sql` template or a query builder, which may embed constants, fragments and their own
 * parameters as usual; each run sends the same text with the placeholders' values. Anything
 * else computed in `build` (a time, say) is frozen at the first run. On PostgreSQL the text is
 * also prepared on the server (prepareOnServer).
 */
export function fixedStatement<V extends RunValues, R = unknown>(
  build: ($: Placeholder<V>, db: DbOrTx) => RawBuilder<R> | Compilable<R>,
): FixedStatement<V, R> {
  let compiled: CompiledText | undefined;
  const compile = (db: DbOrTx): CompiledText => compileStatement(db, build(((key) => sql.val(new Slot(key))) as Placeholder<V>, db));
  return {
    text: compile,
    run(db, values) {
      if (!compiled) {
        compiled = compile(db);
        prepareOnServer(compiled.sql);
      }
      const parameters = compiled.parameters.map((p) => (p instanceof Slot ? (values as Record<string | number, unknown>)[p.key] : p));
      return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
}

export interface FixedStatementPerShape<S, V extends RunValues, R> {
  run(db: DbOrTx, shape: S, values: V): Promise<QueryResult<R>>;
  /** One shape's text, as FixedStatement.text. */
  text(db: DbOrTx, shape: S): CompiledText;
}

/**
 * fixedStatement for a statement that comes in a few shapes (which CTEs it has, how many rows
 * it counts): one text per shape key, each built and compiled on its first run. The shapes must
 * be few, as every text stays prepared on every PostgreSQL connection.
 */
export function fixedStatementPerShape<S, V extends RunValues, R = unknown>(
  keyOf: (shape: S) => string,
  build: (shape: S, $: Placeholder<V>, db: DbOrTx) => RawBuilder<R> | Compilable<R>,
): FixedStatementPerShape<S, V, R> {
  const statements = new Map<string, FixedStatement<V, R>>();
  const statementOf = (shape: S) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = fixedStatement<V, R>(($, first) => build(shape, $, first))));
    return statement;
  };
  return {
    run: (db, shape, values) => statementOf(shape).run(db, values),
    text: (db, shape) => statementOf(shape).text(db),
  };
}
