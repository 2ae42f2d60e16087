import { sql, type Selectable } from 'kysely';
import type { CallStatus, CallsTable, CallTranscriptEntry } from '../../core/db/schema.js';
import type { DbOrTx } from '../../core/db/transaction.js';

export type CallRow = Selectable<CallsTable>;

/** Statuses of a call that has not ended; the sweep looks only at these. */
export const LIVE_STATUSES: CallStatus[] = ['initiated', 'ringing', 'in-progress'];

export interface NewCall {
  uuid: string;
  user_id: number;
  assistant_id: number;
  phone_number_id: number | null;
  type: CallsTable['type'];
  direction: 'inbound' | 'outbound';
  is_test: boolean;
  status: CallStatus;
  provider: CallsTable['provider'];
  provider_call_id: string | null;
  provider_account_id: string | null;
  from_number: string | null;
  to_number: string | null;
  variables: Record<string, unknown>;
  price_per_minute_micros: number;
  lease_until: Date;
  now: Date;
  /** The chatapp sender of a platform call. */
  chatapp_sender_id?: number | null;
  /** The client network of a public browser call. */
  client_network?: string | null;
  /** The campaign and lead a campaign call dials. */
  campaign_id?: number | null;
  lead_id?: number | null;
}

export interface CallFilters {
  status?: CallStatus;
  type?: CallsTable['type'];
  phoneNumber?: string;
  assistantId?: number;
  campaignId?: number;
  /** Inclusive bounds, UTC. */
  from?: Date;
  to?: Date;
}

export interface FinalState {
  status: CallStatus;
  endReason: string;
  endedAt: Date;
  durationSeconds: number;
  transcript?: CallTranscriptEntry[];
  answeredBy?: string | null;
  recordingPath?: string | null;
  recordingUrl?: string | null;
}

