import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { enqueueJob } from './enqueue.js';
import type { JobsRepo, ScheduleDefinition } from './jobs.repo.js';
import type { JobExecution } from './job-execution.js';
import type { KindRegistry } from './job-types.js';

const REAP_BATCH = 100;

interface MaintenanceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  repo: JobsRepo;
  kinds: KindRegistry;
  giveUp: JobExecution['giveUp'];
}

/** Periodic work: recover the jobs of workers that stopped, fire due schedules. */
export function createJobMaintenance({ db, clock, logger, repo, kinds, giveUp }: MaintenanceDeps) {
  const schedules = new Map<string, ScheduleDefinition>();
  let schedulesSaved = false;

  async function reapExpiredLeases(): Promise<void> {
    const now = clock.now();
    for (const job of await repo.findExpiredLeases(now, REAP_BATCH)) {
      const error = `attempt ${job.attempts} did not finish: its worker stopped or lost its lease`;
      if (job.attempts < job.max_attempts) {
        const outcome = await repo.releaseExpiredLease(job.id, now, error);
        if (outcome !== 'gone') logger.warn({ jobId: job.id, jobKind: job.kind, outcome }, 'recovered a job from a stopped worker');
      } else if (kinds.has(job.kind)) {
        // Only a runner that knows the kind can run its onDead.
        await giveUp(job, kinds.get(job.kind), { id: job.id, expiredBefore: now }, error, now);
      }
    }
  }

  async function fireDueSchedules(): Promise<void> {
    if (schedules.size === 0) return;
    const now = clock.now();
    if (!schedulesSaved) {
      await repo.saveSchedules([...schedules.values()], now);
      schedulesSaved = true;
    }
    await inTransaction(db, async (tx) => {
      for (const fired of await repo.advanceDueSchedules(tx, [...schedules.keys()], now)) {
        // The key stops runs piling up while workers are down or a run keeps failing.
        await enqueueJob(tx, { kind: fired.kind, payload: fired.payload, dedupeKey: `schedule:${fired.name}` });
      }
    });
  }

  return {
    addSchedule(schedule: ScheduleDefinition): void {
      schedules.set(schedule.name, schedule);
      schedulesSaved = false;
    },

    async maintain(): Promise<void> {
      await reapExpiredLeases();
      await fireDueSchedules();
    },
  };
}
