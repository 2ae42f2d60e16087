import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/db/database.js';
import type { CallStatus } from '../../../core/db/schema.js';
import { inTransaction } from '../../../core/db/transaction.js';
import { InsufficientBalanceError } from '../../accounts/index.js';
import type { RuntimeAssistant } from '../../assistants/index.js';
import { budgetAssistantOf, DailyBudgetSpentError, reserveMinute, SECONDS_PER_MINUTE } from './call-billing.js';
import { endCall } from './call-end.js';
import { createCallsRepo, type CallRow } from '../calls.repo.js';
import { createPhoneLinesRepo } from '../phone-lines.repo.js';
import type { AnsweredBy, CallEngine, CallOutcome, CallRecord } from '../engine/engine.types.js';
import type { CallMedia } from '../legs/media.types.js';
import type { CallTelephony, SupervisorProgress } from '../legs/telephony.types.js';

export interface CallSessionsOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  engine: CallEngine;
  /** This process, as written into the call rows whose media it holds. */
  holderId: string;
  loadAssistant(userId: number, assistantId: number): Promise<RuntimeAssistant | undefined>;
  /** How long a call's media stays ours without a heartbeat (then the sweep may close it). */
  leaseMs?: number;
  heartbeatMs?: number;
}

/** The next minute is reserved this long before the paid time runs out. */
const EXTEND_AHEAD_MS = 15_000;

interface LiveCall {
  row: CallRow;
  media: CallMedia;
  telephony: CallTelephony;
  wrapUp: AbortController;
  answeredBy: AnsweredBy | null;
  answeredByListeners: Array<(value: AnsweredBy) => void>;
  supervisorListeners: Array<(progress: SupervisorProgress) => void>;
  /** The supervisor progress acted on last (encoded as on the call row), so each is acted on once. */
  supervisorSeen: string | null;
  /** Clock ms until which reserved minutes pay; Infinity for a free call. */
  paidUntilMs: number;
  /** Set when the session itself ended the call (the paid time ran out). */
  forcedReason: string | null;
  carrierEnd?: AttachInput['carrierEnd'];
}

/**
 * The calls whose media this process holds: each runs the engine, renews its lease with a
 * heartbeat, reserves the next minute ahead of time and ends the call (state, settlement,
 * post-call job) when the engine returns. A long-lived worker: start() arms the heartbeat.
 */
