import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { SipCallingFormat, SipInboundAuthorization, SipTrunkType } from '../../core/db/schema.js';
import { validationFailed, type FieldErrors } from '../../core/http/errors.js';
import { lazyRequire } from '../../core/lazy-module.js';
import type { InboundAuthorization } from './carrier.port.js';
import { normalizePhone } from './phone-format.js';
import { UNKNOWN_COUNTRY } from './phone-number-errors.js';
import { UNPARSABLE_PHONE } from './phone-numbers.schemas.js';
import type { StoredSipSettings } from './sip-trunks.repo.js';
import type { CreateSipTrunkBody, UpdateSipTrunkBody } from './sip-trunks.schemas.js';
import {
  credentialPasswordProblem,
  formatIpRange,
  MAX_CREDENTIAL_USERNAME,
  parseIpRanges,
  parseSipAddress,
  type AddressPolicy,
} from './sip-settings.js';

const libphonenumber = lazyRequire<typeof import('libphonenumber-js/max')>('libphonenumber-js/max');

/** A PBX extension: what the carrier's From and Request-URI carry for it. */
const EXTENSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** A trunk's settings before they are checked: a create's body with defaults, or an update's over the stored ones. */
export interface SipTrunkDraft {
  sip_trunk_type: SipTrunkType;
  phone_number: string;
  nickname: string | null;
  country_code: string | null;
  sip_username: string | null;
  /** A new password in clear, or the stored one (sealed); null: none. */
  password: { clear: string } | { sealed: string } | null;
  sip_address: string;
  sip_calling_format: SipCallingFormat;
  inbound_authorization_type: SipInboundAuthorization;
  allowed_inbound_ips: string[];
  outbound_proxy: string | null;
}

/** The checked settings: as stored, and what the carrier edge needs for the trunk's calls in. */
export interface CheckedSipTrunk {
  stored: StoredSipSettings;
  inbound: InboundAuthorization;
}

export function draftOfCreate(body: CreateSipTrunkBody): SipTrunkDraft {
  return {
    sip_trunk_type: body.sip_trunk_type ?? 'number',
    phone_number: body.phone_number,
    nickname: body.nickname || null,
    country_code: body.country_code ?? null,
    sip_username: body.sip_username ?? null,
    password: body.sip_password !== undefined ? { clear: body.sip_password } : null,
    sip_address: body.sip_address,
    sip_calling_format: body.sip_calling_format ?? '+e164',
    inbound_authorization_type: body.inbound_authorization_type ?? 'auth',
    allowed_inbound_ips: body.allowed_inbound_ips ?? [],
    outbound_proxy: body.outbound_proxy || null,
  };
}

/** The stored trunk with the update's fields over it; a country given before is kept unless the number changes. */
export function draftOfUpdate(current: StoredSipSettings, body: UpdateSipTrunkBody): SipTrunkDraft {
  const numberChanged = body.phone_number !== undefined && body.phone_number !== current.phone_number;
  const password =
    body.sip_password !== undefined
      ? { clear: body.sip_password }
      : current.sip_password_sealed
        ? { sealed: current.sip_password_sealed }
        : null;
  return {
    sip_trunk_type: body.sip_trunk_type ?? current.sip_trunk_type,
    phone_number: body.phone_number ?? current.phone_number,
    nickname: body.nickname !== undefined ? body.nickname || null : current.nickname,
    country_code: body.country_code ?? (numberChanged || current.country_code === UNKNOWN_COUNTRY ? null : current.country_code),
    sip_username: body.sip_username !== undefined ? body.sip_username : current.sip_username,
    password,
    sip_address: body.sip_address ?? current.sip_address,
    sip_calling_format: body.sip_calling_format ?? current.sip_calling_format,
    inbound_authorization_type: body.inbound_authorization_type ?? current.inbound_authorization_type,
    allowed_inbound_ips: body.allowed_inbound_ips ?? current.allowed_inbound_ips,
    outbound_proxy: body.outbound_proxy !== undefined ? body.outbound_proxy || null : current.outbound_proxy,
  };
}

