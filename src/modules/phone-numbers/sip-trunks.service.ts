import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { enqueueJob } from '../../core/jobs/index.js';
import { CarrierRefusedError, CarrierUnavailableError, type SipTrunkProvisioning, type SipTrunkResources } from './carrier.port.js';
import { phoneNumberError } from './phone-number-errors.js';
import { REMOVE_SIP_TRUNK_JOB } from './phone-number-release.js';
import { checkDraft, draftOfCreate, draftOfUpdate, type CheckedSipTrunk } from './sip-trunk-draft.js';
import { createSipTrunksRepo, resourcesFrom, type SipTrunkRow } from './sip-trunks.repo.js';
import type { CreateSipTrunkBody, UpdateSipTrunkBody } from './sip-trunks.schemas.js';
import type { AddressPolicy } from './sip-settings.js';

/** Longer than every Twilio request of one change put together; a holder that died frees it then. */
const LEASE_MS = 5 * 60_000;

const NOT_SET_UP = 'SIP trunks are not set up on this server: it needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and PUBLIC_URL.';
const DUPLICATE = 'A SIP trunk with the same phone number, username, and address already exists.';
const BUSY = 'This SIP trunk is being changed by another request; try again in a moment.';
const UNREACHABLE = 'Twilio could not be reached to set up the SIP trunk; nothing was changed. Please try again.';
const trunkNotFound = () => phoneNumberError(404, 'SIP trunk not found.');

export interface SipTrunksDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  /** The carrier edge (Twilio); null when the server has no Twilio account and PUBLIC_URL. */
  edge: SipTrunkProvisioning | null;
  policy: AddressPolicy;
}

/**
 * SIP trunks: a business's own carrier, its calls carried by Twilio. A trunk is a phone number of
 * type `sip` with its settings; the carrier edge holds what receives its calls (created with it,
 * changed with its inbound authorization, removed with it by a job). The number and trunk rows are
 * written first, held by a lease while Twilio is asked, and removed again when Twilio refuses.
 */
export function createSipTrunksService({ db, clock, secrets, edge, policy }: SipTrunksDeps) {
  const repo = (on: DbOrTx = db) => createSipTrunksRepo(on);
  const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);

  function carrier(): SipTrunkProvisioning {
    if (!edge) throw phoneNumberError(503, NOT_SET_UP);
    return edge;
  }

  const removeLater = (resources: SipTrunkResources) => removeFromEdgeLater(db, resources);

  async function found(userId: number, id: number): Promise<SipTrunkRow> {
    const row = await repo().find(userId, id);
    if (!row) throw trunkNotFound();
    return row;
  }

  /** The edge brought to `checked`: created when it holds nothing yet, changed when its inbound side changed. */
  async function syncEdge(current: SipTrunkResources | null, checked: CheckedSipTrunk, label: string, inboundChanged: boolean) {
    if (current && !inboundChanged) return current;
    if (!current && !edge) return null;
    const settings = { label, inbound: checked.inbound };
    return current ? carrier().update(current, settings) : carrier().create(settings);
  }

  /**
   * The rows follow the edge and the lease is freed. A trunk deleted meanwhile leaves what the
   * edge made for it to the removal job; an identity another trunk took meanwhile puts the edge
   * back to the stored settings (409).
   */
  async function saveAfterEdge(current: SipTrunkRow, checked: CheckedSipTrunk, after: SipTrunkResources | null): Promise<void> {
    const before = resourcesFrom(current);
    const changed = after !== null && after !== before;
    let saved: boolean;
    try {
      saved = await inTransaction(db, (tx) => repo(tx).save(current.id, checked.stored, after, clock.now()));
    } catch (error) {
      if (isUniqueViolation(error, 'sip_trunks_identity_key') && changed && before) {
        const stored = checkDraft(draftOfUpdate(current, {}), policy, secrets);
        await syncEdge(after, stored, trunkLabel(current.user_id, current.id), true).catch(() => undefined);
      }
      await repo()
        .release(current.id)
        .catch(() => undefined);
      if (isUniqueViolation(error, 'sip_trunks_identity_key')) throw phoneNumberError(409, DUPLICATE);
      throw error;
    }
    if (saved) return;
    if (changed) await removeLater(after);
    throw trunkNotFound();
  }

  return {
    list: (userId: number) => repo().list(userId),

    get: found,

    async create(userId: number, body: CreateSipTrunkBody): Promise<SipTrunkRow> {
      const provisioning = carrier();
      const checked = checkDraft(draftOfCreate(body), policy, secrets);
      const now = clock.now();
      let id: number;
      try {
        id = await inTransaction(db, (tx) => repo(tx).insert(userId, checked.stored, leaseEnd(now), now));
      } catch (error) {
        if (isUniqueViolation(error, 'sip_trunks_identity_key')) throw phoneNumberError(409, DUPLICATE);
        throw error;
      }
      let resources: SipTrunkResources;
      try {
        resources = await provisioning.create({ label: trunkLabel(userId, id), inbound: checked.inbound });
      } catch (error) {
        await repo().delete(id);
        throw carrierFailure(error);
      }
      if (!(await repo().save(id, checked.stored, resources, clock.now()))) {
        await removeLater(resources);
        throw trunkNotFound();
      }
      return found(userId, id);
    },

    /**
     * Changes the fields given. Twilio is changed first when the inbound authorization changes
     * (a refusal leaves the trunk as it was), under the trunk's lease; the rows follow.
     */
    async update(userId: number, id: number, body: UpdateSipTrunkBody): Promise<SipTrunkRow> {
      const current = await found(userId, id);
      const checked = checkDraft(draftOfUpdate(current, body), policy, secrets);
      if (await repo().identityTaken(userId, checked.stored, id)) throw phoneNumberError(409, DUPLICATE);
      const now = clock.now();
      if (!(await repo().hold(userId, id, leaseEnd(now), now))) throw phoneNumberError(409, BUSY);
      let after: SipTrunkResources | null;
      try {
        after = await syncEdge(resourcesFrom(current), checked, trunkLabel(userId, id), inboundChanged(current, checked, body));
      } catch (error) {
        await repo().release(id);
        throw carrierFailure(error);
      }
      await saveAfterEdge(current, checked, after);
      return found(userId, id);
    },

    /** The removal job. */
    async removeResources(resources: SipTrunkResources): Promise<void> {
      await carrier().remove(resources);
    },
  };
}

