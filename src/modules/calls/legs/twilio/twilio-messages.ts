import { SmsCarrierUnavailableError, SmsRefusedError, type SmsCarrier, type SmsSender } from '../../../sms/sms-carrier.port.js';
import type { TwilioAccounts } from './twilio-accounts.js';
import { createTwilioRequestCheck, TwilioSignatureError } from './twilio-request-check.js';
import { TwilioApiError, type TwilioRest } from './twilio-rest.js';
import type { TwilioParams } from './twilio-signature.js';
import { twilioUrls } from './twilio.js';

/**
 * SMS over Twilio's Messages API, from the account that holds the number (a tenant's own, or the
 * service's), and the signature check of Twilio's SMS webhooks (X-Twilio-Signature with the token
 * of the account the webhook names).
 */
export function createTwilioMessages({
  rest,
  accounts,
  publicUrl,
}: {
  rest: TwilioRest;
  accounts: Pick<TwilioAccounts, 'forPhoneNumber' | 'bySid' | 'all' | 'configured'>;
  publicUrl: string | undefined;
}): SmsCarrier {
  const urls = publicUrl ? twilioUrls(publicUrl) : null;
  const check = createTwilioRequestCheck(accounts, urls);

  return {
    async senderFor(phoneNumberId): Promise<SmsSender | null> {
      const credentials = await accounts.forPhoneNumber(phoneNumberId);
      if (!credentials) return null;
      return {
        accountSid: credentials.accountSid,
        async send(message) {
          const form: TwilioParams = { To: message.to, From: message.from, Body: message.body };
          if (message.statusCallbackUrl) form.StatusCallback = message.statusCallbackUrl;
          try {
            return await rest.createMessage(credentials, form);
          } catch (error) {
            throw asSmsError(error);
          }
        },
      };
    },

    async verifyWebhook(request) {
      try {
        return await check.verified({
          params: request.params as TwilioParams,
          pathAndQuery: request.pathAndQuery,
          signature: request.signature,
        });
      } catch (error) {
        if (error instanceof TwilioSignatureError) return null;
        throw error;
      }
    },

    isOperatorAccount: (accountSid) => accounts.configured?.accountSid === accountSid,

    statusCallbackUrl: (messageId) => (urls ? urls.smsStatus(messageId) : null),
  };
}

/** A 4xx with Twilio's code is Twilio saying no; our own credentials refused, throttling or its failures are not the sender's to fix. */
function asSmsError(error: unknown): Error {
  if (!(error instanceof TwilioApiError) || error.status === null || error.code === null) return new SmsCarrierUnavailableError(error);
  if (error.status === 401 || error.status === 403 || error.status === 429 || error.status >= 500)
    return new SmsCarrierUnavailableError(error);
  return new SmsRefusedError(error.twilioMessage ?? error.message, error.code, error.moreInfo);
}
