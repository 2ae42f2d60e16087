import pg from 'pg';

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
