import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../../../core/db/transaction.js';
import { consumeLimits, throttle, type WindowLimit } from '../../../../core/limits/fixed-window.js';
import { InsufficientBalanceError } from '../../../accounts/index.js';
import { normalizePhone, PLATFORM_CODES, PlatformError } from '../../../chatapp/voice-calls.port.js';
import { reserveMinute } from '../../lifecycle/call-billing.js';
import { endCall } from '../../lifecycle/call-end.js';
import { createCallsRepo, LIVE_STATUSES } from '../../calls.repo.js';
import { ChatappWebrtcLeg } from './chatapp-webrtc.js';
import type { ChatappCallsDeps } from './chatapp-calls.deps.js';
import {
  CALLS_IN_PROGRESS_PER_SENDER,
  callPlacementFailure,
  chatappCallErrors,
  PER_CONTACT_ATTEMPTS,
  PER_CONTACT_WINDOW_MS,
} from './chatapp-calls.errors.js';
import type { PlaceChatappCallBody } from './chatapp-calls.schemas.js';
import { MEDIA_CONNECT_MS, newLocalCall, RING_MS } from './chatapp-live-calls.js';

/** Reference: 5 per minute, 15 per hour, 30 per day, per user, across every process. */
const placeCallLimits = (userId: number): WindowLimit[] => [
  { bucket: `chatapp-voice-call:user:${userId}:minute`, limit: 5, windowMs: 60_000 },
  { bucket: `chatapp-voice-call:user:${userId}:hour`, limit: 15, windowMs: 3_600_000 },
  { bucket: `chatapp-voice-call:user:${userId}:day`, limit: 30, windowMs: 86_400_000 },
];

/** Business-initiated chatapp calls: after the customer granted permission, the sender's assistant calls them. */
export function createChatappCallsService(deps: ChatappCallsDeps) {
  const { db, clock, port, live } = deps;

  /** The checks that need no lock, in the reference's order of its error list. */
  async function admit(userId: number, body: PlaceChatappCallBody) {
    const sender = await port.ownedSender(userId, body.sender_id);
    const phone = normalizePhone(body.recipient_phone)?.e164;
    if (!phone) throw chatappCallErrors.invalidPhone();
    const calling = port.calling(sender);
    if (!calling) throw chatappCallErrors.featureDisabled();
    if (!sender.voice_calling_enabled) throw chatappCallErrors.voiceDisabled();
    if (sender.status !== 'online') throw chatappCallErrors.senderOffline(422);
    if (port.isRestricted(sender)) throw chatappCallErrors.regionNotSupported(sender.country_code);
    const assistant = sender.assistant_id === null ? undefined : await deps.loadAssistant(userId, sender.assistant_id);
    if (!assistant) throw chatappCallErrors.noAssistant();
    if (assistant.status !== 'active') throw chatappCallErrors.assistantBlocked();
    if (!(await port.hasPermission(sender, phone))) throw chatappCallErrors.noPermission();
    return { sender, phone, calling, assistant };
  }

  return {
    /** Counted before validation, as the reference's throttle middleware does: every request uses an attempt. */
    async throttle(userId: number): Promise<void> {
      const verdict = await throttle(db, placeCallLimits(userId), clock.now());
      if (!verdict.allowed) throw chatappCallErrors.userRateLimit(verdict.retryAfterSeconds);
    },

    /**
     * The record, its first minute's reservation, the contact's attempt and the sender's
     * in-progress count commit together under a lock on the sender row, so the per-contact and
     * per-sender limits are exact across processes. Then our offer goes to the platform; its
     * answer arrives through the `calls` webhook (ChatappCallSignals).
     */
    async place(userId: number, body: PlaceChatappCallBody) {
      const { sender, phone, calling, assistant } = await admit(userId, body);
      const offered = await ChatappWebrtcLeg.offer(deps.legOptions);
      const now = clock.now();
      let row;
      try {
        row = await inTransaction(db, async (tx) => {
          await tx.selectFrom('chatapp_senders').select('id').where('id', '=', sender.id).forUpdate().execute();
          const bucket = `chatapp-voice-call:contact:${sender.id}:${phone}`;
          const verdict = await consumeLimits(tx, [{ bucket, limit: PER_CONTACT_ATTEMPTS, windowMs: PER_CONTACT_WINDOW_MS }], now);
          if (!verdict.allowed) throw chatappCallErrors.contactRateLimit(verdict.retryAfterSeconds);
          const inProgress = await tx
            .selectFrom('calls')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('chatapp_sender_id', '=', sender.id)
            .where('status', 'in', LIVE_STATUSES)
            .executeTakeFirstOrThrow();
          if (Number(inProgress.n) >= CALLS_IN_PROGRESS_PER_SENDER) throw chatappCallErrors.concurrentLimit();
          const inserted = await createCallsRepo(tx).insert({
            uuid: randomUUID(),
            user_id: userId,
            assistant_id: assistant.id,
            phone_number_id: null,
            type: 'whatsapp_outbound',
            direction: 'outbound',
            is_test: false,
            status: 'initiated',
            provider: 'chatapp',
            provider_call_id: null,
            provider_account_id: null,
            from_number: sender.phone_number,
            to_number: phone,
            variables: body.variables ?? {},
            price_per_minute_micros: deps.pricePerMinuteMicros,
            lease_until: new Date(now.getTime() + RING_MS + MEDIA_CONNECT_MS),
            now,
            chatapp_sender_id: sender.id,
          });
          try {
            await reserveMinute(tx, { id: inserted.id, userId, pricePerMinuteMicros: Number(inserted.price_per_minute_micros) }, now);
          } catch (error) {
            if (error instanceof InsufficientBalanceError) throw chatappCallErrors.insufficientBalance();
            throw error;
          }
          return inserted;
        });
      } catch (error) {
        await offered.leg.close('refused');
        throw error;
      }

      // Held here before the platform hears of it: its answer may arrive before connect returns.
      const local = newLocalCall({
        callId: row.id,
        wacid: null,
        uuid: row.uuid,
        leg: offered.leg,
        sender,
        customerPhone: phone,
        direction: 'whatsapp_outbound',
        calling,
        ringDeadlineMs: now.getTime() + RING_MS,
      });
      live.add(local);
      try {
        local.wacid = (await calling.connect(phone, offered.sdp, row.uuid)).callId;
        await createCallsRepo(db).setProviderCall(row.id, local.wacid, clock.now());
      } catch (error) {
        deps.logger.warn({ err: error, callId: row.id }, 'the platform refused to place a call');
        await endCall(db, row.id, {
          status: 'failed',
          reason: `platform_refused: ${(error as Error).message}`.slice(0, 500),
          endedAt: clock.now(),
        });
        await offered.leg.close('platform_refused');
        if (error instanceof PlatformError && error.code === PLATFORM_CODES.noCallPermission)
          await port.permissionRefused(sender, phone, clock.now());
        if (error instanceof PlatformError) throw callPlacementFailure(error, sender.country_code);
        throw error;
      }
      await port.announceCall(sender, phone, { id: row.id, direction: 'whatsapp_outbound' });
      return { success: true as const, status: 'queued' as const, sender_id: sender.id, customer_phone: phone };
    },
  };
}

export type ChatappCallsService = ReturnType<typeof createChatappCallsService>;
