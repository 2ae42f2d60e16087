import { describe, expect, it } from 'vitest';
import {
  campaignRequest,
  emptyCampaign,
  fieldOfServerError,
  goalVariables,
  scheduleInWords,
  validateCampaign,
  type CampaignValues,
} from './campaign-form.js';

describe('campaignRequest', () => {
  const values: CampaignValues = {
    ...emptyCampaign('Europe/Bucharest'),
    name: '  Saturday pre-orders ',
    assistant_id: '4',
    allowed_days: ['friday', 'monday'],
    max_calls_in_parallel: '2',
    retry_on_goal_incomplete: true,
    goal_completion_variable: 'order_placed',
    phone_number_ids: ['9', '3'],
  };

  it('sends every setting as the API types it, the days in week order', () => {
    expect(campaignRequest(values)).toEqual({
      name: 'Saturday pre-orders',
      assistant_id: 4,
      timezone: 'Europe/Bucharest',
      allowed_hours_start_time: '09:00',
      allowed_hours_end_time: '18:00',
      allowed_days: ['monday', 'friday'],
      max_calls_in_parallel: 2,
      max_retries: 3,
      retry_interval: 60,
      retry_on_voicemail: false,
      retry_on_goal_incomplete: true,
      goal_completion_variable: 'order_placed',
      mark_complete_when_no_leads: true,
      phone_number_ids: [9, 3],
    });
  });

  it('sends no goal when the campaign does not retry on it', () => {
    expect(campaignRequest({ ...values, retry_on_goal_incomplete: false }).goal_completion_variable).toBeNull();
  });
});

describe('validateCampaign', () => {
  it('checks the ranges the API accepts, and asks for a goal only when retrying on it', () => {
    expect(validateCampaign.max_calls_in_parallel(11)).toBe('Calls at once must be a whole number from 1 to 10.');
    expect(validateCampaign.retry_interval(5)).toBe('The wait must be a whole number from 10 to 4320 minutes.');
    expect(validateCampaign.max_retries('')).toBe('Attempts must be a whole number from 1 to 5.');
    expect(validateCampaign.max_retries(5)).toBeNull();
    const form = emptyCampaign('UTC');
    expect(validateCampaign.goal_completion_variable(null, form)).toBeNull();
    expect(validateCampaign.goal_completion_variable(null, { ...form, retry_on_goal_incomplete: true })).toBe(
      'Choose the yes/no answer that says the goal was met.',
    );
  });
});

describe('goalVariables, fieldOfServerError and scheduleInWords', () => {
  it("offers the assistant's yes/no answers only", () => {
    expect(
      goalVariables({
        post_call_schema: [
          { name: 'order_placed', type: 'bool', description: '' },
          { name: 'cake', type: 'string', description: '' },
        ],
      }),
    ).toEqual(['order_placed']);
    expect(goalVariables(undefined)).toEqual([]);
  });

  it('puts "phone_number_ids.1" on the numbers picker', () => {
    expect(fieldOfServerError('phone_number_ids.1')).toBe('phone_number_ids');
    expect(fieldOfServerError('timezone')).toBe('timezone');
  });

  it('says the calling hours in words, a window past midnight included', () => {
    const base = { timezone: 'UTC', allowed_hours_start_time: '09:00:00', allowed_hours_end_time: '18:00:00' };
    expect(scheduleInWords({ ...base, allowed_days: ['friday', 'monday', 'tuesday', 'wednesday', 'thursday'] })).toBe(
      '09:00–18:00, Mon–Fri (UTC)',
    );
    expect(
      scheduleInWords({ ...base, allowed_hours_start_time: '20:00:00', allowed_hours_end_time: '02:00:00', allowed_days: ['saturday'] }),
    ).toBe('20:00–02:00 (next day), Sat (UTC)');
  });
});
