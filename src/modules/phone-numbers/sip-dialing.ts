import type { CountryCode } from 'libphonenumber-js/max';
import { lazyRequire } from '../../core/lazy-module.js';
import type { SipCallingFormat, SipTrunkType } from '../../core/db/schema.js';

const libphonenumber = lazyRequire<typeof import('libphonenumber-js/max')>('libphonenumber-js/max');

/** What a call needs of a trunk to dial through it (the password already opened). */
export interface TrunkDialSettings {
  sipTrunkType: SipTrunkType;
  /** The trunk's number (E.164) or extension. */
  phoneNumber: string;
  /** The trunk's country: the one `national` numbers are written for. */
  countryCode: string;
  sipAddress: string;
  outboundProxy: string | null;
  callingFormat: SipCallingFormat;
  username: string | null;
  password: string | null;
}

/** A call through the trunk as Twilio's create-call takes it: a SIP URI, the From user, digest credentials. */
export interface TrunkDial {
  to: string;
  from: string;
  auth: { username: string; password: string } | null;
}

export type TrunkDialResult = { ok: TrunkDial } | { refused: string };

/**
 * The number as the carrier wants it: `+e164` (+14155550123), `e164` (14155550123) or
 * `national` (4155550123, 02079460958: the national dialling form, digits only). A national
 * form exists only for numbers of the trunk's own country: null for any other.
 */
export function formatForCarrier(e164: string, format: SipCallingFormat, countryCode: string): string | null {
  if (format === '+e164') return e164;
  if (format === 'e164') return e164.slice(1);
  const lib = libphonenumber();
  const parsed = lib.parsePhoneNumberFromString(e164);
  if (!parsed || !lib.isSupportedCountry(countryCode)) return null;
  if (parsed.countryCallingCode !== lib.getCountryCallingCode(countryCode as CountryCode)) return null;
  return parsed.formatNational().replace(/\D/g, '');
}

/**
 * The dial of `callee` (E.164) through the trunk: Twilio sends the INVITE to the outbound proxy
 * when there is one, else to the trunk's address, with the number in the carrier's format; the
 * trunk's own number in the same format is the From user (an extension as it is), and its
 * username and password answer the carrier's digest challenge.
 */
export function dialThroughTrunk(trunk: TrunkDialSettings, callee: string): TrunkDialResult {
  const user = formatForCarrier(callee, trunk.callingFormat, trunk.countryCode);
  if (user === null) {
    return {
      refused: `This SIP trunk dials numbers in the national format of ${trunk.countryCode} only; ${callee} is not one of them.`,
    };
  }
  const from =
    trunk.sipTrunkType === 'extension'
      ? trunk.phoneNumber
      : (formatForCarrier(trunk.phoneNumber, trunk.callingFormat, trunk.countryCode) ?? trunk.phoneNumber);
  const auth = trunk.username && trunk.password ? { username: trunk.username, password: trunk.password } : null;
  return { ok: { to: `sip:${user}@${trunk.outboundProxy ?? trunk.sipAddress}`, from, auth } };
}
