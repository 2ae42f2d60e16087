import { randomBytes } from 'node:crypto';
import type { Form } from './twilio.js';

/**
 * Twilio's phone numbers, for the fake REST API: numbers for sale (AvailablePhoneNumbers, the
 * same stock for every account, as Twilio's is), and each account's own numbers
 * (IncomingPhoneNumbers: list, buy, give back), with the resources and error bodies Twilio
 * answers with.
 */

export type NumberKind = 'Local' | 'Mobile' | 'TollFree';
export type AddressRequirement = 'none' | 'any' | 'local' | 'foreign';

export interface StockNumber {
  phoneNumber: string;
  isoCountry: string;
  kind: NumberKind;
  locality: string;
  region: string;
  sms: boolean;
  addressRequirements: AddressRequirement;
  /** A regulated number: Twilio sells it only with an approved BundleSid. */
  bundleRequired?: boolean;
}

interface IncomingNumber {
  sid: string;
  phoneNumber: string;
  sms: boolean;
  addressRequirements: AddressRequirement;
  form: Form;
}

/** Numbers any fake Twilio has for sale until they are bought: the docs' and tests' defaults. */
export const DEFAULT_STOCK: StockNumber[] = [
  ...['+14155550101', '+14155550102', '+14155550103', '+14155550104'].map((phoneNumber, i) => ({
    phoneNumber,
    isoCountry: 'US',
    kind: 'Local' as const,
    locality: 'San Francisco',
    region: 'CA',
    sms: i !== 3,
    addressRequirements: 'none' as const,
  })),
  {
    phoneNumber: '+12125550101',
    isoCountry: 'US',
    kind: 'Local',
    locality: 'New York',
    region: 'NY',
    sms: true,
    addressRequirements: 'none',
  },
  { phoneNumber: '+18885550101', isoCountry: 'US', kind: 'TollFree', locality: '', region: '', sms: true, addressRequirements: 'none' },
  { phoneNumber: '+442071838750', isoCountry: 'GB', kind: 'Local', locality: 'London', region: '', sms: false, addressRequirements: 'any' },
  {
    phoneNumber: '+4930609859300',
    isoCountry: 'DE',
    kind: 'Local',
    locality: 'Berlin',
    region: '',
    sms: false,
    addressRequirements: 'local',
    bundleRequired: true,
  },
];

/** Countries whose AvailablePhoneNumbers exist (any other is Twilio's 404). */
const COUNTRIES = new Set(['US', 'CA', 'GB', 'AU', 'DE', 'IL', 'PL', 'FI', 'NL', 'DK', 'IT', 'RO']);

const error = (code: number, message: string, status = 400) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** Twilio's refusals of a purchase, with its codes (see twilio.com/docs/errors/{code}). */
export const numberErrors = {
  notAvailable: () => error(21422, 'PhoneNumber is not available'),
  addressRequired: () => error(21631, 'Phone Number Requires an Address'),
  bundleRequired: () => error(21649, 'Phone Number Requires a Bundle'),
  noneInAreaCode: () => error(21452, 'No phone numbers found in area code'),
  unreachable: () => error(21612, "The 'To' phone number is not currently reachable via SMS"),
  missingPhoneNumber: () => error(21450, 'PhoneNumber or AreaCode is required'),
};

const digits = (text: string) => text.replace(/\D/g, '');

/** `(415) 555-0101` in North America, the number itself elsewhere, as Twilio's friendly_name. */
function friendlyName(phoneNumber: string): string {
  const d = digits(phoneNumber);
  return phoneNumber.startsWith('+1') && d.length === 11 ? `(${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}` : phoneNumber;
}

/** One AvailablePhoneNumber; Twilio writes its capabilities as `voice`, `SMS`, `MMS`. */
function availableResource(number: StockNumber) {
  return {
    friendly_name: friendlyName(number.phoneNumber),
    phone_number: number.phoneNumber,
    lata: number.isoCountry === 'US' ? '722' : null,
    locality: number.locality || null,
    rate_center: number.locality ? number.locality.toUpperCase() : null,
    latitude: null,
    longitude: null,
    region: number.region || null,
    postal_code: null,
    iso_country: number.isoCountry,
    address_requirements: number.addressRequirements,
    beta: false,
    capabilities: { voice: true, SMS: number.sms, MMS: number.sms, fax: false },
  };
}

function incomingResource(account: string, number: IncomingNumber) {
  const text = (key: string) => (typeof number.form[key] === 'string' ? (number.form[key] as string) : null);
  return {
    account_sid: account,
    address_requirements: number.addressRequirements,
    address_sid: text('AddressSid'),
    api_version: '2010-04-01',
    beta: false,
    bundle_sid: text('BundleSid'),
    capabilities: { fax: false, mms: number.sms, sms: number.sms, voice: true },
    date_created: 'Thu, 15 Jan 2026 10:00:00 +0000',
    date_updated: 'Thu, 15 Jan 2026 10:00:00 +0000',
    emergency_status: 'Inactive',
    friendly_name: text('FriendlyName') ?? friendlyName(number.phoneNumber),
    origin: 'twilio',
    phone_number: number.phoneNumber,
    sid: number.sid,
    sms_method: text('SmsMethod') ?? 'POST',
    sms_url: text('SmsUrl') ?? '',
    status: 'in-use',
    status_callback: '',
    trunk_sid: null,
    uri: `/2010-04-01/Accounts/${account}/IncomingPhoneNumbers/${number.sid}.json`,
    voice_method: text('VoiceMethod') ?? 'POST',
    voice_url: text('VoiceUrl') ?? null,
  };
}

