export { enqueueJob, expediteJob, pruneFinishedJobs, DEFAULT_MAX_ATTEMPTS, type NewJob } from './enqueue.js';
export {
  JobRunner,
  JOBS_CHANNEL,
  type JobContext,
  type DeadJobContext,
  type JobHandler,
  type JobKindOptions,
  type JobRunnerOptions,
} from './job-runner.js';
export { PermanentJobError, RetryableJobError, exponentialBackoff } from './retry.js';
