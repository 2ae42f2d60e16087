import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../../../core/db/errors.js';
import type { ChatappCallSignal } from '../../../../core/db/schema.js';
import { inTransaction } from '../../../../core/db/transaction.js';
import { InsufficientBalanceError, isAccountSuspended } from '../../../accounts/index.js';
import type { RuntimeAssistant } from '../../../assistants/index.js';
import type { CallSignal, PlatformCalling, SenderRow } from '../../../chatapp/voice-calls.port.js';
import { reserveMinute } from '../../lifecycle/call-billing.js';
import { endCall } from '../../lifecycle/call-end.js';
import { createCallsRepo, LIVE_STATUSES, type CallRow } from '../../calls.repo.js';
import { ChatappWebrtcLeg, SdpRefused } from './chatapp-webrtc.js';
import type { ChatappCallsDeps } from './chatapp-calls.deps.js';
import { MEDIA_CONNECT_MS, newLocalCall, NOT_ANSWERED, RING_MS, type LocalCall, type PlatformEnd } from './chatapp-live-calls.js';

/**
 * The platform's `calls` webhook for our calls (voice.md §5): the answer to our offer, the
 * customer's own call (pre_accept, then accept with the same SDP; reject when the sender
 * cannot take it), ringing and rejection, and the end of a call from the customer's side.
 */