function page(key: string, uri: string, items: unknown[], pageSize: number) {
  return {
    end: Math.max(0, items.length - 1),
    first_page_uri: uri,
    next_page_uri: null,
    page: 0,
    page_size: pageSize,
    previous_page_uri: null,
    start: 0,
    uri,
    [key]: items,
  };
}

export type Answer = { status: number; body: Record<string, unknown> | null };

export function createFakeNumbers(stock: StockNumber[] = DEFAULT_STOCK) {
  const available = stock.map((number) => ({ ...number }));
  const incoming = new Map<string, IncomingNumber[]>();
  const owned = (account: string) => incoming.get(account) ?? [];

  function search(account: string, country: string, kind: NumberKind, query: URLSearchParams): Answer {
    const areaCode = query.get('AreaCode');
    const locality = query.get('InLocality')?.toLowerCase();
    const contains = digits(query.get('Contains') ?? '');
    const pageSize = Number(query.get('PageSize') ?? 50);
    const found = available.filter(
      (n) =>
        n.isoCountry === country &&
        n.kind === kind &&
        (!areaCode || digits(n.phoneNumber).slice(1, 4) === areaCode) &&
        (!locality || n.locality.toLowerCase() === locality) &&
        (!contains || digits(n.phoneNumber).includes(contains)) &&
        (query.get('SmsEnabled') !== 'true' || n.sms),
    );
    const uri = `/2010-04-01/Accounts/${account}/AvailablePhoneNumbers/${country}/${kind}.json?${query}`;
    return { status: 200, body: page('available_phone_numbers', uri, found.slice(0, pageSize).map(availableResource), pageSize) };
  }

  function buy(account: string, form: Form): Answer {
    const wanted = typeof form.PhoneNumber === 'string' ? form.PhoneNumber : null;
    if (!wanted) return numberErrors.missingPhoneNumber();
    const index = available.findIndex((n) => n.phoneNumber === wanted);
    if (index === -1) return numberErrors.notAvailable();
    const number = available[index]!;
    if (number.addressRequirements !== 'none' && !form.AddressSid) return numberErrors.addressRequired();
    if (number.bundleRequired && !form.BundleSid) return numberErrors.bundleRequired();
    available.splice(index, 1);
    const bought = {
      sid: `PN${randomBytes(16).toString('hex')}`,
      phoneNumber: wanted,
      sms: number.sms,
      addressRequirements: number.addressRequirements,
      form,
    };
    incoming.set(account, [...owned(account), bought]);
    return { status: 201, body: incomingResource(account, bought) };
  }

  return {
    /** Twilio's answer to a numbers request of `account`, or null when `path` is no numbers route. */
    answer(method: string, account: string, path: string, url: URL, form: Form): Answer | null {
      const base = `/2010-04-01/Accounts/${account}`;
      const route = path.slice(base.length);
      const search_ = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/(Local|Mobile|TollFree)\.json$/.exec(route);
      if (search_ && method === 'GET') {
        if (!COUNTRIES.has(search_[1]!)) return error(20404, `The requested resource ${path} was not found`, 404);
        return search(account, search_[1]!, search_[2] as NumberKind, url.searchParams);
      }
      if (route === '/IncomingPhoneNumbers.json' && method === 'GET') {
        const filter = digits(url.searchParams.get('PhoneNumber') ?? '');
        const listed = owned(account).filter((n) => digits(n.phoneNumber).includes(filter));
        const uri = `${base}/IncomingPhoneNumbers.json?${url.searchParams}`;
        return {
          status: 200,
          body: page(
            'incoming_phone_numbers',
            uri,
            listed.map((n) => incomingResource(account, n)),
            50,
          ),
        };
      }
      if (route === '/IncomingPhoneNumbers.json' && method === 'POST') return buy(account, form);
      const one = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(route);
      if (one && method === 'DELETE') {
        const kept = owned(account).filter((n) => n.sid !== one[1]);
        if (kept.length === owned(account).length) return error(20404, `The requested resource ${path} was not found`, 404);
        incoming.set(account, kept);
        return { status: 204, body: null };
      }
      return null;
    },
    /** Whether `path` (of any method) is a numbers route, answered after authentication. */
    handles(path: string): boolean {
      return /\/(AvailablePhoneNumbers\/[A-Z]{2}\/(Local|Mobile|TollFree)|IncomingPhoneNumbers(\/PN[0-9a-f]{32})?)\.json$/.test(path);
    },
    /** A number the account has already (bought elsewhere, or the tenant's own). */
    addIncomingNumber(account: string, phoneNumber: string, sms = true) {
      const number = { sid: `PN${randomBytes(16).toString('hex')}`, phoneNumber, sms, addressRequirements: 'none' as const, form: {} };
      incoming.set(account, [...owned(account), number]);
    },
    /** More numbers for sale. */
    addAvailable(...numbers: StockNumber[]) {
      available.push(...numbers.map((n) => ({ ...n })));
    },
    /** The account's numbers as Twilio lists them. */
    incoming(account: string) {
      return owned(account).map((n) => incomingResource(account, n));
    },
    isAvailable: (phoneNumber: string) => available.some((n) => n.phoneNumber === phoneNumber),
    /** The account that has this number, and the number as Twilio lists it; undefined when none has it. */
    owner(phoneNumber: string) {
      for (const [account, list] of incoming) {
        const number = list.find((n) => n.phoneNumber === phoneNumber);
        if (number) return { account, number: incomingResource(account, number) };
      }
      return undefined;
    },
  };
}

export type FakeNumbers = ReturnType<typeof createFakeNumbers>;