/** Every field checked at once: a 422 naming each failing one, or the settings to store. */
export function checkDraft(draft: SipTrunkDraft, policy: AddressPolicy, secrets: SecretBox): CheckedSipTrunk {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const { phoneNumber, countryCode } = checkNumber(draft, fail);
  const sipAddress = checkAddress(draft.sip_address, 'sip_address', policy, fail);
  const outboundProxy = draft.outbound_proxy === null ? null : checkAddress(draft.outbound_proxy, 'outbound_proxy', policy, fail);
  const { ranges, errors: rangeErrors } = parseIpRanges(draft.allowed_inbound_ips, policy);
  Object.assign(errors, rangeErrors);
  const auth = draft.inbound_authorization_type === 'auth';
  if (!auth && draft.allowed_inbound_ips.length === 0)
    fail('allowed_inbound_ips', 'The allowed inbound ips field is required when inbound authorization type is ip.');
  if (draft.sip_calling_format === 'national' && countryCode === UNKNOWN_COUNTRY)
    fail('country_code', 'The country code field is required when sip calling format is national.');
  const password = checkCredentials(draft, auth, secrets, fail);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const stored: StoredSipSettings = {
    phone_number: phoneNumber,
    nickname: draft.nickname,
    country_code: countryCode,
    sip_trunk_type: draft.sip_trunk_type,
    sip_username: draft.sip_username,
    sip_password_sealed: password === null ? null : 'sealed' in password ? password.sealed : secrets.seal(password.clear),
    sip_address: sipAddress!,
    sip_calling_format: draft.sip_calling_format,
    inbound_authorization_type: draft.inbound_authorization_type,
    allowed_inbound_ips: ranges.map(formatIpRange),
    outbound_proxy: outboundProxy ?? null,
  };
  const inbound: InboundAuthorization = auth
    ? { type: 'auth', username: draft.sip_username!, password: plainPassword(password!, secrets) }
    : { type: 'ip', ranges };
  return { stored, inbound };
}

type Fail = (field: string, message: string) => void;

function checkNumber(draft: SipTrunkDraft, fail: Fail): { phoneNumber: string; countryCode: string } {
  const given = draft.country_code?.toUpperCase() ?? null;
  if (given !== null && !libphonenumber().isSupportedCountry(given)) fail('country_code', 'The selected country code is invalid.');
  if (draft.sip_trunk_type === 'extension') {
    if (!EXTENSION.test(draft.phone_number))
      fail('phone_number', 'The phone number of an extension must be 1-32 letters, digits, dots, dashes or underscores.');
    return { phoneNumber: draft.phone_number, countryCode: given ?? UNKNOWN_COUNTRY };
  }
  const normalized = normalizePhone(draft.phone_number);
  if (!normalized) {
    fail('phone_number', UNPARSABLE_PHONE);
    return { phoneNumber: draft.phone_number, countryCode: given ?? UNKNOWN_COUNTRY };
  }
  if (given !== null && normalized.countryCode !== null && given !== normalized.countryCode)
    fail('country_code', `The country code must be the phone number's country (${normalized.countryCode}).`);
  return { phoneNumber: normalized.e164, countryCode: given ?? normalized.countryCode ?? UNKNOWN_COUNTRY };
}

function checkAddress(text: string, field: string, policy: AddressPolicy, fail: Fail): string | null {
  const checked = parseSipAddress(text, field.replace(/_/g, ' '), policy);
  if ('error' in checked) {
    fail(field, checked.error);
    return null;
  }
  return checked.ok;
}

/** The password to keep: none without a username; with `auth` a username and a password Twilio accepts. */
function checkCredentials(draft: SipTrunkDraft, auth: boolean, secrets: SecretBox, fail: Fail) {
  if (draft.sip_username === null) {
    if (auth) fail('sip_username', 'The sip username field is required when inbound authorization type is auth.');
    if (draft.password && 'clear' in draft.password)
      fail('sip_username', 'The sip username field is required when sip password is present.');
    return null;
  }
  if (auth && draft.sip_username.length > MAX_CREDENTIAL_USERNAME)
    fail(
      'sip_username',
      `The sip username may not be greater than ${MAX_CREDENTIAL_USERNAME} characters when inbound authorization type is auth.`,
    );
  if (draft.password === null) {
    if (auth) fail('sip_password', 'The sip password field is required when inbound authorization type is auth.');
    return null;
  }
  if (auth) {
    const problem = credentialPasswordProblem(plainPassword(draft.password, secrets));
    if (problem) fail('sip_password', problem);
  }
  return draft.password;
}

const plainPassword = (password: { clear: string } | { sealed: string }, secrets: SecretBox) =>
  'clear' in password ? password.clear : secrets.open(password.sealed);
