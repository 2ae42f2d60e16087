import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { Db } from '../../../../core/db/database.js';
import type { CallStatus, ChatappCallSignal } from '../../../../core/db/schema.js';
import type { PlatformCalling, SenderRow } from '../../../chatapp/voice-calls.port.js';
import type { CallDirection, VoiceCallsPort } from '../../../chatapp/voice-calls.port.js';
import { endCall } from '../../lifecycle/call-end.js';
import type { CallSessions } from '../../lifecycle/call-sessions.js';
import { LIVE_STATUSES } from '../../calls.repo.js';
import { SdpRefused, type ChatappWebrtcLeg } from './chatapp-webrtc.js';
import type { CallTelephony } from '../telephony.types.js';

/** How long the customer's phone may ring, and how long ICE/DTLS may take once answered. */
export const RING_MS = 60_000;
export const MEDIA_CONNECT_MS = 20_000;
const POLL_MS = 500;

/** How the platform ended a call: its outcome, the talk time it measured, and whether it failed the call. */
export type PlatformEnd = NonNullable<ChatappCallSignal['end']>;

export const NOT_ANSWERED: PlatformEnd = { status: 'no-answer', reason: 'not_answered', durationSeconds: null, failed: false };

/** One call whose WebRTC peer lives in this process. */
export interface LocalCall {
  callId: number;
  /** The platform's call id; null until `connect` has answered (the webhook may come first). */
  wacid: string | null;
  uuid: string;
  leg: ChatappWebrtcLeg;
  sender: SenderRow;
  customerPhone: string;
  direction: CallDirection;
  calling: PlatformCalling;
  /** Clock ms after which an unanswered call is given up. */
  ringDeadlineMs: number;
  answerApplied: boolean;
  /** ICE and DTLS are up with the platform's media server (the phone may still be ringing). */
  mediaUp: boolean;
  /** The customer picked up: the platform's ACCEPTED status (business calls), our accept (customer calls). */
  accepted: boolean;
  /** The engine is being attached, or runs: the call is answered. */
  starting: boolean;
  started: boolean;
  customerHungUp: boolean;
  /** Set when the platform ended the call: the session records its outcome and duration. */
  platformEnd: PlatformEnd | null;
}

/** A call just placed or picked up: nothing applied, connected or started yet. */
export function newLocalCall(
  fields: Pick<LocalCall, 'callId' | 'wacid' | 'uuid' | 'leg' | 'sender' | 'customerPhone' | 'direction' | 'calling' | 'ringDeadlineMs'>,
): LocalCall {
  return {
    ...fields,
    answerApplied: false,
    mediaUp: false,
    accepted: false,
    starting: false,
    started: false,
    customerHungUp: false,
    platformEnd: null,
  };
}

export interface ChatappLiveCallsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  sessions: CallSessions;
  port: VoiceCallsPort;
  mediaConnectMs?: number;
}

/**
 * The chatapp calls whose WebRTC peers this process holds: it applies the platform's answer,
 * starts the engine once DTLS-SRTP is up and the customer has picked up (for a business call the
 * media path to the platform is up while the phone still rings: nothing is said, charged or
 * counted as a connected call until the platform reports ACCEPTED), and ends calls the customer
 * hung up, rejected or never answered.
 * The platform's `calls` webhook may be processed by any process: one that does not hold the
 * peer writes what it learned into the call row (`chatapp_signal`), and the holder polls those
 * rows for its own calls, so signalling is exact across processes.
 */
export class ChatappLiveCalls {
  private readonly local = new Map<number, LocalCall>();
  private poller: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(private readonly deps: ChatappLiveCallsDeps) {}

  get size(): number {
    return this.local.size;
  }

  find(callId: number): LocalCall | undefined {
    return this.local.get(callId);
  }

  /** Holds a call's peer here until it ends; the platform hears `terminate` unless the customer hung up. */
  add(call: LocalCall): void {
    this.local.set(call.callId, call);
    void call.leg.whenEnded.then(async (reason) => {
      this.local.delete(call.callId);
      if (call.customerHungUp || !call.wacid) return;
      await call.calling
        .terminate(call.wacid)
        .catch((error: unknown) => this.deps.logger.warn({ err: error, callId: call.callId, reason }, 'platform terminate failed'));
    });
    this.startPolling();
  }

  /** The platform's SDP answer to our offer: apply it, and wait for media (the call starts once accepted too). */
  async applyAnswer(call: LocalCall, sdp: string): Promise<void> {
    if (call.answerApplied) return;
    call.answerApplied = true;
    try {
      await call.leg.acceptAnswer(sdp);
    } catch (error) {
      this.deps.logger.warn({ err: error, callId: call.callId }, "the platform's SDP answer was refused");
      return this.fail(call, error instanceof SdpRefused ? `answer_refused: ${error.problem}` : 'answer_refused');
    }
    void this.awaitMedia(call);
  }

