import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { ClaimedJob, JobsRepo } from './jobs.repo.js';
import type { KindRegistry } from './job-types.js';

/** A job this worker now holds, with its share of its kind's batched load (if the kind has one). */
export interface ClaimedRun {
  job: ClaimedJob;
  loaded?: Promise<unknown>;
}

interface ClaimerDeps {
  db: Db;
  clock: Clock;
  repo: JobsRepo;
  kinds: KindRegistry;
  workerId: string;
  leaseMs: number;
}

/**
 * Claims up to `limit` due jobs in one statement, each with its own lease, then starts one read
 * per kind for all of that kind's claimed jobs. The read is not awaited here: handlers start at
 * once and wait for their share.
 */
export function createJobClaimer({ db, clock, repo, kinds, workerId, leaseMs }: ClaimerDeps) {
  return async function claim(limit: number): Promise<ClaimedRun[]> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const jobs = await repo.claimDue({ kinds: [...kinds.keys()], limit, now, workerId, leaseUntil });
    return withBatchedLoads(db, kinds, jobs);
  };
}

function withBatchedLoads(db: Db, kinds: KindRegistry, jobs: ClaimedJob[]): ClaimedRun[] {
  const runs: ClaimedRun[] = jobs.map((job) => ({ job }));
  const byKind = new Map<string, ClaimedRun[]>();
  for (const run of runs) {
    if (!kinds.get(run.job.kind)?.options.load) continue;
    const list = byKind.get(run.job.kind);
    if (list) list.push(run);
    else byKind.set(run.job.kind, [run]);
  }
  for (const [kind, list] of byKind) {
    const load = kinds.get(kind)!.options.load!;
    const answers = Promise.resolve().then(() => load(db, list.map((run) => run.job.payload)));
    list.forEach((run, position) => {
      run.loaded = answers.then((all) => all[position]);
      // Each handler awaits its own; this only keeps a rejection nobody awaited from ending the process.
      run.loaded.catch(() => {});
    });
  }
  return runs;
}