export class CallSessions {
  private readonly live = new Map<number, LiveCall>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: CallSessionsOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
  }

  /** Calls running here now (tests and metrics). */
  get size(): number {
    return this.live.size;
  }

  /**
   * Takes a connected media leg for a call and runs it. False (the caller closes the leg) when
   * the call is unknown, ended, on another account, or held by a live process elsewhere.
   */
  async attach(input: AttachInput): Promise<boolean> {
    const { db, clock, logger } = this.options;
    const repo = createCallsRepo(db);
    const known = await repo.findById(input.callId);
    if (!known || !belongsTo(known, input)) return false;
    const now = clock.now();
    if (input.providerCallId && !known.provider_call_id) await repo.setProviderCall(known.id, input.providerCallId, now);
    const row = await repo.claimMedia(input.callId, this.options.holderId, now, new Date(now.getTime() + this.leaseMs));
    if (!row) return false;
    const telephony = await input.telephony(row);
    const assistant = row.assistant_id === null ? undefined : await this.options.loadAssistant(row.user_id, row.assistant_id);
    if (!assistant) {
      await endCall(db, row.id, { status: 'failed', reason: 'assistant_deleted', endedAt: now });
      await telephony.hangUp().catch((error: unknown) => logger.warn({ err: error, callId: row.id }, 'hang-up failed'));
      return false;
    }
    const price = Number(row.price_per_minute_micros);
    const answeredAtMs = (row.answered_at ?? now).getTime();
    const live: LiveCall = {
      row,
      media: input.media,
      telephony,
      wrapUp: new AbortController(),
      answeredBy: (row.answered_by as AnsweredBy | null) ?? null,
      answeredByListeners: [],
      supervisorListeners: [],
      supervisorSeen: row.supervisor_status,
      paidUntilMs: price > 0 ? answeredAtMs + Math.floor(Number(row.reserved_micros) / price) * SECONDS_PER_MINUTE * 1000 : Infinity,
      forcedReason: null,
      carrierEnd: input.carrierEnd,
    };
    this.live.set(row.id, live);
    this.start();
    const run = this.run(live, assistant, answeredAtMs).finally(() => this.running.delete(run));
    this.running.add(run);
    return true;
  }

  /** An answering-machine verdict that reached this process; others learn it at their heartbeat. */
  notifyAnsweredBy(callId: number, value: AnsweredBy): void {
    const live = this.live.get(callId);
    if (live) this.setAnsweredBy(live, value);
  }

  /**
   * A warm transfer's supervisor leg moved on. The process holding the call's media hears it at
   * once; another process has written it on the call row, which the holder reads at its heartbeat.
   */
  notifySupervisor(callId: number, progress: SupervisorProgress): void {
    const live = this.live.get(callId);
    if (live) this.supervisorProgress(live, encodeSupervisorProgress(progress));
  }

  /** One heartbeat for every call held here: lease, AMD verdicts, the next minute's money. */
  async tick(): Promise<void> {
    await Promise.all(
      [...this.live.values()].map((live) =>
        this.beat(live).catch((error: unknown) => {
          this.options.logger.error({ err: error, callId: live.row.id }, 'call heartbeat failed');
        }),
      ),
    );
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.heartbeatMs);
    this.timer.unref();
  }

  /** Shutdown: every call here is asked to wrap up, then its media closed; the sweep settles what remains. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const live of this.live.values()) {
      live.wrapUp.abort('shutdown');
      await live.media.close('shutdown').catch(() => {});
    }
    await Promise.allSettled([...this.running]);
  }

  private async run(live: LiveCall, assistant: RuntimeAssistant, answeredAtMs: number): Promise<void> {
    const { engine, logger } = this.options;
    const call = callRecord(live, assistant, answeredAtMs);
    const signals = {
      wrapUp: live.wrapUp.signal,
      onAnsweredBy: (listener: (value: AnsweredBy) => void) => void live.answeredByListeners.push(listener),
      onSupervisor: (listener: (progress: SupervisorProgress) => void) => void live.supervisorListeners.push(listener),
    };
    const ownNumber = (phoneNumberId: number) => this.ownNumber(live.row.user_id, phoneNumberId);
    let outcome: CallOutcome | null = null;
    try {
      outcome = await engine.run({ call, assistant, media: live.media, telephony: live.telephony, signals, ownNumber });
    } catch (error) {
      logger.error({ err: error, callId: live.row.id }, 'call engine failed');
      await live.telephony.hangUp().catch(() => {});
    } finally {
      this.live.delete(live.row.id);
      await live.media.close('ended').catch(() => {});
    }
    await this.finish(live, outcome).catch((error: unknown) =>
      logger.error({ err: error, callId: live.row.id }, 'could not record the end of a call'),
    );
  }

  private async finish(live: LiveCall, outcome: CallOutcome | null): Promise<void> {
    const endedAt = this.options.clock.now();
    if (!outcome) {
      await endCall(this.options.db, live.row.id, { status: 'failed', reason: 'engine_error', endedAt, answeredBy: live.answeredBy });
      return;
    }
    const byAssistant = live.forcedReason !== null || outcome.endedBy === 'assistant';
    const carrier = live.carrierEnd?.();
    await endCall(this.options.db, live.row.id, {
      status: carrier?.status ?? (byAssistant ? 'ended_by_assistant' : 'ended_by_customer'),
      reason: carrier?.reason ?? live.forcedReason ?? outcome.reason,
      durationSeconds: carrier?.durationSeconds,
      endedAt,
      transcript: outcome.transcript,
      answeredBy: live.answeredBy,
      recordingPath: outcome.recordingPath ?? null,
      recordingUrl: outcome.recordingUrl ?? null,
    });
  }

  private async beat(live: LiveCall): Promise<void> {
    const { db, clock, holderId } = this.options;
    const now = clock.now();
    const held = await createCallsRepo(db).heartbeat(live.row.id, holderId, now, new Date(now.getTime() + this.leaseMs));
    if (!held) {
      // Ended elsewhere (the sweep judged this process dead): stop talking on it.
      live.wrapUp.abort('ended_elsewhere');
      await live.media.close('ended_elsewhere');
      return;
    }
    if (held.answered_by && held.answered_by !== live.answeredBy) this.setAnsweredBy(live, held.answered_by as AnsweredBy);
    if (held.supervisor_status) this.supervisorProgress(live, held.supervisor_status);
    if (live.forcedReason !== null) return;
    if (now.getTime() >= live.paidUntilMs) {
      live.forcedReason = 'balance_exhausted';
      await live.telephony.hangUp().catch(() => {});
      await live.media.close('balance_exhausted');
      return;
    }
    if (!live.wrapUp.signal.aborted && now.getTime() + EXTEND_AHEAD_MS >= live.paidUntilMs) await this.extend(live, now);
  }

  /**
   * Reserves one more minute; when the balance (or, for a public browser call, the assistant's
   * daily widget budget) cannot pay it, the engine is told to wrap up.
   */
  private async extend(live: LiveCall, now: Date): Promise<void> {
    const { row } = live;
    const call = {
      id: row.id,
      userId: row.user_id,
      pricePerMinuteMicros: Number(row.price_per_minute_micros),
      budgetAssistantId: budgetAssistantOf(row),
    };
    try {
      const reserved = await inTransaction(this.options.db, (tx) => reserveMinute(tx, call, now));
      if (reserved) live.paidUntilMs += SECONDS_PER_MINUTE * 1000;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) live.wrapUp.abort('balance');
      else if (error instanceof DailyBudgetSpentError) live.wrapUp.abort('daily_budget');
      else throw error;
    }
  }

  /** The owner's phone number with this id (another account's is unknown), for a supervisor leg's caller id. */
  private async ownNumber(userId: number, phoneNumberId: number): Promise<string | null> {
    return createPhoneLinesRepo(this.options.db).ownNumber(userId, phoneNumberId);
  }

  /** Tells the engine about a supervisor progress it has not heard yet (by callback here or via the row). */
  private supervisorProgress(live: LiveCall, encoded: string): void {
    if (live.supervisorSeen === encoded) return;
    live.supervisorSeen = encoded;
    const progress = decodeSupervisorProgress(encoded);
    if (progress) for (const listener of live.supervisorListeners) listener(progress);
  }

  private setAnsweredBy(live: LiveCall, value: AnsweredBy): void {
    if (live.answeredBy === value) return;
    live.answeredBy = value;
    for (const listener of live.answeredByListeners) listener(value);
  }
}

