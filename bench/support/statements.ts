import { PreparingClient } from '../../src/core/db/server-prepared.js';

/**
 * What the service sends PostgreSQL while `work` runs (it runs in this process): statements,
 * each one round trip, and commits (a writing statement outside a transaction is one), of which
 * how many skip the wait for the WAL flush. Robust against a loaded machine, unlike the times.
 */
export async function countingStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; commits: number; asyncCommits: number }> {
  // The pool's client class (it sends the hot statements as prepared ones) is the one to watch.
  const prototype = PreparingClient.prototype as unknown as { query: (this: object, ...args: unknown[]) => unknown };
  const original = prototype.query;
  const counts = { statements: 0, commits: 0, asyncCommits: 0 };
  const inTransaction = new WeakSet<object>();
  prototype.query = function (this: object, ...args: unknown[]) {
    const text = String(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? ''))
      .trim()
      .toLowerCase();
    const asyncCommit = /synchronous_commit = off|set_config\('synchronous_commit', 'off'/.test(text);
    counts.statements += 1;
    if (text === 'begin') inTransaction.add(this);
    else if (text === 'commit' || text === 'rollback') {
      inTransaction.delete(this);
      if (text === 'commit') counts.commits += 1;
    } else if (!inTransaction.has(this) && (asyncCommit || /\b(insert|update|delete)\b/.test(text))) {
      // A writing statement outside a transaction commits on its own (a job's claim writes
      // through a function, and says how it commits).
      counts.commits += 1;
    }
    if (asyncCommit) counts.asyncCommits += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), ...counts };
  } finally {
    prototype.query = original;
  }
}
