import { sendTwilioRequest, TwilioApiError, type TwilioCredentials } from './twilio-rest.js';
import type { TwilioParams } from './twilio-signature.js';

export interface TwilioSipRestOptions {
  /** TWILIO_API_URL (api.twilio.com): SIP domains, credential lists, IP access control lists. */
  apiBaseUrl: string;
  /** TWILIO_VOICE_API_URL (voice.twilio.com): BYOC trunks. */
  voiceBaseUrl: string;
  timeoutMs: number;
}

/** Twilio's "resource not found": deleting what is already gone. */
const NOT_FOUND = 20404;

/**
 * The Twilio resources a SIP trunk is made of: a BYOC trunk (Voice v1) whose Voice URL is ours, a
 * SIP domain associated with it where the business's carrier sends calls, and the domain's
 * authorization for calls: a credential list or an IP access control list, mapped to it.
 * Each create answers the new resource's SID; each delete is true, or false when it was gone.
 */
export function createTwilioSipRest({ apiBaseUrl, voiceBaseUrl, timeoutMs }: TwilioSipRestOptions) {
  const api = apiBaseUrl.replace(/\/+$/, '');
  const voice = voiceBaseUrl.replace(/\/+$/, '');
  const account = (credentials: TwilioCredentials, path: string) =>
    `${api}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/SIP${path}`;
  const sid = encodeURIComponent;

  async function create(credentials: TwilioCredentials, url: string, form: TwilioParams): Promise<string> {
    const created = await sendTwilioRequest(url, credentials, { form, method: 'POST', timeoutMs });
    if (typeof created.sid !== 'string') throw new TwilioApiError('Twilio answered without a SID', 200, null);
    return created.sid;
  }

  async function remove(credentials: TwilioCredentials, url: string): Promise<boolean> {
    try {
      await sendTwilioRequest(url, credentials, { method: 'DELETE', timeoutMs });
      return true;
    } catch (error) {
      if (error instanceof TwilioApiError && (error.code === NOT_FOUND || error.status === 404)) return false;
      throw error;
    }
  }

  return {
    /** POST voice /v1/ByocTrunks. */
    createByocTrunk: (c: TwilioCredentials, form: TwilioParams) => create(c, `${voice}/v1/ByocTrunks`, form),
    deleteByocTrunk: (c: TwilioCredentials, trunkSid: string) => remove(c, `${voice}/v1/ByocTrunks/${sid(trunkSid)}`),

    /** POST /SIP/Domains.json (DomainName, ByocTrunkSid...). */
    createDomain: (c: TwilioCredentials, form: TwilioParams) => create(c, account(c, '/Domains.json'), form),
    deleteDomain: (c: TwilioCredentials, domainSid: string) => remove(c, account(c, `/Domains/${sid(domainSid)}.json`)),

    createCredentialList: (c: TwilioCredentials, friendlyName: string) =>
      create(c, account(c, '/CredentialLists.json'), { FriendlyName: friendlyName }),
    deleteCredentialList: (c: TwilioCredentials, listSid: string) => remove(c, account(c, `/CredentialLists/${sid(listSid)}.json`)),
    createCredential: (c: TwilioCredentials, listSid: string, username: string, password: string) =>
      create(c, account(c, `/CredentialLists/${sid(listSid)}/Credentials.json`), { Username: username, Password: password }),
    /** POST .../Credentials/{sid}.json: a credential's username stays, its password changes. */
    async updateCredentialPassword(c: TwilioCredentials, listSid: string, credentialSid: string, password: string): Promise<void> {
      const url = account(c, `/CredentialLists/${sid(listSid)}/Credentials/${sid(credentialSid)}.json`);
      await sendTwilioRequest(url, c, { form: { Password: password }, method: 'POST', timeoutMs });
    },
    deleteCredential: (c: TwilioCredentials, listSid: string, credentialSid: string) =>
      remove(c, account(c, `/CredentialLists/${sid(listSid)}/Credentials/${sid(credentialSid)}.json`)),

    createIpAccessControlList: (c: TwilioCredentials, friendlyName: string) =>
      create(c, account(c, '/IpAccessControlLists.json'), { FriendlyName: friendlyName }),
    deleteIpAccessControlList: (c: TwilioCredentials, listSid: string) =>
      remove(c, account(c, `/IpAccessControlLists/${sid(listSid)}.json`)),
    createIpAddress: (c: TwilioCredentials, listSid: string, form: TwilioParams) =>
      create(c, account(c, `/IpAccessControlLists/${sid(listSid)}/IpAddresses.json`), form),
    deleteIpAddress: (c: TwilioCredentials, listSid: string, addressSid: string) =>
      remove(c, account(c, `/IpAccessControlLists/${sid(listSid)}/IpAddresses/${sid(addressSid)}.json`)),

    /** The domain's calls are authorized by the list (Auth/Calls mappings; a mapping's SID is the list's). */
    mapCredentialList: (c: TwilioCredentials, domainSid: string, listSid: string) =>
      create(c, account(c, `/Domains/${sid(domainSid)}/Auth/Calls/CredentialListMappings.json`), { CredentialListSid: listSid }),
    unmapCredentialList: (c: TwilioCredentials, domainSid: string, listSid: string) =>
      remove(c, account(c, `/Domains/${sid(domainSid)}/Auth/Calls/CredentialListMappings/${sid(listSid)}.json`)),
    mapIpAccessControlList: (c: TwilioCredentials, domainSid: string, listSid: string) =>
      create(c, account(c, `/Domains/${sid(domainSid)}/Auth/Calls/IpAccessControlListMappings.json`), {
        IpAccessControlListSid: listSid,
      }),
    unmapIpAccessControlList: (c: TwilioCredentials, domainSid: string, listSid: string) =>
      remove(c, account(c, `/Domains/${sid(domainSid)}/Auth/Calls/IpAccessControlListMappings/${sid(listSid)}.json`)),
  };
}

export type TwilioSipRest = ReturnType<typeof createTwilioSipRest>;