export interface AttachInput {
  callId: number;
  media: CallMedia;
  /** Hang-up and transfer for the claimed call. */
  telephony(row: CallRow): Promise<CallTelephony>;
  /**
   * The carrier's own account of the end, when it gives one (read as the call ends): its talk
   * time replaces ours, and a failure it reports replaces the engine's status and reason.
   */
  carrierEnd?(): { durationSeconds?: number; status?: CallStatus; reason?: string } | undefined;
  /** The carrier account and call the leg came from, when it has them: they must be the call's. */
  accountId?: string;
  providerCallId?: string;
}

const SUPERVISOR_STATUSES: readonly string[] = [
  'ringing',
  'answered',
  'busy',
  'no-answer',
  'failed',
  'canceled',
  'completed',
] satisfies Array<SupervisorProgress['status']>;

/** `{leg id}:{status}`, as `calls.supervisor_status` keeps it (a Twilio CallSid has no colon). */
export function encodeSupervisorProgress(progress: SupervisorProgress): string {
  return `${progress.legId}:${progress.status}`;
}

function decodeSupervisorProgress(encoded: string): SupervisorProgress | null {
  const at = encoded.lastIndexOf(':');
  const status = encoded.slice(at + 1);
  if (at <= 0 || !SUPERVISOR_STATUSES.includes(status)) return null;
  return { legId: encoded.slice(0, at), status: status as SupervisorProgress['status'] };
}

function belongsTo(call: CallRow, input: AttachInput): boolean {
  if (input.accountId !== undefined && call.provider_account_id !== input.accountId) return false;
  return !(input.providerCallId && call.provider_call_id && call.provider_call_id !== input.providerCallId);
}

function callRecord(live: LiveCall, assistant: RuntimeAssistant, answeredAtMs: number): CallRecord {
  const { row } = live;
  return {
    id: row.id,
    uuid: row.uuid,
    userId: row.user_id,
    type: row.type,
    direction: row.direction,
    fromNumber: row.from_number,
    toNumber: row.to_number,
    variables: { ...assistant.variables, ...row.variables },
    answeredBy: live.answeredBy,
    startedAtMs: answeredAtMs,
    campaignCall: row.campaign_id !== null,
  };
}
