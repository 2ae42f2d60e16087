/**
 * What the phone-number rules ask the telephony provider (Twilio), implemented by the calls
 * module: whether a tenant's credentials are real, and which account has a number.
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
