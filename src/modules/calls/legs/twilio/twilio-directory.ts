import { CarrierUnavailableError, type AccountCheck, type CarrierDirectory } from '../../../phone-numbers/carrier.port.js';
import { TwilioApiError, type TwilioCredentials, type TwilioRest } from './twilio-rest.js';

/** Statuses with which Twilio says the credentials themselves are not accepted (20003 Authenticate, 20404). */
const REFUSED_STATUSES = [401, 403, 404];

/**
 * The phone-number rules' questions, answered by Twilio's REST API: an account fetch with the
 * credentials proves them, an IncomingPhoneNumbers lookup says which account has a number.
 */
export function createTwilioDirectory({ rest, operator }: { rest: TwilioRest; operator: TwilioCredentials | null }): CarrierDirectory {
  async function hasNumber(credentials: TwilioCredentials, e164: string): Promise<boolean> {
    try {
      return await rest.hasIncomingNumber(credentials, e164);
    } catch (error) {
      throw new CarrierUnavailableError(error);
    }
  }

  return {
    hasOperatorAccount: operator !== null,

    isOperatorAccount: (accountSid) => operator?.accountSid.toLowerCase() === accountSid.toLowerCase(),

    async checkAccount(credentials): Promise<AccountCheck> {
      try {
        return (await rest.fetchAccount(credentials)).status;
      } catch (error) {
        if (error instanceof TwilioApiError && error.status !== null && REFUSED_STATUSES.includes(error.status)) return 'refused';
        throw new CarrierUnavailableError(error);
      }
    },

    hasNumber,

    operatorHasNumber: (e164) => (operator ? hasNumber(operator, e164) : Promise.resolve(false)),
  };
}
