/**
 * What the phone-number rules ask the telephony provider (Twilio), implemented by the calls
 * module: whether a tenant's credentials are real and which account has a number
 * (CarrierDirectory), and buying and giving back numbers on the service's own account
 * (NumberProvisioning). A second carrier implements the same two interfaces.
 */

export interface CarrierCredentials {
  accountSid: string;
  authToken: string;
}

/** The provider's word on an account: `refused` when it did not accept the credentials. */
export type AccountCheck = 'active' | 'suspended' | 'closed' | 'refused';

/** The provider could not answer (unreachable, timed out, its own error): nothing can be decided. */
export class CarrierUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The telephony provider could not be reached.', { cause });
    this.name = 'CarrierUnavailableError';
  }
}

export interface CarrierDirectory {
  /** Whether the service has an account of its own (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN). */
  readonly hasOperatorAccount: boolean;
  /** Whether this SID is the service's own account (never a tenant's to register). */
  isOperatorAccount(accountSid: string): boolean;
  checkAccount(credentials: CarrierCredentials): Promise<AccountCheck>;
  /** Whether the account lists the number (E.164) among its incoming numbers. */
  hasNumber(credentials: CarrierCredentials, e164: string): Promise<boolean>;
  /** Whether the service's own account has the number; false when it has no account. */
  operatorHasNumber(e164: string): Promise<boolean>;
}

/** What kind of number a search looks for (Twilio's Local, Mobile and TollFree). */
export type NumberKind = 'local' | 'mobile' | 'toll_free';

/** Whether the carrier needs an address of the number's user before selling it, and where. */
export type AddressRequirement = 'none' | 'any' | 'local' | 'foreign';

export interface AvailableNumberQuery {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  kind: NumberKind;
  areaCode?: string;
  locality?: string;
  /** Digits the number must contain. */
  contains?: string;
  /** Only numbers that can receive SMS. */
  smsCapable?: boolean;
  limit: number;
}

export interface AvailableNumber {
  e164: string;
  countryCode: string;
  locality: string | null;
  region: string | null;
  smsCapable: boolean;
  addressRequirements: AddressRequirement;
}

/** A number on the service's carrier account. */
export interface ProvisionedNumber {
  carrierSid: string;
  e164: string;
  smsCapable: boolean;
}

/**
 * Why the carrier refused a purchase, in its own words: `unavailable` (sold, reserved, not its
 * to sell), `address_required` or `bundle_required` (regulation wants the user's address or
 * identity documents first), `refused` (anything else it said no to).
 */
export type RefusalKind = 'unavailable' | 'address_required' | 'bundle_required' | 'refused';

/** The carrier answered and said no: nothing was bought. */
export class CarrierRefusedError extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** The carrier's own message, e.g. Twilio's "Phone Number Requires an Address". */
    readonly reason: string,
    readonly carrierCode: number | null,
    readonly moreInfo: string | null,
  ) {
    super(reason);
    this.name = 'CarrierRefusedError';
  }
}

/**
 * Buying and giving back numbers on the service's own carrier account (Twilio's
 * AvailablePhoneNumbers and IncomingPhoneNumbers today), implemented by the calls module, which
 * knows the webhooks a number must call. Errors: CarrierRefusedError when the carrier said no,
 * CarrierUnavailableError when it could not answer (the outcome of a purchase is then unknown).
 */
export interface NumberProvisioning {
  searchAvailable(query: AvailableNumberQuery): Promise<AvailableNumber[]>;
  /** Buys the number with our voice and SMS webhooks set on it. */
  purchase(e164: string): Promise<ProvisionedNumber>;
  /** The number if our account has it: settles a purchase whose answer never came. */
  findOwned(e164: string): Promise<ProvisionedNumber | null>;
  /** Gives the number back; a number already gone counts as given back. */
  release(carrierSid: string): Promise<void>;
}

/** An IPv4 address or range a trunk's carrier calls from (`prefixLength` 32: one address). */
export interface IpRange {
  address: string;
  prefixLength: number;
}

/** How the carrier proves a call to the trunk is its own: a username and password, or where it comes from. */
export type InboundAuthorization = { type: 'auth'; username: string; password: string } | { type: 'ip'; ranges: IpRange[] };

/** What the carrier edge needs to receive a SIP trunk's calls. */
export interface SipTrunkSettings {
  /** A label for the trunk's resources at the carrier (the service's name for it, never a secret). */
  label: string;
  inbound: InboundAuthorization;
}

/** What the carrier edge holds for one SIP trunk. */
export interface SipTrunkResources {
  /** The account the resources live on. */
  accountSid: string;
  /** Where the business's carrier sends the trunk's calls (a SIP domain, e.g. `x.sip.twilio.com`). */
  inboundAddress: string;
  /** What the edge's incoming-call webhook names the trunk by (Twilio's SipDomainSid). */
  inboundRouteId: string;
  /** The edge's ids of everything it created, opaque to the phone-number rules. */
  state: Record<string, unknown>;
}

/**
 * The carrier edge of SIP trunks (Twilio's BYOC trunks and SIP domains, implemented by the calls
 * module, which knows the webhook the trunk's calls reach). Each call leaves the edge as it was
 * when it refuses (CarrierRefusedError) or cannot be reached (CarrierUnavailableError), as far as
 * the edge lets anything be undone.
 */
export interface SipTrunkProvisioning {
  create(settings: SipTrunkSettings): Promise<SipTrunkResources>;
  /** Makes the edge match `settings`: the same inbound route, its authorization changed. */
  update(current: SipTrunkResources, settings: SipTrunkSettings): Promise<SipTrunkResources>;
  /** Removes what `create` made; what is already gone counts as removed. */
  remove(current: SipTrunkResources): Promise<void>;
}
