import type { JobRunner } from '../../core/jobs/index.js';

export const PHONE_NUMBER_RELEASE_JOB = 'phone-numbers.release';

export interface ReleaseJobPayload {
  id: number;
}

export const releaseJobKey = (id: number) => `phone-number-release:${id}`;

/**
 * The end of the monthly billing period `now` falls in, periods counted from `since` (the
 * number's registration): Jan 31 renews on Feb 28 (29), then Mar 31. Always after `now`.
 */
export function billingPeriodEnd(since: Date, now: Date): Date {
  let months = (now.getUTCFullYear() - since.getUTCFullYear()) * 12 + (now.getUTCMonth() - since.getUTCMonth());
  let end = addMonths(since, Math.max(months, 1));
  while (end <= now) end = addMonths(since, ++months);
  return end;
}

function addMonths(date: Date, months: number): Date {
  const firstOfTarget = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const target = new Date(firstOfTarget);
  const daysInTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), daysInTarget));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/** What the release job needs of the phone-numbers service. */
export interface PhoneNumberRemoval {
  removeReleased(id: number, now: Date): Promise<void>;
}

/** The job that removes a released number once its period is over (enqueued with the release). */
export function registerPhoneNumberJobs(jobs: JobRunner, phoneNumbers: PhoneNumberRemoval): void {
  jobs.register<ReleaseJobPayload>(PHONE_NUMBER_RELEASE_JOB, async (payload, { now }) => {
    await phoneNumbers.removeReleased(payload.id, now);
  });
}
