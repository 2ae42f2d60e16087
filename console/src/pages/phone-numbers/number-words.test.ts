import { describe, expect, it } from 'vitest';
import {
  addressInWords,
  assignProblem,
  billingInWords,
  numberSourceInWords,
  releaseInWords,
  searchQuery,
  validateSearch,
  type PhoneNumber,
} from './number-words.js';

const number = (fields: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id: 7,
  phone_number: '+14155550101',
  nickname: null,
  country_code: 'US',
  type: 'normal',
  type_label: 'Dedicated Number',
  sms_capable: true,
  region: '',
  has_active_subscription: true,
  created_at: '2026-01-15T10:00:00Z',
  ...fields,
});
const bought = number({ monthly_price: 3.99, paid_until: '2026-02-15T10:00:00Z', renewal_failed_at: null, webhook_url: null });

describe('numbers in words', () => {
  it('says where a number comes from and how its month stands', () => {
    expect(numberSourceInWords(bought)).toMatch(/^Bought here · \$3\.99 a month$/);
    expect(numberSourceInWords(number({ provider: 'twilio', twilio_account_sid: 'AC1' }))).toBe('Your own Twilio account');
    expect(numberSourceInWords(number({ type: 'caller_id' }))).toBe('Caller ID (calls out only)');
    expect(billingInWords(bought)).toMatch(/^Paid until .*2026; the next month is taken from your balance then\.$/);
    expect(billingInWords({ ...bought, renewal_failed_at: '2026-02-15T10:00:00Z' })).toMatch(/could not be paid/);
    expect(billingInWords({ ...bought, has_active_subscription: false, release_at: '2026-02-15T10:00:00Z' })).toMatch(
      /^Released: it works until /,
    );
    expect(billingInWords(number())).toBeNull();
  });

  it('says what a release does before it is done', () => {
    expect(releaseInWords(bought)).toMatch(/^You have paid until .*: the number keeps working until then and is not renewed\./);
    expect(releaseInWords({ ...bought, renewal_failed_at: '2026-02-15T10:00:00Z' })).toMatch(/^The month you paid for is over/);
    expect(releaseInWords(number({ provider: 'twilio' }))).toMatch(/Your Twilio account keeps it\.$/);
  });
});

describe('who may use a number', () => {
  const frontDesk = { id: 1, name: 'Front desk', type: 'inbound' as const, phone_number_id: 7 };
  const night = { id: 2, name: 'Night line', type: 'inbound' as const, phone_number_id: null };
  const sales = { id: 3, name: 'Sales', type: 'outbound' as const, phone_number_id: 9 };
  const all = [frontDesk, night, sales];

  it('gives an inbound number one inbound assistant, shares it with outbound ones, and never answers on Caller ID', () => {
    expect(assignProblem(number(), night, all)).toBe(
      'Front desk already answers calls to this number; a number has one inbound assistant.',
    );
    expect(assignProblem(number(), sales, all)).toBeNull();
    expect(assignProblem(number(), frontDesk, all)).toBe('It already uses this number.');
    expect(assignProblem(number({ id: 8 }), night, all)).toBeNull();
    expect(assignProblem(number({ id: 8, type: 'caller_id' }), night, all)).toMatch(/^A Caller ID number receives no calls/);
    expect(assignProblem(number({ id: 8, type: 'caller_id' }), sales, all)).toBeNull();
  });
});

describe('searching numbers for sale', () => {
  const values = { country_code: 'US', type: 'local' as const, area_code: '', locality: '', contains: '', sms_capable: false };

  it('sends only the filters given, an area code only where numbers have one', () => {
    expect(searchQuery(values)).toEqual({ country_code: 'US', type: 'local', limit: 20 });
    expect(searchQuery({ ...values, area_code: ' 415 ', locality: ' Oakland ', contains: '7-7-7', sms_capable: true })).toEqual({
      country_code: 'US',
      type: 'local',
      limit: 20,
      area_code: '415',
      locality: 'Oakland',
      contains: '777',
      sms_capable: true,
    });
    expect(searchQuery({ ...values, country_code: 'GB', area_code: '415' })).toEqual({ country_code: 'GB', type: 'local', limit: 20 });
  });

  it('names a filter the API would refuse', () => {
    expect(validateSearch({ ...values, area_code: '41', contains: '1' })).toEqual({
      area_code: 'An area code is 3 digits, e.g. 415.',
      contains: 'Between 2 and 10 digits, e.g. 777.',
    });
    expect(validateSearch({ ...values, area_code: '415', contains: '77' })).toEqual({});
  });

  it('explains numbers that need an address', () => {
    expect(addressInWords('none')).toBeNull();
    expect(addressInWords('local')).toBe(
      'Twilio sells this number only with an address in its country registered with Twilio, so it cannot be bought here.',
    );
    expect(addressInWords('any')).toMatch(/an address anywhere/);
  });
});
