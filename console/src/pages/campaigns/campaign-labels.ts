import { humanize } from '../../format/words.js';

/** A campaign's status in words and colour (colours dark enough for text contrast). */
export const CAMPAIGN_STATUS: Record<string, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray.8' },
  'in-progress': { label: 'Calling', color: 'teal.9' },
  paused: { label: 'Paused', color: 'red.9' },
  stopped: { label: 'Stopped', color: 'gray.8' },
  completed: { label: 'Finished', color: 'blue.9' },
};

export const campaignStatusLabel = (status: string) => CAMPAIGN_STATUS[status]?.label ?? humanize(status);

/** Lead statuses as the API names them, in the order a lead moves through them, with words a person reads. */
export const LEAD_STATUS: Array<{ value: string; label: string; color: string }> = [
  { value: 'created', label: 'Not called yet', color: 'gray.8' },
  { value: 'scheduled', label: 'Waiting for its hours', color: 'gray.8' },
  { value: 'processing', label: 'Calling now', color: 'teal.9' },
  { value: 'rescheduled', label: 'Retry due', color: 'violet.9' },
  { value: 'completed', label: 'Done', color: 'blue.9' },
  { value: 'reached-max-retries', label: 'No answer after retries', color: 'red.9' },
  { value: 'blacklisted', label: 'Do not call', color: 'red.9' },
];

export const leadStatusOf = (status: string) =>
  LEAD_STATUS.find((s) => s.value === status) ?? { value: status, label: humanize(status), color: 'gray.8' };

/** An attempt's outcome in words; null while the call is still going. */
export function outcomeLabel(outcome: string | null): string {
  if (outcome === null) return 'In progress';
  const words: Record<string, string> = {
    'goal-not-met': 'Goal not met',
    pre_dial_error: 'Pre-dial check failed',
    skipped: 'Skipped by the pre-dial check',
    do_not_call: 'On the do-not-call list',
    opted_out: 'Asked not to be called again',
    invalid_number: 'Number could not be called',
    abandoned: 'Not placed (the server stopped)',
  };
  return words[outcome] ?? humanize(outcome);
}

/** Where a do-not-call entry came from. */
export const DNC_SOURCE: Record<string, string> = {
  api: 'Added by hand',
  import: 'Imported',
  opt_out: 'Asked on a call',
  evaluation: 'Asked on a call (summary)',
};
