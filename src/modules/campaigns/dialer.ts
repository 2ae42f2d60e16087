import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { AppError } from '../../core/http/errors.js';
import { isAccountSuspended } from '../accounts/index.js';
import type { CampaignDial } from '../calls/campaign-calls.port.js';
import { normalizePhone } from '../phone-numbers/index.js';
import { createCampaignsRepo, type CampaignRow } from './campaigns.repo.js';
import { campaignWindow, floorWindow, isOpen, nextOpeningOfAll, timeZoneOfCountry } from './dial-window.js';
import type { AskPreDial } from './pre-dial-webhook.js';
import { closeAttempt, settleLead } from './lead-outcome.js';

/** How long a reserved slot waits for its call to exist before the slot is taken back. */
export const RESERVATION_MS = 2 * 60_000;
const LIVE_CALL = sql<boolean>`c.status IN ('initiated', 'ringing', 'in-progress')`;
const DAY_MS = 24 * 3_600_000;

export interface DialerDeps {
  logger: Logger;
  /** The calls module's outbound path (make_call's), with its one-minute reservation. */
  placeCall(
    userId: number,
    input: { phone_number: string; assistant_id: number; variables: Record<string, unknown> },
    dial: CampaignDial,
  ): Promise<{ call_id: number }>;
  askPreDial: AskPreDial;
  quietHours: string;
  maxAttemptsPerNumberPerDay: number;
}

interface Reserved {
  leadId: number;
  attemptId: number;
  phone: string;
  variables: Record<string, unknown>;
  callTries: number;
}

/**
 * Calls in progress of a campaign: leads holding a slot, whose call is being placed (within its
 * reservation) or is live. Read under the campaign's row lock, so it is exact across processes.
 */
