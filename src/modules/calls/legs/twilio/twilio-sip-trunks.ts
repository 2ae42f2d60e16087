import { randomBytes } from 'node:crypto';
import type {
  InboundAuthorization,
  IpRange,
  SipTrunkProvisioning,
  SipTrunkResources,
  SipTrunkSettings,
} from '../../../phone-numbers/carrier.port.js';
import { twilioUrls } from './twilio.js';
import { asCarrierError } from './twilio-numbers.js';
import type { TwilioCredentials } from './twilio-rest.js';
import type { TwilioSipRest } from './twilio-sip-rest.js';

type IpEntry = IpRange & { sid: string };

/** What Twilio holds for one trunk (the `state` of its resources). */
export interface TwilioTrunkState {
  byocTrunkSid: string;
  domainSid: string;
  auth:
    | { type: 'auth'; credentialListSid: string; credentialSid: string; username: string }
    | { type: 'ip'; ipAccessControlListSid: string; addresses: IpEntry[] };
}

/** SIP domains are Twilio's and global: ours are `sbt-` and 20 random hex digits. */
const newDomainName = () => `sbt-${randomBytes(10).toString('hex')}.sip.twilio.com`;

/** Undoes, newest first, what a failed change had done; what cannot be undone stays (and is reported by the caller's error). */
class UndoStack {
  private readonly steps: Array<() => Promise<unknown>> = [];
  push(step: () => Promise<unknown>) {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.reverse()) await step().catch(() => undefined);
  }
}

/**
 * SIP trunks on Twilio's BYOC ("bring your own carrier") trunking, on the service's account: a
 * BYOC trunk whose Voice URL is our incoming-call webhook (so the trunk's calls are streamed to
 * their assistant like any other), a SIP domain associated with it that the business's carrier
 * sends calls to, and the domain's authorization of calls: a credential list holding the trunk's
 * username and password, or an IP access control list of the carrier's addresses. Calls out are
 * not routed by these: they dial the carrier's SIP address directly (calls.service).
 */
