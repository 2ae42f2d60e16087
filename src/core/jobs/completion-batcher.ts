import type { Clock } from '../clock.js';
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
  clock: Clock;
  repo: JobsRepo;
  kinds: KindRegistry;
  workerId: string;
}

/**
 * Jobs finishing together are marked succeeded, and their results written, in one statement.
 * write() resolves true when the job was still ours, false when its lease had been lost.
 */
export function createCompletionBatcher({ clock, repo, kinds, workerId }: BatcherDeps) {
  return createCoalescingWriter(async (done: FinishedRun[]) => {
    const now = clock.now();
    const leases = done.map((d) => d.lease);
    const records = [...resultsByKind(kinds, done)].map(([kind, list]) => kinds.get(kind)!.options.recordResults!(list, now));
    const finished = await repo.markSucceeded(workerId, leases, now, records);
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