  /** Whether ICE and DTLS come up within MEDIA_CONNECT_MS. */
  connectedInTime(call: LocalCall): Promise<boolean> {
    return Promise.race([call.leg.connected, delay(this.deps.mediaConnectMs ?? MEDIA_CONNECT_MS).then(() => false)]);
  }

  private async awaitMedia(call: LocalCall): Promise<void> {
    if (!(await this.connectedInTime(call))) return this.fail(call, 'media_not_connected');
    call.mediaUp = true;
    await this.start(call);
  }

  /** The customer picked up. */
  async accepted(call: LocalCall): Promise<void> {
    call.accepted = true;
    await this.start(call);
  }

  /**
   * Once media is up and the customer picked up: the leg goes to the engine (the session
   * reserves minutes and ends the call), and the call counts as connected (window, ask caps).
   */
  private async start(call: LocalCall): Promise<void> {
    if (!call.mediaUp || !call.accepted || call.starting) return;
    call.starting = true;
    const { clock, logger, sessions, port } = this.deps;
    const attached = await sessions.attach({
      callId: call.callId,
      media: call.leg,
      providerCallId: call.wacid ?? undefined,
      telephony: async () => this.telephony(call),
      carrierEnd: () => carrierEnd(call.platformEnd),
    });
    if (!attached) {
      await call.leg.close('not_attached');
      return;
    }
    call.started = true;
    await port
      .callConnected(call.sender, call.customerPhone, clock.now())
      .catch((error: unknown) => logger.error({ err: error, callId: call.callId }, 'could not record the connected call'));
  }

  /** The platform ended the call (terminate webhook, or a REJECTED status before pick-up). */
  async customerEnded(call: LocalCall, end: PlatformEnd): Promise<void> {
    call.customerHungUp = true;
    call.platformEnd = end;
    if (call.started) {
      await call.leg.close(end.failed ? 'platform_failed' : 'hangup');
      return;
    }
    await endCall(this.deps.db, call.callId, {
      status: end.status,
      reason: end.reason,
      endedAt: this.deps.clock.now(),
      durationSeconds: end.durationSeconds ?? undefined,
    });
    await call.leg.close(end.reason);
  }

  /** A call that cannot go on before the engine has it: failed, and the platform hears `terminate`. */
  async fail(call: LocalCall, reason: string): Promise<void> {
    await endCall(this.deps.db, call.callId, { status: 'failed', reason, endedAt: this.deps.clock.now() });
    await call.leg.close(reason);
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await Promise.all([...this.local.values()].map((call) => call.leg.close('shutdown')));
  }

  /** Hang-up closes the leg (the platform hears `terminate` when it ends); the platform has no transfers. */
  private telephony(call: LocalCall): CallTelephony {
    return {
      hangUp: () => call.leg.close('hangup_by_assistant'),
      async transfer() {
        throw new Error('A chatapp call cannot be transferred to a phone number.');
      },
    };
  }

  private startPolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => void this.poll(), POLL_MS);
    this.poller.unref();
  }

  /** Signals other processes left for our calls, the sweep's verdicts, and ring timeouts. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    if (this.local.size === 0) {
      if (this.poller) clearInterval(this.poller);
      this.poller = null;
      return;
    }
    this.polling = true;
    try {
      const rows = await this.deps.db
        .selectFrom('calls')
        .select(['id', 'status', 'chatapp_signal'])
        .where('id', 'in', [...this.local.keys()])
        .execute();
      const now = this.deps.clock.now().getTime();
      for (const row of rows) {
        const call = this.local.get(row.id);
        if (!call) continue;
        await this.applyRow(call, row.status, row.chatapp_signal, now);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, 'chatapp call poll failed');
    } finally {
      this.polling = false;
    }
  }

  private async applyRow(call: LocalCall, status: CallStatus, signal: ChatappCallSignal | null, nowMs: number): Promise<void> {
    if (!LIVE_STATUSES.includes(status)) {
      // Ended elsewhere: by a process that saw the customer hang up before pick-up, or by the
      // sweep (which tells the platform itself). Either way the platform needs no terminate from us.
      call.customerHungUp = true;
      await call.leg.close('ended_elsewhere');
      return;
    }
    if (signal?.terminated) return this.customerEnded(call, signal.end ?? NOT_ANSWERED);
    if (signal?.answerSdp && !call.answerApplied) await this.applyAnswer(call, signal.answerSdp);
    if (signal?.accepted && !call.accepted) await this.accepted(call);
    // A call the customer picked up rings no more: if its media never comes up, awaitMedia fails it.
    if (!call.accepted && call.direction === 'whatsapp_outbound' && nowMs > call.ringDeadlineMs) {
      await endCall(this.deps.db, call.callId, { status: 'no-answer', reason: 'not_answered', endedAt: new Date(nowMs) });
      await call.leg.close('not_answered');
    }
  }
}

/** The session's view of the platform's end: its talk time always, its outcome when it failed the call. */
function carrierEnd(end: PlatformEnd | null) {
  if (!end) return undefined;
  return { durationSeconds: end.durationSeconds ?? undefined, ...(end.failed ? { status: end.status, reason: end.reason } : {}) };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
