import { inTransaction, type DbOrTx } from '../../../core/db/transaction.js';
import { enqueueJob, RetryableJobError } from '../../../core/jobs/index.js';
import type { ChatappContext } from '../chatapp.context.js';
import { offlineReasonOfStatus } from '../platform/number-state.js';
import { PLATFORM_CODES, PlatformError } from '../platform/types.js';
import { createSendersRepo, type SenderRow, type SenderStatePatch } from './senders.repo.js';
import type { NumberStateChange } from '../webhook/number-events.js';

export const SYNC_SENDER_STATE_JOB = 'chatapp.sync-sender-state';
export const SYNC_ALL_SENDER_STATES_JOB = 'chatapp.sync-all-sender-states';
/** The reference: sender status syncs with the platform every 5 minutes. */
export const SENDER_STATE_SYNC_INTERVAL_MS = 5 * 60_000;

export const TOKEN_REVOKED_REASON =
  'The platform no longer accepts the access token (expired or revoked); update the sender with a new one.';

export interface SyncSenderStateJob {
  senderId: number;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * Keeps each cloud_api sender's status, quality rating, messaging limit and name review in step
 * with the platform: a 5-minute poll, the platform's number and account webhooks, and a send
 * refused for an invalid token (190), which takes the sender offline at once.
 */
export function createSenderStateService(ctx: ChatappContext) {
  const { db, clock, platforms, logger } = ctx;

  async function markTokenRevoked(tx: DbOrTx, senderId: number): Promise<void> {
    await createSendersRepo(tx).applyPlatformState(senderId, {
      status: 'offline',
      offline_reason: TOKEN_REVOKED_REASON,
      updated_at: clock.now(),
    });
  }

  async function syncSender(sender: SenderRow): Promise<void> {
    const now = clock.now();
    try {
      const state = await platforms.forSender(sender).getNumberState();
      if (!state) return;
      const reason = offlineReasonOfStatus(state.status);
      await createSendersRepo(db).applyPlatformState(sender.id, {
        status: reason ? 'offline' : 'online',
        offline_reason: reason,
        quality_rating: state.qualityRating ?? undefined,
        messaging_limit: state.messagingLimit,
        name_status: state.nameStatus ?? undefined,
        state_synced_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === PLATFORM_CODES.tokenInvalid) {
        await markTokenRevoked(db, sender.id);
        return;
      }
      if (error.kind === 'unavailable') throw new RetryableJobError(error.message);
      logger.warn({ senderId: sender.id, code: error.code, err: error }, 'sender state read refused by the platform');
    }
  }

  return {
    /** After a send refused with 190: the sender is offline until its owner gives a new token. */
    async onSendRefused(sender: SenderRow, error: PlatformError): Promise<void> {
      if (error.code === PLATFORM_CODES.tokenInvalid && sender.platform === 'cloud_api') await markTokenRevoked(db, sender.id);
    },

    async syncJob({ senderId }: SyncSenderStateJob): Promise<void> {
      const sender = await createSendersRepo(db).findByIdUnscoped(senderId);
      if (sender && sender.platform === 'cloud_api') await syncSender(sender);
    },

    /** The 5-minute schedule fans out to one job per sender, so one slow account holds up no other. */
    async syncAllJob(): Promise<void> {
      const ids = await createSendersRepo(db).listIdsUnscoped();
      await inTransaction(db, async (tx) => {
        for (const senderId of ids) {
          const payload: SyncSenderStateJob = { senderId };
          await enqueueJob(tx, { kind: SYNC_SENDER_STATE_JOB, payload, dedupeKey: `chatapp-state:${senderId}`, maxAttempts: 3 });
        }
      });
    },

    /**
     * An account_update, phone_number_quality_update or phone_number_name_update webhook. They
     * name the business account and (mostly) the display number, not the phone number id.
     */
    async applyNumberEvent(tx: DbOrTx, input: { wabaId: string; displayPhone: string | null; change: NumberStateChange }): Promise<void> {
      const repo = createSendersRepo(tx);
      const senders = (await repo.findByWabaIdUnscoped(input.wabaId)).filter(
        (s) => input.displayPhone === null || digits(s.phone_number) === digits(input.displayPhone),
      );
      const { change } = input;
      const patch: SenderStatePatch = { updated_at: clock.now() };
      if (change.offlineReason !== undefined) {
        patch.status = change.offlineReason === null ? 'online' : 'offline';
        patch.offline_reason = change.offlineReason;
      }
      if (change.qualityRating !== undefined) patch.quality_rating = change.qualityRating;
      if (change.messagingLimit !== undefined) patch.messaging_limit = change.messagingLimit;
      if (change.nameStatus !== undefined) patch.name_status = change.nameStatus;
      if (change.verifiedName !== undefined) patch.verified_name = change.verifiedName;
      for (const sender of senders) {
        // A sender whose token was revoked stays offline whatever the account says: only a new token helps.
        const keepOffline = patch.status === 'online' && sender.offline_reason === TOKEN_REVOKED_REASON;
        await repo.applyPlatformState(sender.id, keepOffline ? { ...patch, status: undefined, offline_reason: undefined } : patch);
      }
    },
  };
}

export type SenderStateService = ReturnType<typeof createSenderStateService>;
