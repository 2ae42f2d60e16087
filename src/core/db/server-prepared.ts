import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely';
import pg from 'pg';
import type { DbOrTx } from './transaction.js';

/** Statement text -> the name it is prepared under on each PostgreSQL connection. */
const names = new Map<string, string>();

/**
 * Marks a statement text to be prepared on the server, once per connection, the first time a
 * connection sends it: later runs skip PostgreSQL's parsing and planning, which on the job
 * worker's long statements cost the database more CPU than executing them. Only for the few
 * fixed texts of hot paths: each one stays prepared on every connection for its lifetime.
 */
export function prepareOnServer(text: string): void {
  if (!names.has(text)) names.set(text, `switchboard_${names.size + 1}`);
}

/** The pool's client: a text marked with prepareOnServer is sent as a named statement. */
export class PreparingClient extends pg.Client {}

type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;
const plainQuery = pg.Client.prototype.query as AnyQuery;
// Kysely's driver calls query(text, values); every other form goes through unchanged.
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [text, values] = args;
  const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
  return name ? plainQuery.call(this, { name, text, values }) : plainQuery.apply(this, args);
} as AnyQuery as typeof pg.Client.prototype.query;

/**
 * Runs a query whose text comes in a few fixed shapes (its values are all parameters) as a
 * prepared statement on PostgreSQL (see prepareOnServer). Kysely still compiles it each time;
 * what is saved is the database's parsing and planning, the larger cost on long statements.
 * Never for a text that embeds values: every distinct text stays prepared on every connection.
 */
export function runPrepared<R>(db: DbOrTx, query: Compilable<R> | RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = compileStatement(db, query);
  prepareOnServer(compiled.sql);
  return db.executeQuery(compiled);
}

/** A `sql` template compiles against a database; a query builder carries its own. */
export function compileStatement<R>(db: DbOrTx, query: Compilable<R> | RawBuilder<R>): CompiledQuery<R> {
  return (query as Partial<RawBuilder<R>>).isRawBuilder === true
    ? (query as RawBuilder<R>).compile(db)
    : (query as Compilable<R>).compile();
}
