import { AppError } from '../../core/http/errors.js';
import type { SmsRefusedError } from './sms-carrier.port.js';

/** The reference's SMS errors speak `{"message": ...}`; our own add a code. */
const bad = (message: string, extra: Record<string, unknown> = {}) => new AppError(400, message, { extra });

export const smsErrors = {
  fromNotFound: () => bad('From number not found'),
  notSmsCapable: () => bad('From number is not SMS capable'),
  notOnCarrier: () =>
    bad('From number is not SMS capable', {
      error: 'The number is on no Twilio account this service sends from: buy it here, or register it with your own Twilio account.',
    }),
  invalidTo: () => bad('Invalid to phone number'),
  insufficientBalance: () => bad('Insufficient balance'),
  optedOut: () =>
    bad('The recipient has opted out of SMS from this account (they replied STOP). They can opt in again by replying START.', {
      error_code: 'RECIPIENT_OPTED_OUT',
    }),
  doNotCall: () =>
    bad("The recipient is on the account's do-not-call list; take them off it to send them SMS.", { error_code: 'RECIPIENT_DO_NOT_CALL' }),
  notSetUp: () =>
    new AppError(503, 'Sending SMS is not set up for this number: the service has no Twilio account for it (TWILIO_ACCOUNT_SID).'),
  /** Twilio said no, in its own words (the reference's "Failed to send SMS" with its details). */
  refused: (error: SmsRefusedError) =>
    bad('Failed to send SMS', {
      error: `${error.reason}${error.carrierCode ? ` (Twilio error ${error.carrierCode})` : ''}`,
      carrier_error: { code: error.carrierCode, message: error.reason, more_info: error.moreInfo },
    }),
  unavailable: () =>
    new AppError(502, 'Failed to send SMS', { extra: { error: 'Twilio could not be reached; nothing was charged. Please try again.' } }),
  notFound: () => new AppError(404, 'SMS not found'),
};

/** Twilio's "Attempt to send to unsubscribed recipient": the person replied STOP to this sender. */
export const UNSUBSCRIBED_RECIPIENT = 21610;
