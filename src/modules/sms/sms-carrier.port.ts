/**
 * What the SMS rules ask the carrier (Twilio), implemented by the calls module beside its other
 * Twilio clients: who sends from one of the account's numbers, sending, and proving that a
 * webhook comes from the carrier. A second carrier implements the same interface.
 */

/** A webhook as the carrier signed it: its form fields, the path and query we received, its signature. */
export interface CarrierWebhook {
  params: Record<string, string | string[]>;
  pathAndQuery: string;
  signature: string | undefined;
}

export interface OutgoingSms {
  from: string;
  to: string;
  body: string;
  /** Where the carrier reports the message's progress; absent when the service has no public URL. */
  statusCallbackUrl?: string;
}

/** The carrier took the message: its id, and the status it gave (`queued`). */
export interface AcceptedSms {
  sid: string;
  status: string;
}

/** The carrier account that sends from a number. */
export interface SmsSender {
  accountSid: string;
  send(message: OutgoingSms): Promise<AcceptedSms>;
}

/** The carrier answered and did not take the message: nothing was sent. */
export class SmsRefusedError extends Error {
  constructor(
    /** The carrier's own words, e.g. Twilio's "Attempt to send to unsubscribed recipient". */
    readonly reason: string,
    readonly carrierCode: number | null,
    readonly moreInfo: string | null,
  ) {
    super(reason);
    this.name = 'SmsRefusedError';
  }
}

/** The carrier could not be asked (unreachable, timed out, its own failure): whether it sent is unknown. */
export class SmsCarrierUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The SMS carrier could not be reached.', { cause });
    this.name = 'SmsCarrierUnavailableError';
  }
}

export interface SmsCarrier {
  /** Who sends from this number (its own Twilio account, or the service's); null when nobody can. */
  senderFor(phoneNumberId: number): Promise<SmsSender | null>;
  /** The carrier account that signed a webhook, or null when it is not provably the carrier's. */
  verifyWebhook(request: CarrierWebhook): Promise<string | null>;
  /** Whether this is the service's own carrier account (the numbers bought or assigned here). */
  isOperatorAccount(accountSid: string): boolean;
  /** Where the carrier reports an outbound message's progress; null without PUBLIC_URL. */
  statusCallbackUrl(messageId: number): string | null;
}
