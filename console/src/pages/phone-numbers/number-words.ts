import type { paths } from '../../api/client.js';

export type PhoneNumber = paths['/api/user/phone-numbers/all']['get']['responses'][200]['content']['application/json']['data'][number];
export type SearchQuery = NonNullable<paths['/api/user/phone-numbers/search']['get']['parameters']['query']>;

/** The part of an assistant that decides whether it may use a number. */
export interface AssistantRef {
  id: number;
  name: string;
  type: 'inbound' | 'outbound';
  phone_number_id: number | null;
}

const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatMonthly = (usd: number) => `${money.format(usd)} a month`;
export const formatDay = (iso: string) => day.format(new Date(iso));

/** Where a number comes from and what it costs, in one line. */
export function numberSourceInWords(number: PhoneNumber): string {
  if (number.monthly_price !== undefined) {
    return `Bought here · ${formatMonthly(number.monthly_price)}`;
  }
  if (number.provider === 'twilio') return 'Your own Twilio account';
  if (number.type === 'caller_id') return 'Caller ID (calls out only)';
  if (number.type === 'sip') return 'SIP';
  return 'Given to you by the administrator';
}

/** A bought number's month: paid until when, an unpaid renewal, or when a released one goes. */
export function billingInWords(number: PhoneNumber): string | null {
  if (number.release_at) return `Released: it works until ${formatDay(number.release_at)}, then it is given back.`;
  if (number.renewal_failed_at) return 'The next month could not be paid from your balance. Top up, or the number is released.';
  if (number.paid_until) return `Paid until ${formatDay(number.paid_until)}; the next month is taken from your balance then.`;
  return null;
}

/** What releasing this number does, said before it is done. */
export function releaseInWords(number: PhoneNumber): string {
  if (number.monthly_price !== undefined && !number.renewal_failed_at && number.paid_until) {
    return `You have paid until ${formatDay(number.paid_until)}: the number keeps working until then and is not renewed. Then it is given back to Twilio, and the assistants using it lose it.`;
  }
  if (number.monthly_price !== undefined) {
    return 'The month you paid for is over, so the number is given back to Twilio now, and the assistants using it lose it.';
  }
  if (number.provider === 'twilio') {
    return 'The number is removed from Switchboard now and the assistants using it lose it. Your Twilio account keeps it.';
  }
  return 'The number is removed from your account now and the assistants using it lose it.';
}

/**
 * Why an assistant may not use this number, or null when it may. An inbound assistant answers
 * the number's calls: a Caller ID number receives none, and one number has one inbound assistant.
 * Outbound assistants only call from it, so any number of them can share it.
 */
export function assignProblem(number: PhoneNumber, assistant: AssistantRef, all: AssistantRef[]): string | null {
  if (assistant.phone_number_id === number.id) return 'It already uses this number.';
  if (assistant.type !== 'inbound') return null;
  if (number.type === 'caller_id') return 'A Caller ID number receives no calls, so an inbound assistant cannot use it.';
  const holder = all.find((a) => a.type === 'inbound' && a.id !== assistant.id && a.phone_number_id === number.id);
  return holder ? `${holder.name} already answers calls to this number; a number has one inbound assistant.` : null;
}

/** Twilio's address requirement, and whether the number can be bought here. */
export function addressInWords(requirement: string): string | null {
  if (requirement === 'none') return null;
  const whose = requirement === 'local' ? 'in its country' : requirement === 'foreign' ? 'outside its country' : 'anywhere';
  return `Twilio sells this number only with an address ${whose} registered with Twilio, so it cannot be bought here.`;
}

export interface SearchValues {
  country_code: string;
  type: 'local' | 'mobile' | 'toll_free';
  area_code: string;
  locality: string;
  contains: string;
  sms_capable: boolean;
}

/** The search's filters as the API takes them: empty filters left out; an area code only where numbers have one. */
export function searchQuery(values: SearchValues): SearchQuery {
  const query: SearchQuery = { country_code: values.country_code, type: values.type, limit: 20 };
  const digits = (text: string) => text.replace(/\D/g, '');
  if (values.area_code.trim() && ['US', 'CA'].includes(values.country_code)) query.area_code = digits(values.area_code);
  if (values.locality.trim()) query.locality = values.locality.trim();
  if (values.contains.trim()) query.contains = digits(values.contains);
  if (values.sms_capable) query.sms_capable = true;
  return query;
}

/** Checked before asking: what the API would refuse, in words beside the field. */
export function validateSearch(values: SearchValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.area_code.trim() && !/^\d{3}$/.test(values.area_code.trim())) errors.area_code = 'An area code is 3 digits, e.g. 415.';
  if (values.contains.trim() && !/^\d{2,10}$/.test(values.contains.replace(/\D/g, '')))
    errors.contains = 'Between 2 and 10 digits, e.g. 777.';
  return errors;
}
