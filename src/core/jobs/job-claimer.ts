import type { Clock } from '../clock.js';
import type { ClaimLoads, ClaimedJob, JobsRepo } from './jobs.repo.js';
import type { KindRegistry } from './job-types.js';

interface ClaimerDeps {
  clock: Clock;
  repo: JobsRepo;
  kinds: KindRegistry;
  workerId: string;
  leaseMs: number;
}

/**
 * Claims up to `limit` due jobs in one statement, each with its own lease, and with what their
 * kinds' loadInClaim read for them: one round trip before the handlers start.
 */
export function createJobClaimer({ clock, repo, kinds, workerId, leaseMs }: ClaimerDeps) {
  return function claim(limit: number): Promise<ClaimedJob[]> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    return repo.claimDue({ kinds: [...kinds.keys()], limit, now, workerId, leaseUntil, loads: claimLoads(kinds) });
  };
}

function claimLoads(kinds: KindRegistry): ClaimLoads {
  const loads = new Map<string, NonNullable<ReturnType<ClaimLoads['get']>>>();
  for (const [kind, { options }] of kinds) if (options.loadInClaim) loads.set(kind, options.loadInClaim);
  return loads;
}