export type SipTrunksService = ReturnType<typeof createSipTrunksService>;

/** What the carrier edge holds for a trunk that is going or never was: removed by a job, retried until Twilio answers. */
async function removeFromEdgeLater(on: DbOrTx, resources: SipTrunkResources): Promise<void> {
  await enqueueJob(on, { kind: REMOVE_SIP_TRUNK_JOB, payload: resources, maxAttempts: 25 });
}

/** In the transaction that deletes a number: what the edge holds for its trunk, if it is one, goes by a job. */
export async function enqueueSipTrunkRemoval(tx: DbOrTx, phoneNumberId: number): Promise<void> {
  const resources = await createSipTrunksRepo(tx).resourcesOf(phoneNumberId);
  if (resources) await removeFromEdgeLater(tx, resources);
}

const trunkLabel = (userId: number, id: number) => `SIP trunk ${id} of user ${userId}`;

/** Whether the calls in are recognised differently: the edge changes only then. */
function inboundChanged(current: SipTrunkRow, checked: CheckedSipTrunk, body: UpdateSipTrunkBody): boolean {
  const next = checked.stored;
  if (next.inbound_authorization_type !== current.inbound_authorization_type) return true;
  if (next.inbound_authorization_type === 'auth') return next.sip_username !== current.sip_username || body.sip_password !== undefined;
  return next.allowed_inbound_ips.join(',') !== current.allowed_inbound_ips.join(',');
}

/** Twilio's refusal in its own words (422), or 502 when it could not be asked. */
function carrierFailure(error: unknown) {
  if (error instanceof CarrierUnavailableError) return phoneNumberError(502, UNREACHABLE);
  if (!(error instanceof CarrierRefusedError)) return error;
  const said = `${error.reason}${error.carrierCode ? ` (Twilio error ${error.carrierCode})` : ''}`;
  return phoneNumberError(422, `Twilio refused to set up the SIP trunk: ${said}.`, {
    carrier_error: { code: error.carrierCode, message: error.reason, more_info: error.moreInfo },
  });
}
