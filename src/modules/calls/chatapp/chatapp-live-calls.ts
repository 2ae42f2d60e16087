import type { Logger } from 'pino';
import type { Clock } from '../../../core/clock.js';
import type { Db } from '../../../core/db/database.js';
import type { CallStatus, ChatappCallSignal } from '../../../core/db/schema.js';
import type { PlatformCalling } from '../../chatapp/platform/types.js';
import type { SenderRow } from '../../chatapp/senders.repo.js';
import type { CallDirection, VoiceCallsPort } from '../../chatapp/voice-calls.port.js';
import { endCall } from '../call-end.js';
import type { CallSessions } from '../call-sessions.js';
import { LIVE_STATUSES } from '../calls.repo.js';
import type { ChatappWebrtcLeg } from '../telephony/chatapp-webrtc.js';
import type { CallTelephony } from '../telephony/telephony.types.js';

/** How long the customer's phone may ring, and how long ICE/DTLS may take once answered. */
export const RING_MS = 60_000;
export const MEDIA_CONNECT_MS = 20_000;
const POLL_MS = 500;

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
  started: boolean;
  customerHungUp: boolean;
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
 * starts the engine once DTLS-SRTP is up, and ends calls the customer hung up or never answered.
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
      await call.calling.terminate(call.wacid).catch((error: unknown) => this.deps.logger.warn({ err: error, callId: call.callId, reason }, 'platform terminate failed'));
    });
    this.startPolling();
  }

  /** The platform's SDP answer to our offer: apply it and start the call once media is up. */
  async applyAnswer(call: LocalCall, sdp: string): Promise<void> {
    if (call.answerApplied) return;
    call.answerApplied = true;
    await call.leg.acceptAnswer(sdp);
    void this.startMedia(call);
  }

  /**
   * Waits for DTLS-SRTP, then hands the leg to the engine (the session reserves minutes and
   * ends the call). A leg that does not connect in time fails the call.
   */
  async startMedia(call: LocalCall): Promise<void> {
    const { db, clock, logger, sessions, port } = this.deps;
    const connected = await Promise.race([call.leg.connected, delay(this.deps.mediaConnectMs ?? MEDIA_CONNECT_MS).then(() => false)]);
    if (!connected) {
      await endCall(db, call.callId, { status: 'failed', reason: 'media_not_connected', endedAt: clock.now() });
      await call.leg.close('media_not_connected');
      return;
    }
    const attached = await sessions.attach({
      callId: call.callId,
      media: call.leg,
      providerCallId: call.wacid ?? undefined,
      telephony: async () => this.telephony(call),
    });
    if (!attached) {
      await call.leg.close('not_attached');
      return;
    }
    call.started = true;
    await port.callConnected(call.sender, call.customerPhone, clock.now()).catch((error: unknown) => logger.error({ err: error, callId: call.callId }, 'could not record the connected call'));
  }

  /** The customer hung up (terminate webhook, or a REJECTED status before pick-up). */
  async customerEnded(call: LocalCall, final: { status: CallStatus; reason: string }): Promise<void> {
    call.customerHungUp = true;
    if (call.started) {
      await call.leg.close('hangup');
      return;
    }
    await endCall(this.deps.db, call.callId, { status: final.status, reason: final.reason, endedAt: this.deps.clock.now() });
    await call.leg.close(final.reason);
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
    if (signal?.terminated) return this.customerEnded(call, { status: 'no-answer', reason: 'not_answered' });
    if (signal?.answerSdp && !call.answerApplied) return this.applyAnswer(call, signal.answerSdp);
    if (!call.started && !call.answerApplied && call.direction === 'whatsapp_outbound' && nowMs > call.ringDeadlineMs) {
      await endCall(this.deps.db, call.callId, { status: 'no-answer', reason: 'not_answered', endedAt: new Date(nowMs) });
      await call.leg.close('not_answered');
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
