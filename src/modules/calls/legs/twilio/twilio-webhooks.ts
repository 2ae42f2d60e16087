import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { Db } from '../../../../core/db/database.js';
import { isUniqueViolation } from '../../../../core/db/errors.js';
import { inTransaction } from '../../../../core/db/transaction.js';
import { InsufficientBalanceError, isAccountSuspended } from '../../../accounts/index.js';
import { normalizePhone } from '../../../phone-numbers/index.js';
import { reserveMinute } from '../../lifecycle/call-billing.js';
import { endCall } from '../../lifecycle/call-end.js';
import { encodeSupervisorProgress, type CallSessions } from '../../lifecycle/call-sessions.js';
import { createCallsRepo, LIVE_STATUSES, type CallRow, type NewCall } from '../../calls.repo.js';
import type { AnsweredBy } from '../../engine/engine.types.js';
import type { SupervisorProgress } from '../telephony.types.js';
import type { TwilioAccounts } from './twilio-accounts.js';
import { createTwilioRequestCheck, type TwilioRequest } from './twilio-request-check.js';
import { callerOf, createTrunkRouting } from './sip-trunk-routing.js';
import type { TwilioParams } from './twilio-signature.js';
import { CALL_ID_PARAMETER, twilioUrls } from './twilio.js';
import { connectStreamTwiml, EMPTY_TWIML, sayAndHangUpTwiml } from './twiml.js';

export const NOT_AVAILABLE_MESSAGE = 'Sorry, this number is not available right now. Goodbye.';
/** An answered inbound call whose media does not connect within this is closed by the sweep. */
const INBOUND_CONNECT_MS = 60_000;

export interface TwilioWebhooksDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  accounts: TwilioAccounts;
  sessions: CallSessions;
  publicUrl: string | undefined;
  pricePerMinuteMicros: number;
  /** Runs once a new inbound call is recorded, before Twilio hears our answer (the inbound-call webhook). */
  beforeAnswer?: (call: CallRow) => Promise<void>;
}

/** Maps, not object literals: a CallStatus such as `constructor` must find nothing. */
const FINAL_STATUSES = new Map<string, { status: CallRow['status']; reason: string }>([
  ['completed', { status: 'completed', reason: 'completed' }],
  ['busy', { status: 'busy', reason: 'busy' }],
  ['no-answer', { status: 'no-answer', reason: 'no_answer' }],
  ['failed', { status: 'failed', reason: 'carrier_failed' }],
  ['canceled', { status: 'failed', reason: 'canceled' }],
]);

/**
 * Marks a supervisor leg's callbacks. The route's query schema knows only call_id, so it is read
 * from the signed URL itself; a forged marker would need Twilio's signature over it.
 */
const SUPERVISOR_LEG_PARAMETER = 'leg=supervisor';
const isSupervisorLeg = (pathAndQuery: string) => new URLSearchParams(pathAndQuery.split('?')[1] ?? '').get('leg') === 'supervisor';

const SUPERVISOR_STATUSES = new Map<string, SupervisorProgress['status']>([
  ['ringing', 'ringing'],
  ['in-progress', 'answered'],
  ['busy', 'busy'],
  ['no-answer', 'no-answer'],
  ['failed', 'failed'],
  ['canceled', 'canceled'],
  ['completed', 'completed'],
]);

export function answeredByFromTwilio(value: string): AnsweredBy {
  if (value === 'human') return 'human';
  if (value.startsWith('machine') || value === 'fax') return 'machine';
  return 'unknown';
}

const text = (params: TwilioParams, key: string): string | undefined => {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};