export function createCallsRepo(db: DbOrTx) {
  const listed = () =>
    db
      .selectFrom('calls as c')
      .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
      .leftJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .selectAll('c')
      .select(['a.name as assistant_name', 'k.name as campaign_name']);

  return {
    insert(call: NewCall): Promise<CallRow> {
      return db
        .insertInto('calls')
        .values({
          uuid: call.uuid,
          user_id: call.user_id,
          assistant_id: call.assistant_id,
          phone_number_id: call.phone_number_id,
          type: call.type,
          direction: call.direction,
          is_test: call.is_test,
          status: call.status,
          provider: call.provider,
          provider_call_id: call.provider_call_id,
          provider_account_id: call.provider_account_id,
          from_number: call.from_number,
          to_number: call.to_number,
          variables: JSON.stringify(call.variables),
          price_per_minute_micros: call.price_per_minute_micros,
          lease_until: call.lease_until,
          ...(call.chatapp_sender_id ? { chatapp_sender_id: call.chatapp_sender_id } : {}),
          ...(call.client_network ? { client_network: call.client_network } : {}),
          ...(call.campaign_id ? { campaign_id: call.campaign_id, lead_id: call.lead_id ?? null } : {}),
          created_at: call.now,
          updated_at: call.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<CallRow | undefined> {
      return db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findOwned(userId: number, id: number) {
      return listed().where('c.user_id', '=', userId).where('c.id', '=', id).executeTakeFirst();
    },

    findByProviderCall(provider: 'twilio' | 'chatapp', providerCallId: string): Promise<CallRow | undefined> {
      return db
        .selectFrom('calls')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_call_id', '=', providerCallId)
        .executeTakeFirst();
    },

    async list(userId: number, filters: CallFilters, page: number, perPage: number) {
      let query = db.selectFrom('calls as c').where('c.user_id', '=', userId);
      if (filters.status) query = query.where('c.status', '=', filters.status);
      if (filters.type) query = query.where('c.type', '=', filters.type);
      if (filters.assistantId !== undefined) query = query.where('c.assistant_id', '=', filters.assistantId);
      if (filters.campaignId !== undefined) query = query.where('c.campaign_id', '=', filters.campaignId);
      if (filters.from) query = query.where('c.created_at', '>=', filters.from);
      if (filters.to) query = query.where('c.created_at', '<=', filters.to);
      const phone = filters.phoneNumber;
      if (phone) query = query.where((eb) => eb.or([eb('c.from_number', '=', phone), eb('c.to_number', '=', phone)]));
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const items = await query
        .leftJoin('assistants as a', 'a.id', 'c.assistant_id')
        .leftJoin('campaigns as k', 'k.id', 'c.campaign_id')
        .selectAll('c')
        .select(['a.name as assistant_name', 'k.name as campaign_name'])
        .orderBy('c.id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { items, total: Number(total) };
    },

    /** Deletes a finished call; returns it (for its recording), or undefined if unknown, foreign or live. */
    deleteOwned(userId: number, id: number) {
      return db
        .deleteFrom('calls')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('status', 'not in', LIVE_STATUSES)
        .returning(['id', 'recording_path', 'type', 'from_number', 'to_number'])
        .executeTakeFirst();
    },

    async setProviderCall(id: number, providerCallId: string, now: Date): Promise<void> {
      await db
        .updateTable('calls')
        .set({ provider_call_id: providerCallId, updated_at: now })
        .where('id', '=', id)
        .where('provider_call_id', 'is', null)
        .execute();
    },

    /** Moves a live call forward (initiated -> ringing -> in-progress) only; false if it is further already. */
    async advance(id: number, status: 'ringing' | 'in-progress', now: Date): Promise<boolean> {
      const from: CallStatus[] = status === 'ringing' ? ['initiated'] : ['initiated', 'ringing'];
      const result = await db
        .updateTable('calls')
        .set({ status, updated_at: now, ...(status === 'in-progress' ? { answered_at: sql<Date>`coalesce(answered_at, ${now})` } : {}) })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setAnsweredBy(id: number, answeredBy: string, now: Date): Promise<void> {
      await db.updateTable('calls').set({ answered_by: answeredBy, updated_at: now }).where('id', '=', id).execute();
    },

    /**
     * Takes the call's media for this process: only a live call, not held by another process
     * whose lease still runs. The row is then in-progress, answered now (unless it was before).
     */
    claimMedia(id: number, holder: string, now: Date, leaseUntil: Date) {
      return db
        .updateTable('calls')
        .set({
          status: 'in-progress',
          lease_holder: holder,
          lease_until: leaseUntil,
          heartbeat_at: now,
          answered_at: sql<Date>`coalesce(answered_at, ${now})`,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_holder', '=', holder), eb('lease_until', '<', now)]))
        .returningAll()
        .executeTakeFirst();
    },

    /** Renews the media lease; undefined when the call is no longer ours (ended, or swept). */
    heartbeat(id: number, holder: string, now: Date, leaseUntil: Date) {
      return db
        .updateTable('calls')
        .set({ lease_until: leaseUntil, heartbeat_at: now })
        .where('id', '=', id)
        .where('lease_holder', '=', holder)
        .where('status', '=', 'in-progress')
        .returning(['answered_by', 'reserved_micros', 'supervisor_status'])
        .executeTakeFirst();
    },

    /** A supervisor leg's progress for whichever process holds the live call's media (read at its heartbeat). */
    async setSupervisorStatus(id: number, value: string, now: Date): Promise<void> {
      await db
        .updateTable('calls')
        .set({ supervisor_status: value, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .execute();
    },

    /** Records one more reserved minute on a live call; false once it has ended (reserve nothing then). */
    async addReserved(id: number, amountMicros: number): Promise<boolean> {
      const result = await db
        .updateTable('calls')
        .set((eb) => ({ reserved_micros: eb('reserved_micros', '+', amountMicros) }))
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends a live call once; undefined if it had ended already (another path got there first). */
    finish(id: number, state: FinalState) {
      return db
        .updateTable('calls')
        .set({
          status: state.status,
          end_reason: state.endReason,
          ended_at: state.endedAt,
          duration_seconds: state.durationSeconds,
          lease_holder: null,
          lease_until: null,
          updated_at: state.endedAt,
          ...(state.transcript ? { transcript: JSON.stringify(state.transcript) } : {}),
          ...(state.answeredBy !== undefined ? { answered_by: state.answeredBy } : {}),
          ...(state.recordingPath !== undefined ? { recording_path: state.recordingPath } : {}),
          ...(state.recordingUrl !== undefined ? { recording_url: state.recordingUrl } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', LIVE_STATUSES)
        .returningAll()
        .executeTakeFirst();
    },

    /** Marks the reservation settled at `costMicros`; false if it was settled already. */
    async settle(id: number, costMicros: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('calls')
        .set({ cost_micros: costMicros, billing_settled_at: now })
        .where('id', '=', id)
        .where('billing_settled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markFinalized(id: number, now: Date, evaluation: Record<string, unknown> | null): Promise<boolean> {
      const result = await db
        .updateTable('calls')
        .set({ finalized_at: now, evaluation: evaluation === null ? null : JSON.stringify(evaluation) })
        .where('id', '=', id)
        .where('finalized_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Live calls whose lease ran out: their process died, or the dial never connected. */
    expiredLive(now: Date, limit: number) {
      return db
        .selectFrom('calls')
        .select('id')
        .where('status', 'in', LIVE_STATUSES)
        .where('lease_until', '<', now)
        .orderBy('lease_until')
        .limit(limit)
        .execute();
    },
  };
}

export type CallsRepo = ReturnType<typeof createCallsRepo>;
