import { randomBytes } from 'node:crypto';
import type { Form } from './twilio.js';

/**
 * Twilio's SIP trunking resources, for the fake REST API: BYOC trunks (voice.twilio.com/v1),
 * and an account's SIP domains, credential lists and IP access control lists with the domains'
 * Auth/Calls mappings (api.twilio.com/2010-04-01/Accounts/{sid}/SIP), answered with Twilio's
 * resources and error bodies (messages as its error pages title them).
 */

type Answer = { status: number; body: Record<string, unknown> | null };

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const DATE = 'Thu, 15 Jan 2026 10:00:00 +0000';
const ISO_DATE = '2026-01-15T10:00:00Z';

const error = (code: number, message: string, status = 400): Answer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** Twilio's refusals of SIP resources, with its codes (twilio.com/docs/errors/{code}). */
export const sipErrors = {
  notFound: (path: string) => error(20404, `The requested resource ${path} was not found`, 404),
  /** A domain name in use by any account, or not under sip.twilio.com. */
  invalidDomain: () => error(21232, 'Invalid Domain'),
  /** A list mapped to the domain twice, among others. */
  domainValidation: () => error(21231, 'Domain Validation Error'),
};

interface ByocTrunk {
  account: string;
  form: Form;
}
interface Domain {
  account: string;
  name: string;
  form: Form;
  credentialLists: Set<string>;
  ipLists: Set<string>;
}
interface CredentialList {
  account: string;
  friendlyName: string;
  credentials: Map<string, { username: string; password: string }>;
}
interface IpList {
  account: string;
  friendlyName: string;
  addresses: Map<string, { ip: string; prefixLength: number; friendlyName: string }>;
}

const text = (form: Form, key: string) => (typeof form[key] === 'string' ? (form[key] as string) : null);