export function createTwilioWebhooks(deps: TwilioWebhooksDeps) {
  const { db, clock, logger } = deps;
  const urls = deps.publicUrl ? twilioUrls(deps.publicUrl) : null;

  const { verified, streamAccount } = createTwilioRequestCheck(deps.accounts, urls);
  const trunks = createTrunkRouting(db);

  /**
   * The active inbound assistant answering `number` on this Twilio account: on the account's
   * claim on the number (one per number), a number of the service's account the operator
   * assigned, or one of a tenant's own account while that account is still registered by them.
   */
  function inboundAssistant(number: string, accountSid: string) {
    const configured = deps.accounts.configured?.accountSid === accountSid;
    return db
      .selectFrom('phone_numbers as p')
      .innerJoin('assistants as a', (join) =>
        join.onRef('a.phone_number_id', '=', 'p.id').on('a.type', '=', 'inbound').on('a.status', '=', 'active'),
      )
      .select(['a.id as assistant_id', 'a.user_id', 'p.id as phone_number_id'])
      .where('p.phone_number', '=', number)
      .where('p.claim', 'is not', null)
      .where((eb) => {
        const ownAccount = eb.exists(
          eb
            .selectFrom('twilio_accounts as t')
            .select('t.account_sid')
            .where('t.account_sid', '=', accountSid)
            .whereRef('t.user_id', '=', 'p.user_id'),
        );
        const own = eb.and([eb('p.provider', '=', 'twilio'), eb('p.twilio_account_sid', '=', accountSid), ownAccount]);
        return configured ? eb.or([own, eb('p.provider', 'is', null)]) : own;
      })
      .orderBy('a.id')
      .executeTakeFirst();
  }

  /** Who answers a call: the trunk whose SIP domain it came through, or by the number called. */
  async function routeOf(params: TwilioParams, accountSid: string) {
    if (trunks.throughSipDomain(params)) {
      const trunk = await trunks.trunkAssistant(params, accountSid);
      return trunk && { ...trunk, to: trunk.phone_number };
    }
    const to = normalizePhone(text(params, 'To') ?? text(params, 'Called') ?? '')?.e164;
    const target = to ? await inboundAssistant(to, accountSid) : undefined;
    return target && to ? { ...target, to } : undefined;
  }

  /**
   * A call routed to an assistant but refused (the owner cannot pay a minute): kept as a failed
   * call with its reason, so the owner sees it in their call list (and gets the post-call webhook
   * for failed calls). Its lease has already run out, so a crash between the two steps leaves it
   * to the sweep; a retried webhook finds it ended and is refused again.
   */
  async function recordRefusal(call: NewCall, reason: string): Promise<void> {
    try {
      const row = await createCallsRepo(db).insert(call);
      await endCall(db, row.id, { status: 'failed', reason, endedAt: call.now });
    } catch (error) {
      if (!isUniqueViolation(error, 'calls_provider_call_key')) throw error;
    }
  }

  return {
    /** A call to one of our numbers: TwiML that streams it to us, or a polite hang-up. */
    async incoming(request: TwilioRequest): Promise<string> {
      const accountSid = await verified(request);
      const callSid = text(request.params, 'CallSid');
      const from = callerOf(text(request.params, 'From') ?? text(request.params, 'Caller') ?? null);
      if (!callSid) return sayAndHangUpTwiml(NOT_AVAILABLE_MESSAGE);
      const stream = (callId: number) => connectStreamTwiml(urls!.stream, { [CALL_ID_PARAMETER]: String(callId) });
      const repeated = await createCallsRepo(db).findByProviderCall('twilio', callSid);
      if (repeated) return LIVE_STATUSES.includes(repeated.status) ? stream(repeated.id) : sayAndHangUpTwiml(NOT_AVAILABLE_MESSAGE);
      const target = await routeOf(request.params, accountSid);
      if (!target) return sayAndHangUpTwiml(NOT_AVAILABLE_MESSAGE);
      const { to } = target;
      const now = clock.now();
      const newCall = (leaseMs: number): NewCall => ({
        uuid: randomUUID(),
        user_id: target.user_id,
        assistant_id: target.assistant_id,
        phone_number_id: target.phone_number_id,
        type: 'inbound',
        direction: 'inbound',
        is_test: false,
        status: 'ringing',
        provider: 'twilio',
        provider_call_id: callSid,
        provider_account_id: accountSid,
        from_number: from,
        to_number: to,
        variables: {},
        price_per_minute_micros: deps.pricePerMinuteMicros,
        lease_until: new Date(now.getTime() + leaseMs),
        now,
      });
      // A suspended account's numbers answer as one that cannot pay: refused, and the refusal kept.
      if (await isAccountSuspended(db, target.user_id)) {
        logger.warn({ userId: target.user_id, callSid }, 'inbound call refused: the account is suspended');
        await recordRefusal(newCall(0), 'account_suspended');
        return sayAndHangUpTwiml(NOT_AVAILABLE_MESSAGE);
      }
      try {
        const call = await inTransaction(db, async (tx) => {
          const row = await createCallsRepo(tx).insert(newCall(INBOUND_CONNECT_MS));
          await reserveMinute(tx, { id: row.id, userId: row.user_id, pricePerMinuteMicros: row.price_per_minute_micros }, now);
          return row;
        });
        await deps.beforeAnswer?.(call);
        return stream(call.id);
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          logger.warn({ userId: target.user_id, callSid }, 'inbound call refused: the owner cannot pay a minute');
          await recordRefusal(newCall(0), 'insufficient_balance');
          return sayAndHangUpTwiml(NOT_AVAILABLE_MESSAGE);
        }
        if (isUniqueViolation(error, 'calls_provider_call_key')) {
          const raced = await createCallsRepo(db).findByProviderCall('twilio', callSid);
          if (raced) return stream(raced.id);
        }
        throw error;
      }
    },

    /** Where a warm transfer's supervisor leg reports its progress (Twilio signs the whole URL, marker included). */
    supervisorStatusUrl(callId: number): string | undefined {
      return urls ? `${urls.status(callId)}&${SUPERVISOR_LEG_PARAMETER}` : undefined;
    },

    /** Call progress and async AMD results. Only ever moves a call forward. */
    async status(request: TwilioRequest, callIdParam: number | undefined): Promise<string> {
      const accountSid = await verified(request);
      const callSid = text(request.params, 'CallSid');
      const repo = createCallsRepo(db);
      if (isSupervisorLeg(request.pathAndQuery)) {
        const call = callIdParam !== undefined ? await repo.findById(callIdParam) : undefined;
        const status = SUPERVISOR_STATUSES.get(text(request.params, 'CallStatus') ?? '');
        if (call?.provider_account_id === accountSid && callSid && status) {
          // Kept on the call row as well: the process holding the call's media may be another one.
          const progress = { legId: callSid, status };
          await repo.setSupervisorStatus(call.id, encodeSupervisorProgress(progress), clock.now());
          deps.sessions.notifySupervisor(call.id, progress);
        }
        return EMPTY_TWIML;
      }
      const call =
        callIdParam !== undefined
          ? await repo.findById(callIdParam)
          : callSid
            ? await repo.findByProviderCall('twilio', callSid)
            : undefined;
      if (!call || call.provider_account_id !== accountSid || (call.provider_call_id && callSid && call.provider_call_id !== callSid))
        return EMPTY_TWIML;
      const now = clock.now();
      if (!call.provider_call_id && callSid) await repo.setProviderCall(call.id, callSid, now);
      const answeredBy = text(request.params, 'AnsweredBy');
      if (answeredBy) {
        const value = answeredByFromTwilio(answeredBy);
        await repo.setAnsweredBy(call.id, value, now);
        deps.sessions.notifyAnsweredBy(call.id, value);
      }
      const callStatus = text(request.params, 'CallStatus') ?? '';
      const final = FINAL_STATUSES.get(callStatus);
      if (callStatus === 'ringing') await repo.advance(call.id, 'ringing', now);
      else if (callStatus === 'in-progress') await repo.advance(call.id, 'in-progress', now);
      else if (final) await this.ended(call, final, Number(text(request.params, 'CallDuration')), now);
      return EMPTY_TWIML;
    },

    /**
     * Twilio says the call is over. A call whose media a live process holds is ended by that
     * process (it knows who hung up); otherwise (never connected, or its process died) here.
     */
    async ended(call: CallRow, final: { status: CallRow['status']; reason: string }, durationSeconds: number, now: Date): Promise<void> {
      const fresh = await createCallsRepo(db).findById(call.id);
      if (!fresh || !LIVE_STATUSES.includes(fresh.status)) return;
      if (fresh.lease_holder && fresh.lease_until && fresh.lease_until > now) return;
      const answered = fresh.answered_at !== null;
      await endCall(db, call.id, {
        status: final.status,
        reason: final.reason,
        endedAt: now,
        durationSeconds: answered && Number.isFinite(durationSeconds) ? durationSeconds : 0,
      });
    },

    /** The account whose token signed a media stream's upgrade, or null (twilio-request-check.ts). */
    streamAccount,
  };
}

export type TwilioWebhooks = ReturnType<typeof createTwilioWebhooks>;
