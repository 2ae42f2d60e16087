import type { paths } from '../../api/client.js';

export type Campaign = paths['/api/user/campaigns/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type CreateCampaignBody = NonNullable<paths['/api/user/campaign']['post']['requestBody']>['content']['application/json'];
type AssistantItem = paths['/api/user/assistants']['get']['responses'][200]['content']['application/json'][number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** A campaign's settings as the form holds them: pickers hold ids as strings, as Mantine's Select does; times as HH:MM. */
export interface CampaignValues {
  name: string;
  assistant_id: string | null;
  timezone: string;
  allowed_hours_start_time: string;
  allowed_hours_end_time: string;
  allowed_days: string[];
  max_calls_in_parallel: number | string;
  max_retries: number | string;
  retry_interval: number | string;
  retry_on_voicemail: boolean;
  retry_on_goal_incomplete: boolean;
  goal_completion_variable: string | null;
  mark_complete_when_no_leads: boolean;
  phone_number_ids: string[];
}

/** The API's defaults (POST /api/user/campaign), the time zone the browser's until an assistant is picked. */
export function emptyCampaign(timezone: string): CampaignValues {
  return {
    name: '',
    assistant_id: null,
    timezone,
    allowed_hours_start_time: '09:00',
    allowed_hours_end_time: '18:00',
    allowed_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    max_calls_in_parallel: 3,
    max_retries: 3,
    retry_interval: 60,
    retry_on_voicemail: false,
    retry_on_goal_incomplete: false,
    goal_completion_variable: null,
    mark_complete_when_no_leads: true,
    phone_number_ids: [],
  };
}

export function campaignValues(campaign: Campaign): CampaignValues {
  return {
    name: campaign.name,
    assistant_id: campaign.assistant_id ? String(campaign.assistant_id) : null,
    timezone: campaign.timezone,
    allowed_hours_start_time: campaign.allowed_hours_start_time.slice(0, 5),
    allowed_hours_end_time: campaign.allowed_hours_end_time.slice(0, 5),
    allowed_days: campaign.allowed_days,
    max_calls_in_parallel: campaign.max_calls_in_parallel,
    max_retries: campaign.max_retries,
    retry_interval: campaign.retry_interval,
    retry_on_voicemail: campaign.retry_on_voicemail,
    retry_on_goal_incomplete: campaign.retry_on_goal_incomplete,
    goal_completion_variable: campaign.goal_completion_variable,
    mark_complete_when_no_leads: campaign.mark_complete_when_no_leads,
    phone_number_ids: campaign.phone_number_ids.map(String),
  };
}

/** The form as the create (and update) request: every setting, the goal only when it is used. */
export function campaignRequest(values: CampaignValues): CreateCampaignBody {
  return {
    name: values.name.trim(),
    assistant_id: Number(values.assistant_id),
    timezone: values.timezone,
    allowed_hours_start_time: values.allowed_hours_start_time,
    allowed_hours_end_time: values.allowed_hours_end_time,
    allowed_days: WEEKDAYS.filter((day) => values.allowed_days.includes(day)) as Weekday[],
    max_calls_in_parallel: Number(values.max_calls_in_parallel),
    max_retries: Number(values.max_retries),
    retry_interval: Number(values.retry_interval),
    retry_on_voicemail: values.retry_on_voicemail,
    retry_on_goal_incomplete: values.retry_on_goal_incomplete,
    goal_completion_variable: values.retry_on_goal_incomplete ? values.goal_completion_variable : null,
    mark_complete_when_no_leads: values.mark_complete_when_no_leads,
    phone_number_ids: values.phone_number_ids.map(Number),
  };
}

const between =
  (label: string, min: number, max: number, unit = '') =>
  (value: number | string) => {
    const n = Number(value);
    return value !== '' && Number.isInteger(n) && n >= min && n <= max
      ? null
      : `${label} must be a whole number from ${min} to ${max}${unit}.`;
  };

/** The checks the form makes before sending; the server checks again and its words land on the same fields. */
export const validateCampaign = {
  name: (value: string) => (value.trim() ? null : 'Give the campaign a name, e.g. “Saturday pre-orders”.'),
  assistant_id: (value: string | null) => (value ? null : 'Choose the outbound assistant that makes the calls.'),
  allowed_hours_start_time: (value: string) => (/^\d{2}:\d{2}$/.test(value) ? null : 'Give the time calls may start, e.g. 09:00.'),
  allowed_hours_end_time: (value: string) => (/^\d{2}:\d{2}$/.test(value) ? null : 'Give the time calls must stop, e.g. 18:00.'),
  allowed_days: (value: string[]) => (value.length > 0 ? null : 'Choose at least one day.'),
  max_calls_in_parallel: between('Calls at once', 1, 10),
  max_retries: between('Attempts', 1, 5),
  retry_interval: between('The wait', 10, 4320, ' minutes'),
  goal_completion_variable: (value: string | null, values: CampaignValues) =>
    values.retry_on_goal_incomplete && !value ? 'Choose the yes/no answer that says the goal was met.' : null,
};

/** The yes/no items of the assistant's summary after the call: what can say whether a call met its goal. */
export function goalVariables(assistant: Pick<AssistantItem, 'post_call_schema'> | undefined): string[] {
  return (assistant?.post_call_schema ?? []).filter((item) => item.type === 'bool').map((item) => item.name);
}

/** Where the server's field errors go: "phone_number_ids.0" belongs to the caller numbers' picker. */
export function fieldOfServerError(field: string): string {
  return field.replace(/\.\d+$/, '');
}

/** "09:00 to 18:00, Monday to Friday" and the like, for the list and the page's summary. */
export function scheduleInWords(
  campaign: Pick<Campaign, 'allowed_hours_start_time' | 'allowed_hours_end_time' | 'allowed_days' | 'timezone'>,
): string {
  const days = WEEKDAYS.filter((d) => campaign.allowed_days.includes(d));
  const name = (day: string) => day.charAt(0).toUpperCase() + day.slice(1, 3);
  const weekdays = days.length === 5 && !days.includes('saturday') && !days.includes('sunday');
  const dayWords = days.length === 7 ? 'every day' : weekdays ? 'Mon–Fri' : days.map(name).join(', ');
  const start = campaign.allowed_hours_start_time.slice(0, 5);
  const end = campaign.allowed_hours_end_time.slice(0, 5);
  return `${start}–${end}${end < start ? ' (next day)' : ''}, ${dayWords} (${campaign.timezone})`;
}
