import { describe, expect, it } from 'vitest';
import { type CallRecord, callFacts } from './call-facts.js';

const call = (change: Partial<CallRecord>): CallRecord => ({
  id: 7,
  assistant_id: 1,
  assistant_name: 'Front desk',
  campaign_name: null,
  type: 'outbound',
  direction: 'outbound',
  duration: 62,
  assistant_phone_number: '+14155550199',
  client_phone_number: '+40711222333',
  status: 'completed',
  end_reason: 'ended_by_customer',
  transcript: [],
  variables: {},
  evaluation: null,
  carrier_cost: 0,
  total_cost: 0.11,
  answered_by: 'human',
  recording_url: null,
  created_at: '2026-01-15 10:00:00',
  updated_at: '2026-01-15 10:01:20',
  answered_at: '2026-01-15 10:00:12',
  ended_at: '2026-01-15 10:01:14',
  ...change,
});

describe('the facts of a call', () => {
  it('an outbound phone call: how long it rang and lasted, who answered, both numbers', () => {
    expect(callFacts(call({}))).toEqual([
      { label: 'Status', value: 'Completed' },
      { label: 'Direction', value: 'Outbound: the assistant called' },
      { label: 'Channel', value: 'Phone' },
      { label: 'Talk time', value: '1 min 02 s' },
      { label: 'Rang for', value: '12 s' },
      { label: 'From start to end', value: '1 min 14 s' },
      { label: 'Cost', value: expect.stringContaining('0.11') },
      { label: 'Ended because', value: 'Ended by customer' },
      { label: 'Answered by', value: 'A person' },
      { label: 'Called', value: '+40711222333' },
      { label: 'Assistant’s number', value: '+14155550199' },
    ]);
  });

  it('how long it rang comes from the talk time once ended, even when the answer was marked only at the end', () => {
    const late = callFacts(call({ answered_at: '2026-01-15 10:01:14', duration: 60 }));
    expect(late).toContainEqual({ label: 'Rang for', value: '14 s' });
    expect(callFacts(call({ answered_at: null, status: 'no-answer', duration: 0 })).map((f) => f.label)).not.toContain('Rang for');
  });

  it('a browser call still going on: no end, no numbers, nothing about who answered', () => {
    const facts = callFacts(
      call({
        type: 'web',
        direction: 'inbound',
        status: 'in-progress',
        end_reason: null,
        answered_by: null,
        client_phone_number: null,
        assistant_phone_number: null,
        answered_at: '2026-01-15 10:00:00',
        ended_at: null,
      }),
    );
    expect(facts.map((f) => f.label)).toEqual(['Status', 'Direction', 'Channel', 'Talk time', 'Answered after', 'Cost', 'Ended because']);
    expect(facts).toContainEqual({ label: 'Direction', value: 'Inbound: the assistant was called' });
    expect(facts).toContainEqual({ label: 'Channel', value: 'Browser' });
    expect(facts).toContainEqual({ label: 'Ended because', value: 'Not ended yet' });
  });
});
