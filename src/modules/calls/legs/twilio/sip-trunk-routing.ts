import type { Db } from '../../../../core/db/database.js';
import { normalizePhone } from '../../../phone-numbers/index.js';
import type { TwilioParams } from './twilio-signature.js';

const text = (params: TwilioParams, key: string): string | undefined => {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};

/** A SIP URI's user and host (`sip:+14155550123@x.sip.twilio.com;transport=udp`); null for anything else. */
function sipParts(uri: string | undefined): { user: string; host: string } | null {
  const match = uri ? /^sips?:([^@;]+)@([^:;>]+)/i.exec(uri) : null;
  if (!match) return null;
  let user = match[1]!;
  try {
    user = decodeURIComponent(user);
  } catch {
    // A malformed escape: kept as written.
  }
  return { user, host: match[2]!.toLowerCase() };
}

/** Twilio's localized SIP hosts (`x.sip.us1.twilio.com`) reach the domain `x.sip.twilio.com`. */
const domainOfHost = (host: string) => host.replace(/\.sip\.[a-z]{2}\d\.twilio\.com$/, '.sip.twilio.com');

/**
 * The caller as recorded: a SIP trunk's carrier writes it as a SIP URI (`sip:+14155550123@203.0.113.5`),
 * kept as its user part, in E.164 when it is a phone number; anything else as Twilio sent it.
 */
export function callerOf(from: string | null): string | null {
  const parts = from?.startsWith('sip:') ? sipParts(from) : null;
  if (!parts) return from;
  return normalizePhone(parts.user)?.e164 ?? parts.user;
}

/**
 * Calls in through a SIP trunk: Twilio names the SIP domain a call came through in the signed
 * `SipDomainSid`, and the host of its `To` URI is that domain (or one of its localized hosts);
 * either finds the trunk, on the account that holds it, and the active inbound assistant of its
 * number. Undefined for a call that came through no trunk's domain, and for a trunk without one.
 */
export function createTrunkRouting(db: Db) {
  return {
    /** Whether the call came through a SIP domain at all (then only a trunk may answer it). */
    throughSipDomain: (params: TwilioParams) =>
      text(params, 'SipDomainSid') !== undefined || sipParts(text(params, 'To'))?.host.endsWith('.twilio.com') === true,

    async trunkAssistant(params: TwilioParams, accountSid: string) {
      const domainSid = text(params, 'SipDomainSid');
      const host = sipParts(text(params, 'To'))?.host;
      if (!domainSid && !host) return undefined;
      return db
        .selectFrom('sip_trunks as s')
        .innerJoin('phone_numbers as p', 'p.id', 's.phone_number_id')
        .innerJoin('assistants as a', (join) =>
          join.onRef('a.phone_number_id', '=', 'p.id').on('a.type', '=', 'inbound').on('a.status', '=', 'active'),
        )
        .select(['a.id as assistant_id', 'a.user_id', 'p.id as phone_number_id', 'p.phone_number'])
        .where((eb) => (domainSid ? eb('s.inbound_route_id', '=', domainSid) : eb('s.inbound_address', '=', domainOfHost(host!))))
        .where('s.carrier_account_sid', '=', accountSid)
        .orderBy('a.id')
        .executeTakeFirst();
    },
  };
}
