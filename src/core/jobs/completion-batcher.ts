import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { createCoalescingWriter } from './coalescing-writer.js';
import type { JobLease, JobsRepo } from './jobs.repo.js';
import type { KindRegistry } from './job-types.js';

/** A handler that returned: its lease, and what it returned for its kind's recordResults. */
export interface FinishedRun {
  lease: JobLease;
  kind: string;
  result: unknown;
}

interface BatcherDeps {
  db: Db;
  clock: Clock;
  repo: JobsRepo;
  kinds: KindRegistry;
  workerId: string;
}

/**
 * Jobs finishing together are marked succeeded in one statement, with their results in one
 * commit. write() resolves true when the job was still ours, false when its lease had been lost.
 */
export function createCompletionBatcher({ db, clock, repo, kinds, workerId }: BatcherDeps) {
  return createCoalescingWriter(async (done: FinishedRun[]) => {
    const now = clock.now();
    const leases = done.map((d) => d.lease);
    const results = resultsByKind(kinds, done);
    const finished =
      results.size === 0
        ? await repo.markSucceeded(workerId, leases, now)
        : await inTransaction(db, async (tx) => {
            for (const [kind, list] of results) await kinds.get(kind)!.options.recordResults!(tx, list, now);
            return repo.markSucceeded(workerId, leases, now, tx);
          });
    return (d: FinishedRun) => finished.has(d.lease.id);
  });
}

function resultsByKind(kinds: KindRegistry, done: FinishedRun[]): Map<string, unknown[]> {
  const results = new Map<string, unknown[]>();
  for (const { kind, result } of done) {
    if (result === undefined || !kinds.get(kind)?.options.recordResults) continue;
    const list = results.get(kind);
    if (list) list.push(result);
    else results.set(kind, [result]);
  }
  return results;
}

export type CompletionBatcher = ReturnType<typeof createCompletionBatcher>;