export function createFakeSip() {
  const byocTrunks = new Map<string, ByocTrunk>();
  const domains = new Map<string, Domain>();
  const credentialLists = new Map<string, CredentialList>();
  const ipLists = new Map<string, IpList>();

  const owned = <T extends { account: string }>(map: Map<string, T>, account: string, sid: string) => {
    const found = map.get(sid);
    return found && found.account === account ? found : undefined;
  };

  function byocResource(sid: string, trunk: ByocTrunk) {
    return {
      account_sid: trunk.account,
      sid,
      friendly_name: text(trunk.form, 'FriendlyName'),
      voice_url: text(trunk.form, 'VoiceUrl'),
      voice_method: text(trunk.form, 'VoiceMethod') ?? 'POST',
      voice_fallback_url: null,
      voice_fallback_method: 'POST',
      status_callback_url: null,
      status_callback_method: 'POST',
      cnam_lookup_enabled: false,
      connection_policy_sid: text(trunk.form, 'ConnectionPolicySid'),
      from_domain_sid: null,
      date_created: ISO_DATE,
      date_updated: ISO_DATE,
      url: `https://voice.twilio.com/v1/ByocTrunks/${sid}`,
    };
  }

  function domainResource(sid: string, domain: Domain) {
    const authTypes = [...(domain.ipLists.size ? ['IP_ACL'] : []), ...(domain.credentialLists.size ? ['CREDENTIAL_LIST'] : [])];
    return {
      account_sid: domain.account,
      api_version: '2010-04-01',
      auth_type: authTypes.join(','),
      byoc_trunk_sid: text(domain.form, 'ByocTrunkSid'),
      date_created: DATE,
      date_updated: DATE,
      domain_name: domain.name,
      emergency_caller_sid: null,
      emergency_calling_enabled: false,
      friendly_name: text(domain.form, 'FriendlyName') ?? domain.name,
      secure: false,
      sid,
      sip_registration: false,
      uri: `/2010-04-01/Accounts/${domain.account}/SIP/Domains/${sid}.json`,
      voice_method: 'POST',
      voice_url: text(domain.form, 'VoiceUrl'),
    };
  }

  const listResource = (account: string, sid: string, friendlyName: string) => ({
    account_sid: account,
    date_created: DATE,
    date_updated: DATE,
    friendly_name: friendlyName,
    sid,
  });

  /** POST/DELETE voice.twilio.com/v1/ByocTrunks[/{sid}]. */
  function answerVoice(method: string, account: string, path: string, form: Form): Answer | null {
    if (path === '/v1/ByocTrunks' && method === 'POST') {
      const sid = sidOf('BY');
      byocTrunks.set(sid, { account, form });
      return { status: 201, body: byocResource(sid, byocTrunks.get(sid)!) };
    }
    const one = /^\/v1\/ByocTrunks\/(BY[0-9a-f]{32})$/.exec(path);
    if (!one) return null;
    const trunk = owned(byocTrunks, account, one[1]!);
    if (!trunk) return sipErrors.notFound(path);
    if (method === 'GET') return { status: 200, body: byocResource(one[1]!, trunk) };
    if (method === 'DELETE') {
      byocTrunks.delete(one[1]!);
      return { status: 204, body: null };
    }
    return null;
  }

  function createDomain(account: string, form: Form): Answer {
    const name = text(form, 'DomainName');
    if (!name || !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.sip\.twilio\.com$/.test(name) || [...domains.values()].some((d) => d.name === name))
      return sipErrors.invalidDomain();
    const byoc = text(form, 'ByocTrunkSid');
    if (byoc && !owned(byocTrunks, account, byoc)) return sipErrors.domainValidation();
    const sid = sidOf('SD');
    domains.set(sid, { account, name, form, credentialLists: new Set(), ipLists: new Set() });
    return { status: 201, body: domainResource(sid, domains.get(sid)!) };
  }

  function answerMapping(method: string, account: string, domain: Domain, kind: 'credential' | 'ip', sid: string | undefined, form: Form) {
    const mapped = kind === 'credential' ? domain.credentialLists : domain.ipLists;
    if (method === 'POST' && !sid) {
      const listSid = text(form, kind === 'credential' ? 'CredentialListSid' : 'IpAccessControlListSid') ?? '';
      const list = kind === 'credential' ? owned(credentialLists, account, listSid) : owned(ipLists, account, listSid);
      if (!list) return sipErrors.notFound(listSid);
      if (mapped.has(listSid)) return sipErrors.domainValidation();
      mapped.add(listSid);
      return { status: 201, body: listResource(account, listSid, list.friendlyName) };
    }
    if (method === 'DELETE' && sid) {
      if (!mapped.delete(sid)) return sipErrors.notFound(sid);
      return { status: 204, body: null };
    }
    return null;
  }

  function answerCredentials(
    method: string,
    account: string,
    listSid: string,
    credentialSid: string | undefined,
    form: Form,
    path: string,
  ) {
    const list = owned(credentialLists, account, listSid);
    if (!list) return sipErrors.notFound(path);
    if (!credentialSid && method === 'POST') {
      const username = text(form, 'Username') ?? '';
      const password = text(form, 'Password') ?? '';
      const sid = sidOf('CR');
      list.credentials.set(sid, { username, password });
      return {
        status: 201,
        body: { account_sid: account, credential_list_sid: listSid, sid, username, date_created: DATE, date_updated: DATE },
      };
    }
    const credential = credentialSid ? list.credentials.get(credentialSid) : undefined;
    if (!credential) return sipErrors.notFound(path);
    if (method === 'POST') {
      credential.password = text(form, 'Password') ?? credential.password;
      return {
        status: 200,
        body: { account_sid: account, credential_list_sid: listSid, sid: credentialSid, username: credential.username },
      };
    }
    if (method === 'DELETE') {
      list.credentials.delete(credentialSid!);
      return { status: 204, body: null };
    }
    return null;
  }

  function answerIpAddresses(method: string, account: string, listSid: string, addressSid: string | undefined, form: Form, path: string) {
    const list = owned(ipLists, account, listSid);
    if (!list) return sipErrors.notFound(path);
    if (!addressSid && method === 'POST') {
      const ip = text(form, 'IpAddress') ?? '';
      const sid = sidOf('IP');
      const prefixLength = Number(text(form, 'CidrPrefixLength') ?? 32);
      list.addresses.set(sid, { ip, prefixLength, friendlyName: text(form, 'FriendlyName') ?? ip });
      return {
        status: 201,
        body: { account_sid: account, ip_access_control_list_sid: listSid, sid, ip_address: ip, cidr_prefix_length: prefixLength },
      };
    }
    if (method === 'DELETE' && addressSid) {
      if (!list.addresses.delete(addressSid)) return sipErrors.notFound(path);
      return { status: 204, body: null };
    }
    return null;
  }

  /** /2010-04-01/Accounts/{sid}/SIP/...: `route` is the part after /SIP. */
  function answerApi(method: string, account: string, route: string, form: Form, path: string): Answer | null {
    if (route === '/Domains.json' && method === 'POST') return createDomain(account, form);
    if (route === '/CredentialLists.json' && method === 'POST') {
      const sid = sidOf('CL');
      credentialLists.set(sid, { account, friendlyName: text(form, 'FriendlyName') ?? '', credentials: new Map() });
      return { status: 201, body: listResource(account, sid, credentialLists.get(sid)!.friendlyName) };
    }
    if (route === '/IpAccessControlLists.json' && method === 'POST') {
      const sid = sidOf('AL');
      ipLists.set(sid, { account, friendlyName: text(form, 'FriendlyName') ?? '', addresses: new Map() });
      return { status: 201, body: listResource(account, sid, ipLists.get(sid)!.friendlyName) };
    }
    let m =
      /^\/Domains\/(SD[0-9a-f]{32})\/Auth\/Calls\/(CredentialListMappings|IpAccessControlListMappings)(?:\/((?:CL|AL)[0-9a-f]{32}))?\.json$/.exec(
        route,
      );
    if (m) {
      const domain = owned(domains, account, m[1]!);
      if (!domain) return sipErrors.notFound(path);
      return answerMapping(method, account, domain, m[2] === 'CredentialListMappings' ? 'credential' : 'ip', m[3], form);
    }
    if ((m = /^\/Domains\/(SD[0-9a-f]{32})\.json$/.exec(route)) && method === 'DELETE') {
      if (!owned(domains, account, m[1]!)) return sipErrors.notFound(path);
      domains.delete(m[1]!);
      return { status: 204, body: null };
    }
    if ((m = /^\/CredentialLists\/(CL[0-9a-f]{32})\/Credentials(?:\/(CR[0-9a-f]{32}))?\.json$/.exec(route)))
      return answerCredentials(method, account, m[1]!, m[2], form, path);
    if ((m = /^\/IpAccessControlLists\/(AL[0-9a-f]{32})\/IpAddresses(?:\/(IP[0-9a-f]{32}))?\.json$/.exec(route)))
      return answerIpAddresses(method, account, m[1]!, m[2], form, path);
    if ((m = /^\/(CredentialLists|IpAccessControlLists)\/((?:CL|AL)[0-9a-f]{32})\.json$/.exec(route)) && method === 'DELETE') {
      const map = m[1] === 'CredentialLists' ? credentialLists : ipLists;
      if (!owned(map as Map<string, { account: string }>, account, m[2]!)) return sipErrors.notFound(path);
      // Twilio refuses to delete a list still mapped to a domain.
      if ([...domains.values()].some((d) => d.credentialLists.has(m![2]!) || d.ipLists.has(m![2]!))) return sipErrors.domainValidation();
      map.delete(m[2]!);
      return { status: 204, body: null };
    }
    return null;
  }

  return {
    answerVoice,
    answerApi,
    /** Everything an account holds, as a test reads it: each domain with its BYOC trunk and what authorizes its calls. */
    snapshot(account: string) {
      return {
        byocTrunks: [...byocTrunks].filter(([, t]) => t.account === account).map(([sid, t]) => byocResource(sid, t)),
        domains: [...domains]
          .filter(([, d]) => d.account === account)
          .map(([sid, d]) => ({
            sid,
            domainName: d.name,
            byocTrunkSid: text(d.form, 'ByocTrunkSid'),
            voiceUrl: byocTrunks.get(text(d.form, 'ByocTrunkSid') ?? '')?.form.VoiceUrl ?? null,
            credentials: [...d.credentialLists].flatMap((l) => [...(credentialLists.get(l)?.credentials.values() ?? [])]),
            ipAddresses: [...d.ipLists].flatMap((l) =>
              [...(ipLists.get(l)?.addresses.values() ?? [])].map((a) => `${a.ip}/${a.prefixLength}`),
            ),
          })),
        credentialLists: [...credentialLists.values()].filter((l) => l.account === account).length,
        ipAccessControlLists: [...ipLists.values()].filter((l) => l.account === account).length,
      };
    },
    /** A domain name taken by someone (another Twilio account). */
    takeDomainName(name: string) {
      domains.set(sidOf('SD'), { account: 'AC-someone-else', name, form: {}, credentialLists: new Set(), ipLists: new Set() });
    },
  };
}

export type FakeSip = ReturnType<typeof createFakeSip>;
