import { sql } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { SipCallingFormat, SipInboundAuthorization, SipTrunkType } from '../../core/db/schema.js';
import type { SipTrunkResources } from './carrier.port.js';

/** A trunk's settings as stored (the password sealed, the ranges canonical). */
export interface StoredSipSettings {
  phone_number: string;
  nickname: string | null;
  country_code: string;
  sip_trunk_type: SipTrunkType;
  sip_username: string | null;
  sip_password_sealed: string | null;
  sip_address: string;
  sip_calling_format: SipCallingFormat;
  inbound_authorization_type: SipInboundAuthorization;
  allowed_inbound_ips: string[];
  outbound_proxy: string | null;
}

const TRUNK_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.phone_number',
  'p.nickname',
  'p.country_code',
  'p.created_at',
  's.updated_at',
  's.sip_trunk_type',
  's.sip_username',
  's.sip_password_sealed',
  's.sip_address',
  's.sip_calling_format',
  's.inbound_authorization_type',
  's.allowed_inbound_ips',
  's.outbound_proxy',
  's.carrier_account_sid',
  's.inbound_route_id',
  's.inbound_address',
  's.carrier_resources',
] as const;

/** The trunks of SIP trunks: a phone number row (type and provider `sip`) and its `sip_trunks` row. */
export function createSipTrunksRepo(db: DbOrTx) {
  const trunks = () => db.selectFrom('phone_numbers as p').innerJoin('sip_trunks as s', 's.phone_number_id', 'p.id').select(TRUNK_COLUMNS);

  return {
    list(userId: number) {
      return trunks().where('p.user_id', '=', userId).orderBy('p.id').execute();
    },

    find(userId: number, id: number) {
      return trunks().where('p.user_id', '=', userId).where('p.id', '=', id).executeTakeFirst();
    },

    /** Whether another trunk of the user has this number, username and address. */
    async identityTaken(userId: number, settings: StoredSipSettings, exceptId: number | null): Promise<boolean> {
      let query = db
        .selectFrom('sip_trunks')
        .select('phone_number_id')
        .where('user_id', '=', userId)
        .where('phone_number', '=', settings.phone_number)
        .where(sql<string>`COALESCE(sip_username, '')`, '=', settings.sip_username ?? '')
        .where('sip_address', '=', settings.sip_address);
      if (exceptId !== null) query = query.where('phone_number_id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The number and its trunk, the trunk held (`changingUntil`) while the carrier sets it up. */
    async insert(userId: number, settings: StoredSipSettings, changingUntil: Date, now: Date): Promise<number> {
      const { id } = await db
        .insertInto('phone_numbers')
        .values({
          user_id: userId,
          phone_number: settings.phone_number,
          nickname: settings.nickname,
          country_code: settings.country_code,
          type: 'sip',
          sms_capable: false,
          region: '',
          has_active_subscription: true,
          provider: 'sip',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('sip_trunks')
        .values({
          phone_number_id: id,
          user_id: userId,
          ...trunkValues(settings),
          carrier_account_sid: null,
          inbound_route_id: null,
          inbound_address: null,
          carrier_resources: null,
          changing_until: changingUntil,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    },

    /** Takes the trunk's lease; false when another change holds it (or the trunk is gone). */
    async hold(userId: number, id: number, until: Date, now: Date): Promise<boolean> {
      const held = await db
        .updateTable('sip_trunks')
        .set({ changing_until: until })
        .where('phone_number_id', '=', id)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('changing_until', 'is', null), eb('changing_until', '<=', now)]))
        .returning('phone_number_id')
        .executeTakeFirst();
      return held !== undefined;
    },

    async release(id: number): Promise<void> {
      await db.updateTable('sip_trunks').set({ changing_until: null }).where('phone_number_id', '=', id).execute();
    },

    /** Saves settings and what the carrier holds, and frees the lease; false when the trunk is gone. */
    async save(id: number, settings: StoredSipSettings, resources: SipTrunkResources | null, now: Date): Promise<boolean> {
      const number = await db
        .updateTable('phone_numbers')
        .set({ phone_number: settings.phone_number, nickname: settings.nickname, country_code: settings.country_code, updated_at: now })
        .where('id', '=', id)
        .where('provider', '=', 'sip')
        .returning('id')
        .executeTakeFirst();
      if (!number) return false;
      await db
        .updateTable('sip_trunks')
        .set({ ...trunkValues(settings), ...resourceValues(resources), changing_until: null, updated_at: now })
        .where('phone_number_id', '=', id)
        .execute();
      return true;
    },

    /** A trunk whose carrier never set it up goes (its number with it). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('phone_numbers').where('id', '=', id).where('provider', '=', 'sip').execute();
    },

    /** What the carrier holds for the number's trunk, if it is one. */
    async resourcesOf(id: number): Promise<SipTrunkResources | null> {
      const row = await db
        .selectFrom('sip_trunks')
        .select(['carrier_account_sid', 'inbound_route_id', 'inbound_address', 'carrier_resources'])
        .where('phone_number_id', '=', id)
        .executeTakeFirst();
      return row ? resourcesFrom(row) : null;
    },
  };
}

export type SipTrunkRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSipTrunksRepo>['find']>>>;

function trunkValues(settings: StoredSipSettings) {
  return {
    phone_number: settings.phone_number,
    sip_trunk_type: settings.sip_trunk_type,
    sip_username: settings.sip_username,
    sip_password_sealed: settings.sip_password_sealed,
    sip_address: settings.sip_address,
    sip_calling_format: settings.sip_calling_format,
    inbound_authorization_type: settings.inbound_authorization_type,
    allowed_inbound_ips: JSON.stringify(settings.allowed_inbound_ips),
    outbound_proxy: settings.outbound_proxy,
  };
}

function resourceValues(resources: SipTrunkResources | null) {
  return {
    carrier_account_sid: resources?.accountSid ?? null,
    inbound_route_id: resources?.inboundRouteId ?? null,
    inbound_address: resources?.inboundAddress ?? null,
    carrier_resources: resources ? JSON.stringify(resources.state) : null,
  };
}

/** The carrier's resources of a stored trunk; null while the carrier has not set it up. */
export function resourcesFrom(row: {
  carrier_account_sid: string | null;
  inbound_route_id: string | null;
  inbound_address: string | null;
  carrier_resources: Record<string, unknown> | null;
}): SipTrunkResources | null {
  if (!row.carrier_account_sid || !row.inbound_route_id || !row.inbound_address || !row.carrier_resources) return null;
  return {
    accountSid: row.carrier_account_sid,
    inboundRouteId: row.inbound_route_id,
    inboundAddress: row.inbound_address,
    state: row.carrier_resources,
  };
}
