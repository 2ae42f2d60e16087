import {
  CarrierRefusedError,
  CarrierUnavailableError,
  type AddressRequirement,
  type AvailableNumber,
  type NumberKind,
  type NumberProvisioning,
  type ProvisionedNumber,
  type RefusalKind,
} from '../../../phone-numbers/carrier.port.js';
import { twilioUrls } from './twilio.js';
import { TwilioApiError, type TwilioCredentials, type TwilioNumberKind, type TwilioRest } from './twilio-rest.js';

const KINDS: Record<NumberKind, TwilioNumberKind> = { local: 'Local', mobile: 'Mobile', toll_free: 'TollFree' };

/**
 * Twilio's error codes for a purchase it refuses, by what they mean for the buyer:
 * 21421 PhoneNumber is invalid, 21422 PhoneNumber is not available, 21452 No phone numbers found
 * in area code; 21613 PhoneNumber Requires an Address (on file), 21615 PhoneNumber Requires a
 * Local Address, 21631 Phone Number Requires an Address (an AddressSid); 21649 a regulated number
 * without an approved BundleSid (changelog "Regulated Number Bundle Provisioning Requirement").
 */
const REFUSALS: Array<[RefusalKind, number[]]> = [
  ['unavailable', [21421, 21422, 21452]],
  ['address_required', [21613, 21615, 21631]],
  ['bundle_required', [21649]],
];

const ADDRESS_REQUIREMENTS: AddressRequirement[] = ['none', 'any', 'local', 'foreign'];

/**
 * The numbers the service buys on its own Twilio account: AvailablePhoneNumbers to search,
 * IncomingPhoneNumbers to buy (with our Voice URL and SMS URL) and to give back.
 */
export function createTwilioNumbers({
  rest,
  operator,
  publicUrl,
}: {
  rest: TwilioRest;
  operator: TwilioCredentials;
  publicUrl: string;
}): NumberProvisioning {
  const urls = twilioUrls(publicUrl);

  /** Twilio's answer, or the error the port speaks: a 4xx with a code is Twilio saying no. */
  async function ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      throw asCarrierError(error);
    }
  }

  return {
    async searchAvailable(query) {
      const params: Record<string, string> = { PageSize: String(query.limit), VoiceEnabled: 'true' };
      if (query.areaCode) params.AreaCode = query.areaCode;
      if (query.locality) params.InLocality = query.locality;
      if (query.contains) params.Contains = query.contains;
      if (query.smsCapable) params.SmsEnabled = 'true';
      const listed = await ask(() => rest.availableNumbers(operator, query.countryCode, KINDS[query.kind], params));
      return listed.flatMap((entry) => availableNumber(entry, query.countryCode));
    },

    async purchase(e164) {
      const form = { PhoneNumber: e164, VoiceUrl: urls.incoming, VoiceMethod: 'POST', SmsUrl: urls.sms, SmsMethod: 'POST' };
      return provisioned(await ask(() => rest.createIncomingNumber(operator, form)));
    },

    async findOwned(e164) {
      const found = await ask(() => rest.findIncomingNumber(operator, e164));
      return found && provisioned(found);
    },

    async release(carrierSid) {
      await ask(() => rest.deleteIncomingNumber(operator, carrierSid));
    },
  };
}

/** Twilio's refusal as the carrier port speaks it; its own failures and our credentials refused: unavailable. */
export function asCarrierError(error: unknown): Error {
  if (!(error instanceof TwilioApiError) || error.status === null || error.code === null) return new CarrierUnavailableError(error);
  // Our own credentials refused, throttling, Twilio's own failures: the buyer can do nothing about these.
  if (error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500)
    return new CarrierUnavailableError(error);
  const kind = REFUSALS.find(([, codes]) => codes.includes(error.code!))?.[0] ?? 'refused';
  return new CarrierRefusedError(kind, error.twilioMessage ?? error.message, error.code, error.moreInfo);
}

/** Twilio writes an available number's capabilities as `SMS`/`MMS`/`voice`; an incoming number's in lower case. */
function capability(entry: Record<string, unknown>, name: string): boolean {
  const capabilities = (entry.capabilities ?? {}) as Record<string, unknown>;
  return capabilities[name] === true || capabilities[name.toUpperCase()] === true;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function availableNumber(entry: Record<string, unknown>, countryCode: string): AvailableNumber[] {
  const e164 = text(entry.phone_number);
  if (!e164) return [];
  // A requirement this version does not know is still a requirement.
  const said = entry.address_requirements;
  const requirement = said === undefined || said === null ? 'none' : (ADDRESS_REQUIREMENTS.find((value) => value === said) ?? 'any');
  return [
    {
      e164,
      countryCode: text(entry.iso_country) ?? countryCode,
      locality: text(entry.locality),
      region: text(entry.region),
      smsCapable: capability(entry, 'sms'),
      addressRequirements: requirement,
    },
  ];
}

function provisioned(entry: Record<string, unknown>): ProvisionedNumber {
  return { carrierSid: String(entry.sid), e164: String(entry.phone_number), smsCapable: capability(entry, 'sms') };
}
