import type { TwilioAccounts } from './twilio-accounts.js';
import { isValidTwilioSignature, type TwilioParams } from './twilio-signature.js';
import type { TwilioUrls } from './twilio.js';

/** A signed Twilio request: the form, the path and query we received, and its signature header. */
export interface TwilioRequest {
  params: TwilioParams;
  pathAndQuery: string;
  signature: string | undefined;
}

/** Thrown when a request is not provably from Twilio: answered 403, nothing done. */
export class TwilioSignatureError extends Error {}

/**
 * Proves that a request comes from Twilio: X-Twilio-Signature (twilio-signature.ts) checked with
 * the auth token of the account the request names. Without PUBLIC_URL (`urls` null) we cannot
 * know the URL Twilio signed, so nothing is accepted.
 */
export function createTwilioRequestCheck(accounts: Pick<TwilioAccounts, 'bySid' | 'all'>, urls: TwilioUrls | null) {
  return {
    /** The request's account, once its signature is proven with that account's auth token. */
    async verified(request: TwilioRequest): Promise<string> {
      const given = request.params.AccountSid;
      const accountSid = Array.isArray(given) ? given[0] : given;
      if (!urls || !accountSid) throw new TwilioSignatureError();
      const credentials = await accounts.bySid(accountSid);
      if (
        !credentials ||
        !isValidTwilioSignature(credentials.authToken, request.signature, urls.requested(request.pathAndQuery), request.params)
      ) {
        throw new TwilioSignatureError();
      }
      return accountSid;
    },

    /**
     * The media stream's upgrade: signed over the wss URL with no parameters, and naming no
     * account, so every known account's token is tried. Resolves the account that signed it.
     */
    async streamAccount(pathAndQuery: string, signature: string | undefined): Promise<string | null> {
      if (!urls || !signature) return null;
      const url = urls.streamRequested(pathAndQuery);
      for (const account of await accounts.all()) {
        if (isValidTwilioSignature(account.authToken, signature, url)) return account.accountSid;
      }
      return null;
    },
  };
}