export function createTwilioSipTrunks({
  rest,
  operator,
  publicUrl,
}: {
  rest: TwilioSipRest;
  operator: TwilioCredentials;
  publicUrl: string;
}): SipTrunkProvisioning {
  const urls = twilioUrls(publicUrl);

  /** A list authorizing the domain's calls, created and mapped; its undo steps on the stack. */
  async function authorize(domainSid: string, inbound: InboundAuthorization, label: string, undo: UndoStack) {
    if (inbound.type === 'auth') {
      const credentialListSid = await rest.createCredentialList(operator, label);
      undo.push(() => rest.deleteCredentialList(operator, credentialListSid));
      const credentialSid = await rest.createCredential(operator, credentialListSid, inbound.username, inbound.password);
      await rest.mapCredentialList(operator, domainSid, credentialListSid);
      undo.push(() => rest.unmapCredentialList(operator, domainSid, credentialListSid));
      return { type: 'auth' as const, credentialListSid, credentialSid, username: inbound.username };
    }
    const ipAccessControlListSid = await rest.createIpAccessControlList(operator, label);
    undo.push(() => rest.deleteIpAccessControlList(operator, ipAccessControlListSid));
    const addresses = await addRanges(ipAccessControlListSid, inbound.ranges, undo);
    await rest.mapIpAccessControlList(operator, domainSid, ipAccessControlListSid);
    undo.push(() => rest.unmapIpAccessControlList(operator, domainSid, ipAccessControlListSid));
    return { type: 'ip' as const, ipAccessControlListSid, addresses };
  }

  async function addRanges(listSid: string, ranges: IpRange[], undo: UndoStack): Promise<IpEntry[]> {
    const added: IpEntry[] = [];
    for (const range of ranges) {
      const sid = await rest.createIpAddress(operator, listSid, {
        FriendlyName: range.prefixLength === 32 ? range.address : `${range.address}/${range.prefixLength}`,
        IpAddress: range.address,
        CidrPrefixLength: String(range.prefixLength),
      });
      undo.push(() => rest.deleteIpAddress(operator, listSid, sid));
      added.push({ ...range, sid });
    }
    return added;
  }

  /** The list that authorized the domain's calls stops doing so (must succeed), then goes (may fail: it authorizes nothing). */
  async function deauthorize(domainSid: string, auth: TwilioTrunkState['auth']): Promise<void> {
    if (auth.type === 'auth') {
      await rest.unmapCredentialList(operator, domainSid, auth.credentialListSid);
      await rest.deleteCredentialList(operator, auth.credentialListSid).catch(() => false);
    } else {
      await rest.unmapIpAccessControlList(operator, domainSid, auth.ipAccessControlListSid);
      await rest.deleteIpAccessControlList(operator, auth.ipAccessControlListSid).catch(() => false);
    }
  }

  /** The same kind of authorization, changed in place: a new password or username, ranges added and removed. */
  async function reauthorize(state: TwilioTrunkState, settings: SipTrunkSettings, undo: UndoStack): Promise<TwilioTrunkState['auth']> {
    const { auth } = state;
    const { inbound } = settings;
    if (auth.type === 'auth' && inbound.type === 'auth') {
      const listSid = auth.credentialListSid;
      if (inbound.username === auth.username) {
        await rest.updateCredentialPassword(operator, listSid, auth.credentialSid, inbound.password);
        return auth;
      }
      const credentialSid = await rest.createCredential(operator, listSid, inbound.username, inbound.password);
      undo.push(() => rest.deleteCredential(operator, listSid, credentialSid));
      await rest.deleteCredential(operator, listSid, auth.credentialSid);
      return { ...auth, credentialSid, username: inbound.username };
    }
    if (auth.type === 'ip' && inbound.type === 'ip') {
      const listSid = auth.ipAccessControlListSid;
      const same = (a: IpRange, b: IpRange) => a.address === b.address && a.prefixLength === b.prefixLength;
      const added = await addRanges(
        listSid,
        inbound.ranges.filter((range) => !auth.addresses.some((entry) => same(entry, range))),
        undo,
      );
      const kept = auth.addresses.filter((entry) => inbound.ranges.some((range) => same(entry, range)));
      for (const entry of auth.addresses.filter((e) => !kept.includes(e))) await rest.deleteIpAddress(operator, listSid, entry.sid);
      return { ...auth, addresses: [...kept, ...added] };
    }
    const next = await authorize(state.domainSid, inbound, settings.label, undo);
    await deauthorize(state.domainSid, auth);
    return next;
  }

  return {
    async create(settings: SipTrunkSettings): Promise<SipTrunkResources> {
      const undo = new UndoStack();
      try {
        const byocTrunkSid = await rest.createByocTrunk(operator, {
          FriendlyName: settings.label,
          VoiceUrl: urls.incoming,
          VoiceMethod: 'POST',
        });
        undo.push(() => rest.deleteByocTrunk(operator, byocTrunkSid));
        const domainName = newDomainName();
        const domainSid = await rest.createDomain(operator, {
          DomainName: domainName,
          FriendlyName: settings.label.slice(0, 64),
          ByocTrunkSid: byocTrunkSid,
        });
        undo.push(() => rest.deleteDomain(operator, domainSid));
        const auth = await authorize(domainSid, settings.inbound, settings.label, undo);
        const state: TwilioTrunkState = { byocTrunkSid, domainSid, auth };
        return { accountSid: operator.accountSid, inboundAddress: domainName, inboundRouteId: domainSid, state: { ...state } };
      } catch (error) {
        await undo.run();
        throw asCarrierError(error);
      }
    },

    async update(current: SipTrunkResources, settings: SipTrunkSettings): Promise<SipTrunkResources> {
      const state = current.state as unknown as TwilioTrunkState;
      const undo = new UndoStack();
      try {
        const auth = await reauthorize(state, settings, undo);
        return { ...current, state: { ...state, auth } };
      } catch (error) {
        await undo.run();
        throw asCarrierError(error);
      }
    },

    async remove(current: SipTrunkResources): Promise<void> {
      const state = current.state as unknown as TwilioTrunkState;
      try {
        // The domain first: from then on no call reaches the trunk, and its mappings go with it.
        await rest.deleteDomain(operator, state.domainSid);
        if (state.auth.type === 'auth') await rest.deleteCredentialList(operator, state.auth.credentialListSid);
        else await rest.deleteIpAccessControlList(operator, state.auth.ipAccessControlListSid);
        await rest.deleteByocTrunk(operator, state.byocTrunkSid);
      } catch (error) {
        throw asCarrierError(error);
      }
    },
  };
}