export function createChatappCallSignals(deps: ChatappCallsDeps) {
  const { db, clock, logger, port, live } = deps;

  /** The call a signal is about: by the platform's id, or by our uuid echoed as callback data (the webhook can beat our own write of the id). */
  async function callFor(sender: SenderRow, signal: CallSignal): Promise<CallRow | undefined> {
    const repo = createCallsRepo(db);
    const byId = await repo.findByProviderCall('chatapp', signal.callId);
    if (byId) return byId.chatapp_sender_id === sender.id ? byId : undefined;
    if (!signal.callbackData || !/^[0-9a-f-]{36}$/i.test(signal.callbackData)) return undefined;
    const byUuid = await db
      .selectFrom('calls')
      .selectAll()
      .where('uuid', '=', signal.callbackData)
      .where('chatapp_sender_id', '=', sender.id)
      .executeTakeFirst();
    if (byUuid && !byUuid.provider_call_id) await repo.setProviderCall(byUuid.id, signal.callId, clock.now());
    return byUuid;
  }

  /** Leaves a signal for the process holding the call's peer, beside what is already there (an answer, then the pick-up). */
  async function leaveSignal(callId: number, signal: ChatappCallSignal): Promise<void> {
    await db
      .updateTable('calls')
      .set({ chatapp_signal: sql`coalesce(chatapp_signal, '{}'::jsonb) || ${JSON.stringify(signal)}::jsonb`, updated_at: clock.now() })
      .where('id', '=', callId)
      .where('status', 'in', LIVE_STATUSES)
      .execute();
  }

  /** The platform ended the call (terminate, or the customer's rejection before pick-up). */
  async function customerEnded(row: CallRow, end: PlatformEnd): Promise<void> {
    const local = live.find(row.id);
    if (local) return live.customerEnded(local, end);
    if (!LIVE_STATUSES.includes(row.status)) return;
    const now = clock.now();
    // A process talking on it ends it itself (it keeps the transcript); it learns of the end from the row.
    if (row.lease_holder && row.lease_until && row.lease_until > now) return leaveSignal(row.id, { terminated: true, end });
    // Never connected: ended here; a process ringing it sees that and drops its peer.
    await endCall(db, row.id, { status: end.status, reason: end.reason, endedAt: now, durationSeconds: end.durationSeconds ?? undefined });
  }

  /** The customer picked up our call: the process holding the peer starts the assistant. */
  async function onAccepted(row: CallRow): Promise<void> {
    const local = live.find(row.id);
    if (local) return live.accepted(local);
    if (LIVE_STATUSES.includes(row.status)) await leaveSignal(row.id, { accepted: true });
  }

  async function onAnswer(row: CallRow, sdp: string): Promise<void> {
    const local = live.find(row.id);
    if (local) return live.applyAnswer(local, sdp);
    if (LIVE_STATUSES.includes(row.status)) await leaveSignal(row.id, { answerSdp: sdp });
  }

  /** A customer calls the sender: the assistant answers, or the platform hears `reject`. */
  async function onCustomerCall(sender: SenderRow, signal: CallSignal, offerSdp: string): Promise<void> {
    if (await createCallsRepo(db).findByProviderCall('chatapp', signal.callId)) return;
    const calling = port.calling(sender);
    if (!calling) return;
    const reject = (why: string) => {
      logger.info({ senderId: sender.id, callId: signal.callId, why }, 'customer call rejected');
      return calling
        .reject(signal.callId)
        .catch((error: unknown) => logger.warn({ err: error, callId: signal.callId }, 'platform reject failed'));
    };
    const assistant = sender.assistant_id === null ? undefined : await deps.loadAssistant(sender.user_id, sender.assistant_id);
    if (!sender.voice_calling_enabled) return reject('calling_disabled');
    if (assistant?.status !== 'active') return reject('no_assistant');
    if (!signal.customerPhone) return reject('no_customer');
    if (await isAccountSuspended(db, sender.user_id)) return reject('account_suspended');
    const row = await insertInbound(sender, assistant, signal).catch(async (error: unknown) => {
      if (error instanceof InsufficientBalanceError) await reject('insufficient_balance');
      else if (!isUniqueViolation(error)) throw error;
      return undefined;
    });
    if (!row) return;
    await deps.beforeAnswer?.(row);
    let answered: { leg: ChatappWebrtcLeg; sdp: string };
    try {
      answered = await ChatappWebrtcLeg.answer(offerSdp, deps.legOptions);
    } catch (error) {
      const reason = error instanceof SdpRefused ? `offer_refused: ${error.problem}` : 'offer_refused';
      await endCall(db, row.id, { status: 'failed', reason, endedAt: clock.now() });
      await reject((error as Error).message);
      return;
    }
    const local = newLocalCall({
      callId: row.id,
      wacid: signal.callId,
      uuid: row.uuid,
      leg: answered.leg,
      sender,
      customerPhone: signal.customerPhone,
      direction: 'whatsapp_inbound',
      calling,
      ringDeadlineMs: clock.now().getTime() + RING_MS,
    });
    local.answerApplied = true;
    live.add(local);
    // Detached: the webhook job must not wait for ICE and DTLS.
    void pickUp(local, calling, answered.sdp).catch((error: unknown) =>
      logger.error({ err: error, callId: row.id }, 'could not pick up a customer call'),
    );
  }

  function insertInbound(sender: SenderRow, assistant: RuntimeAssistant, signal: CallSignal): Promise<CallRow> {
    const now = clock.now();
    return inTransaction(db, async (tx) => {
      const row = await createCallsRepo(tx).insert({
        uuid: randomUUID(),
        user_id: sender.user_id,
        assistant_id: assistant.id,
        phone_number_id: null,
        type: 'whatsapp_inbound',
        direction: 'inbound',
        is_test: false,
        status: 'ringing',
        provider: 'chatapp',
        provider_call_id: signal.callId,
        provider_account_id: null,
        from_number: signal.customerPhone,
        to_number: sender.phone_number,
        variables: {},
        price_per_minute_micros: deps.pricePerMinuteMicros,
        lease_until: new Date(now.getTime() + RING_MS + MEDIA_CONNECT_MS),
        now,
        chatapp_sender_id: sender.id,
      });
      await reserveMinute(tx, { id: row.id, userId: row.user_id, pricePerMinuteMicros: Number(row.price_per_minute_micros) }, now);
      return row;
    });
  }

  /**
   * pre_accept lets ICE and DTLS finish before the customer is connected; accept repeats the
   * same SDP, and once the platform took it the call is answered.
   */
  async function pickUp(local: LocalCall, calling: PlatformCalling, sdp: string): Promise<void> {
    const refused = (error: unknown) => live.fail(local, `platform_refused: ${(error as Error).message}`.slice(0, 500));
    try {
      await calling.preAccept(local.wacid!, sdp);
    } catch (error) {
      return refused(error);
    }
    if (!(await live.connectedInTime(local))) return live.fail(local, 'media_not_connected');
    try {
      await calling.accept(local.wacid!, sdp, local.uuid);
    } catch (error) {
      return refused(error);
    }
    await port.announceCall(local.sender, local.customerPhone, { id: local.callId, direction: 'whatsapp_inbound' });
    local.mediaUp = true;
    await live.accepted(local);
  }

  return {
    /** The chatapp module's webhook processor hands every call event here. */
    async handle(sender: SenderRow, signal: CallSignal): Promise<void> {
      const offer = signal.sdp?.type === 'offer' ? signal.sdp.sdp : null;
      // A customer's call without a usable offer is refused with the reason, not left to ring out.
      if (signal.kind === 'connect' && (signal.direction === 'user_initiated' || (signal.direction === null && offer !== null))) {
        return onCustomerCall(sender, signal, offer ?? '');
      }
      const row = await callFor(sender, signal);
      if (!row) {
        logger.info({ senderId: sender.id, callId: signal.callId, kind: signal.kind }, 'platform call event for an unknown call; ignored');
        return;
      }
      if (signal.kind === 'connect' && signal.sdp?.type === 'answer') return onAnswer(row, signal.sdp.sdp);
      if (signal.kind === 'terminate') return customerEnded(row, platformEnd(signal));
      if (signal.kind === 'status' && signal.status === 'RINGING') await createCallsRepo(db).advance(row.id, 'ringing', clock.now());
      if (signal.kind === 'status' && signal.status === 'ACCEPTED') await onAccepted(row);
      if (signal.kind === 'status' && signal.status === 'REJECTED')
        await customerEnded(row, { status: 'busy', reason: 'rejected', durationSeconds: null, failed: false });
    },
  };
}

export type ChatappCallSignals = ReturnType<typeof createChatappCallSignals>;

/**
 * A terminate as the calls API reports it: FAILED with an error is a failed call carrying the
 * platform's code and message (picked up or not); otherwise one with talk time is a completed
 * call, and anything else was never answered. Its duration is the platform's.
 */
function platformEnd(signal: CallSignal): PlatformEnd {
  const durationSeconds = signal.durationSeconds;
  if (signal.status === 'FAILED' && signal.error) {
    return {
      status: 'failed',
      reason: `platform_error ${signal.error.code}: ${signal.error.message}`.slice(0, 500),
      durationSeconds,
      failed: true,
    };
  }
  if (durationSeconds !== null && durationSeconds > 0) return { status: 'completed', reason: 'hangup', durationSeconds, failed: false };
  return NOT_ANSWERED;
}
