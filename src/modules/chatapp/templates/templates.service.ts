import { AppError } from '../../../core/http/errors.js';
import { inTransaction, type DbOrTx } from '../../../core/db/transaction.js';
import { enqueueJob, RetryableJobError } from '../../../core/jobs/index.js';
import type { ChatappTemplateStatus } from '../../../core/db/schema.js';
import { requireSender, type ChatappContext } from '../chatapp.context.js';
import { templateStatusFromPlatform } from '../platform/graph-templates.js';
import { PlatformError, type HeaderFormat, type PlatformTemplate } from '../platform/types.js';
import { createSendersRepo, type SenderRow } from '../senders/senders.repo.js';
import { createTemplatesRepo, type TemplateRow } from './templates.repo.js';

export const SYNC_TEMPLATES_JOB = 'chatapp.sync-templates';
export const SYNC_ALL_TEMPLATES_JOB = 'chatapp.sync-all-templates';
/** Spec 3.2: template approval status is synchronised every 4 hours. */
export const TEMPLATE_SYNC_INTERVAL_MS = 4 * 3_600_000;

export interface SyncTemplatesJob {
  senderId: number;
}

export function presentTemplate(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    body_text: row.body_text,
    variables: row.variables,
    has_variables: row.variables.length > 0,
    // Values a send needs besides the body's: keys of the same `variables` object of a send.
    header_format: row.header_format as HeaderFormat | null,
    header_variables: row.header_variables,
    button_variables: row.button_variables,
  };
}

/** One sync per sender at a time is enough; a second request while one waits adds nothing. */
export function enqueueTemplateSync(db: DbOrTx, senderId: number) {
  const payload: SyncTemplatesJob = { senderId };
  return enqueueJob(db, { kind: SYNC_TEMPLATES_JOB, payload, dedupeKey: `chatapp-sync:${senderId}`, maxAttempts: 4 });
}

export function createTemplatesService(ctx: ChatappContext) {
  const { db, clock, platforms, logger } = ctx;

  /** Stores the platform's list as the sender's templates, and when that happened. */
  async function store(senderId: number, templates: PlatformTemplate[], at: Date): Promise<number> {
    return inTransaction(db, async (tx) => {
      const count = await createTemplatesRepo(tx).replaceAll(senderId, templates, at);
      await createSendersRepo(tx).recordTemplateSync(senderId, { at, error: null });
      return count;
    });
  }

  async function syncSender(sender: SenderRow): Promise<{ count: number; at: Date }> {
    try {
      const templates = await platforms.forSender(sender).listTemplates();
      const at = clock.now();
      return { count: await store(sender.id, templates, at), at };
    } catch (error) {
      if (error instanceof PlatformError) {
        await createSendersRepo(db).recordTemplateSync(sender.id, { at: clock.now(), error: error.message });
      }
      throw error;
    }
  }

  return {
    store,

    async list(userId: number, senderId: number, status: ChatappTemplateStatus | 'all') {
      const sender = await requireSender(db, userId, senderId);
      return (await createTemplatesRepo(db).list(sender.id, status)).map(presentTemplate);
    },

    /** POST .../templates/sync: at once, the platform's answer (or refusal) returned to the caller. */
    async syncNow(userId: number, senderId: number) {
      const sender = await requireSender(db, userId, senderId);
      try {
        return await syncSender(sender);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        throw new AppError(error.kind === 'unavailable' ? 502 : 422, error.message, {
          code: 'SYNC_FAILED',
          extra: { platform_error: { code: error.code, message: error.message, details: error.details } },
        });
      }
    },

    /** The job: an unreachable platform is retried; a refusal (e.g. an expired token) is recorded on the sender. */
    async syncJob({ senderId }: SyncTemplatesJob): Promise<void> {
      const sender = await createSendersRepo(db).findByIdUnscoped(senderId);
      if (!sender) return;
      try {
        await syncSender(sender);
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'unavailable') throw new RetryableJobError(error.message);
        if (error instanceof PlatformError) {
          logger.warn({ senderId, code: error.code, err: error }, 'template sync refused by the platform');
          return;
        }
        throw error;
      }
    },

    /** The 4-hourly schedule fans out to one job per sender, so one slow account holds up no other. */
    async syncAllJob(): Promise<void> {
      const ids = await createSendersRepo(db).listIdsUnscoped();
      await inTransaction(db, async (tx) => {
        for (const id of ids) await enqueueTemplateSync(tx, id);
      });
    },

    /**
     * A message_template_status_update for one template of a business account. A template we do
     * not know yet (created on the platform since the last sync) triggers a sync instead.
     */
    async applyPlatformStatus(tx: DbOrTx, input: { wabaId: string; platformTemplateId: string; event: string }): Promise<void> {
      const senders = await createSendersRepo(tx).findByWabaIdUnscoped(input.wabaId);
      if (senders.length === 0) return;
      const status = templateStatusFromPlatform(input.event);
      const touched =
        status === undefined
          ? 0
          : await createTemplatesRepo(tx).applyPlatformStatus(
              senders.map((s) => s.id),
              input.platformTemplateId,
              status,
              clock.now(),
            );
      if (touched === 0 && status !== null) {
        for (const sender of senders) await enqueueTemplateSync(tx, sender.id);
      }
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
