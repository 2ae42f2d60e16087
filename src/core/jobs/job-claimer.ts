import type { Clock } from '../clock.js';
import { claimStatement, type ClaimLoads, type ClaimStatement, type ClaimedJob, type JobsRepo } from './jobs.repo.js';
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
  // Kinds are only ever added (at start, before the first claim in practice): the statement is
  // made again only when their number changes, not at every claim.
  let statement: { kindCount: number; claim: ClaimStatement } | undefined;
  const currentStatement = (): ClaimStatement => {
    if (statement?.kindCount !== kinds.size)
      statement = { kindCount: kinds.size, claim: claimStatement([...kinds.keys()], claimLoads(kinds)) };
    return statement.claim;
  };

  return function claim(limit: number): Promise<ClaimedJob[]> {
    if (kinds.size === 0) return Promise.resolve([]);
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    return repo.claimDue(currentStatement(), { limit, now, workerId, leaseUntil });
  };
}

function claimLoads(kinds: KindRegistry): ClaimLoads {
  const loads = new Map<string, NonNullable<ReturnType<ClaimLoads['get']>>>();
  for (const [kind, { options }] of kinds) if (options.loadInClaim) loads.set(kind, options.loadInClaim);
  return loads;
}