export async function callsInProgress(db: DbOrTx, campaignId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('leads as l')
    .leftJoin('calls as c', 'c.id', 'l.current_call_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('l.campaign_id', '=', campaignId)
    .where('l.status', '=', 'processing')
    .where((eb) =>
      eb.or([
        eb.and([eb('l.current_call_id', 'is', null), eb('l.reserved_until', '>', now)]),
        eb.and([eb('c.id', 'is not', null), LIVE_CALL]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One dial round of a campaign. Under its row lock: count the calls in progress, pick due leads
 * for the free slots (skipping, with the reason kept, those the do-not-call list, the
 * quiet-hours floor or the per-number daily cap forbid) and reserve them. Then, unlocked, place
 * the calls: a slot stays counted from its reservation until its call ends.
 */
export async function dialCampaign(campaignId: number, deps: DialerDeps & { db: Db; now: Date }): Promise<void> {
  const { db, now } = deps;
  const claimed = await inTransaction(db, (tx) => claimLeads(tx, campaignId, now, deps));
  if (!claimed) return;
  const { campaign, reserved } = claimed;
  const lines = campaign.phone_number_ids;
  const first = Number(campaign.dial_sequence);
  await Promise.all(
    reserved.map(async (lead, i) => {
      const fromPhoneNumberId = lines.length > 0 ? lines[(first + i) % lines.length]! : null;
      await dialLead(db, campaign, lead, fromPhoneNumberId, now, deps);
    }),
  );
}

async function claimLeads(tx: DbOrTx, campaignId: number, now: Date, deps: DialerDeps) {
  const repo = createCampaignsRepo(tx);
  const campaign = await repo.lock(campaignId);
  if (campaign?.status !== 'in-progress') return null;
  // A suspended account starts no call; the campaign stays in progress and dials again from the
  // first sweep after the operator restores the account.
  if (await isAccountSuspended(tx, campaign.user_id)) return null;
  if (campaign.assistant_id === null) {
    await repo.update(campaignId, {
      status: 'paused',
      pause_reason: "The campaign's assistant was deleted; choose another and start it again.",
      updated_at: now,
    });
    return null;
  }
  await releaseStaleReservations(tx, campaignId, now);
  const window = campaignWindow(campaign);
  if (!isOpen(window, now)) return null;
  const free = campaign.max_calls_in_parallel - (await callsInProgress(tx, campaignId, now));
  if (free <= 0) return null;

  const candidates = await dueLeads(tx, campaignId, now, free * 4 + 4);
  if (candidates.length === 0) {
    await completeIfDone(tx, campaign, now);
    return null;
  }
  const phones = [...new Set(candidates.map((c) => c.dial_phone))];
  const blocked = new Set(
    (
      await tx
        .selectFrom('do_not_call_numbers')
        .select('phone_number')
        .where('user_id', '=', campaign.user_id)
        .where('phone_number', 'in', phones)
        .execute()
    ).map((r) => r.phone_number),
  );
  const recent = new Map(
    (
      await tx
        .selectFrom('lead_attempts')
        .select((eb) => ['phone_number', eb.fn.countAll<string>().as('n'), eb.fn.min('started_at').as('oldest')])
        .where('user_id', '=', campaign.user_id)
        .where('phone_number', 'in', phones)
        .where('started_at', '>', new Date(now.getTime() - DAY_MS))
        .groupBy('phone_number')
        .execute()
    ).map((r) => [r.phone_number, { count: Number(r.n), oldest: new Date(r.oldest as Date) }]),
  );

  const reserved: Reserved[] = [];
  for (const lead of candidates) {
    if (reserved.length >= free) break;
    const phone = lead.dial_phone;
    if (blocked.has(phone)) {
      await settleLead(tx, lead.id, { outcome: 'do_not_call', retryable: false, blacklist: true }, campaign, now);
      continue;
    }
    const zone = timeZoneOfCountry(normalizePhone(phone)?.countryCode ?? null) ?? campaign.timezone;
    const floor = floorWindow(deps.quietHours, zone);
    if (!isOpen(floor, now)) {
      await deferLead(tx, lead.id, nextOpeningOfAll([window, floor], now), 'quiet_hours', now);
      continue;
    }
    const count = recent.get(phone);
    if (count && count.count >= deps.maxAttemptsPerNumberPerDay) {
      await deferLead(tx, lead.id, new Date(count.oldest.getTime() + DAY_MS), 'daily_attempt_cap', now);
      continue;
    }
    recent.set(phone, { count: (count?.count ?? 0) + 1, oldest: count?.oldest ?? now });
    reserved.push({
      leadId: lead.id,
      attemptId: 0,
      phone,
      variables: { ...lead.variables, ...(lead.contact_variables ?? {}) },
      callTries: lead.call_tries + 1,
    });
  }
  if (reserved.length === 0) return null;
  await tx
    .updateTable('leads')
    .set((eb) => ({
      status: 'processing',
      current_call_id: null,
      reserved_until: new Date(now.getTime() + RESERVATION_MS),
      call_tries: eb('call_tries', '+', 1),
      contact_tries: eb('contact_tries', '+', 1),
      updated_at: now,
    }))
    .where(
      'id',
      'in',
      reserved.map((r) => r.leadId),
    )
    .execute();
  const attempts = await tx
    .insertInto('lead_attempts')
    .values(
      reserved.map((r) => ({
        user_id: campaign.user_id,
        lead_id: r.leadId,
        campaign_id: campaignId,
        phone_number: r.phone,
        started_at: now,
      })),
    )
    .returning(['id', 'lead_id'])
    .execute();
  for (const a of attempts) reserved.find((r) => r.leadId === a.lead_id)!.attemptId = a.id;
  const updated = await repo.update(campaignId, { dial_sequence: sql`dial_sequence + ${reserved.length}` as never });
  return { campaign: { ...campaign, dial_sequence: String(Number(updated.dial_sequence) - reserved.length) }, reserved };
}

/** Primary leads due now, with the number of the contact they are on and that contact's variables. */
function dueLeads(tx: DbOrTx, campaignId: number, now: Date, limit: number) {
  return tx
    .selectFrom('leads as l')
    .leftJoin('leads as s', (join) =>
      join.onRef('s.parent_lead_id', '=', 'l.id').onRef('s.position', '=', 'l.contact_position').on('l.contact_position', '>', 0),
    )
    .select(['l.id', 'l.variables', 'l.call_tries', 's.variables as contact_variables'])
    .select(sql<string>`coalesce(s.phone_number, l.phone_number)`.as('dial_phone'))
    .where('l.campaign_id', '=', campaignId)
    .where('l.parent_lead_id', 'is', null)
    .where('l.status', 'in', ['created', 'scheduled', 'rescheduled'])
    .where((eb) => eb.or([eb('l.next_attempt_at', 'is', null), eb('l.next_attempt_at', '<=', now)]))
    .orderBy(sql`l.next_attempt_at NULLS FIRST`)
    .orderBy('l.id')
    .limit(limit)
    .forUpdate('l')
    .skipLocked()
    .execute();
}

async function deferLead(tx: DbOrTx, leadId: number, until: Date | null, reason: string, now: Date): Promise<void> {
  // Not within a few weeks (no day allowed): looked at again in a day.
  const at = until ?? new Date(now.getTime() + DAY_MS);
  await tx
    .updateTable('leads')
    .set({ status: 'scheduled', next_attempt_at: at, last_outcome: reason, updated_at: now })
    .where('id', '=', leadId)
    .execute();
}

/** A slot reserved by a process that died before its call existed goes back; the attempt is kept as abandoned. */
async function releaseStaleReservations(tx: DbOrTx, campaignId: number, now: Date): Promise<void> {
  const stale = await tx
    .updateTable('leads')
    .set({ status: 'rescheduled', next_attempt_at: now, reserved_until: null, last_outcome: 'abandoned', updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'processing')
    .where('current_call_id', 'is', null)
    .where('reserved_until', '<=', now)
    .returning('id')
    .execute();
  for (const { id } of stale)
    await closeAttempt(
      tx,
      id,
      { outcome: 'abandoned', detail: 'the dialing process stopped before the call was placed', callId: null },
      now,
    );
}

/** With mark_complete_when_no_leads, a campaign with nothing left to dial or waiting is completed. */
async function completeIfDone(tx: DbOrTx, campaign: CampaignRow, now: Date): Promise<void> {
  if (!campaign.mark_complete_when_no_leads) return;
  const open = await tx
    .selectFrom('leads')
    .select('id')
    .where('campaign_id', '=', campaign.id)
    .where('parent_lead_id', 'is', null)
    .where('status', 'in', ['created', 'scheduled', 'rescheduled', 'processing'])
    .limit(1)
    .executeTakeFirst();
  if (!open) await createCampaignsRepo(tx).update(campaign.id, { status: 'completed', updated_at: now });
}

async function dialLead(
  db: Db,
  campaign: CampaignRow,
  lead: Reserved,
  fromPhoneNumberId: number | null,
  now: Date,
  deps: DialerDeps,
): Promise<void> {
  if (campaign.pre_dial_webhook_url) {
    const verdict = await deps.askPreDial({
      url: campaign.pre_dial_webhook_url,
      secret: campaign.pre_dial_webhook_secret ?? '',
      now,
      campaign: { id: campaign.id, name: campaign.name },
      lead: { id: lead.leadId, phone_number: lead.phone, variables: lead.variables, call_tries: lead.callTries },
    });
    if (verdict !== 'dial') {
      await inTransaction(db, async (tx) => {
        await settleLead(
          tx,
          lead.leadId,
          verdict === 'skip'
            ? { outcome: 'skipped', detail: 'the pre-dial webhook skipped the lead', retryable: false }
            : { outcome: 'pre_dial_error', detail: 'the pre-dial webhook did not answer in time or failed', retryable: true },
          campaign,
          now,
        );
      });
      return;
    }
  }
  try {
    const placed = await deps.placeCall(
      campaign.user_id,
      { phone_number: lead.phone, assistant_id: campaign.assistant_id!, variables: lead.variables },
      {
        campaignId: campaign.id,
        leadId: lead.leadId,
        fromPhoneNumberId,
      },
    );
    await db
      .updateTable('leads')
      .set({ current_call_id: placed.call_id, reserved_until: null })
      .where('id', '=', lead.leadId)
      .where('status', '=', 'processing')
      .where('current_call_id', 'is', null)
      .execute();
    await db.updateTable('lead_attempts').set({ call_id: placed.call_id }).where('id', '=', lead.attemptId).execute();
  } catch (error) {
    await refusedDial(db, campaign, lead, error, now, deps.logger);
  }
}

/**
 * A dial the calls module refused before any call existed. The owner's balance or the
 * campaign's set-up (its assistant, its numbers, telephony) would refuse every lead alike, so the
 * campaign pauses with the reason and the lead goes back untouched; a number refused as invalid
 * ends that lead only. A call that existed and failed (Twilio refused it) is the outcome job's.
 */
async function refusedDial(db: Db, campaign: CampaignRow, lead: Reserved, error: unknown, now: Date, logger: Logger): Promise<void> {
  if (error instanceof AppError && error.statusCode === 502) return;
  const reason = error instanceof AppError ? error.message : 'The call could not be placed.';
  if (!(error instanceof AppError)) logger.error({ err: error, campaignId: campaign.id, leadId: lead.leadId }, 'a campaign dial failed');
  await inTransaction(db, async (tx) => {
    if (error instanceof AppError && error.statusCode === 400) {
      await settleLead(tx, lead.leadId, { outcome: 'invalid_number', detail: reason, retryable: false }, campaign, now);
      return;
    }
    // The campaign's row first, as a dial round locks it, then the lead's.
    await tx
      .updateTable('campaigns')
      .set({ status: 'paused', pause_reason: reason, updated_at: now })
      .where('id', '=', campaign.id)
      .where('status', '=', 'in-progress')
      .execute();
    await tx
      .updateTable('leads')
      .set((eb) => ({
        status: 'scheduled',
        reserved_until: null,
        call_tries: eb('call_tries', '-', 1),
        contact_tries: eb('contact_tries', '-', 1),
        last_outcome: 'paused',
        updated_at: now,
      }))
      .where('id', '=', lead.leadId)
      .where('status', '=', 'processing')
      .execute();
    await tx.deleteFrom('lead_attempts').where('id', '=', lead.attemptId).execute();
  });
}
