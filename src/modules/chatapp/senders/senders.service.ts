import { AppError, validationFailed, type FieldErrors } from '../../../core/http/errors.js';
import { isUniqueViolation } from '../../../core/db/errors.js';
import { inTransaction } from '../../../core/db/transaction.js';
import { isoTimestamp } from '../../../core/http/schemas.js';
import { chatappErrors } from '../chatapp.errors.js';
import { requireSender, type ChatappContext } from '../chatapp.context.js';
import { normalizePhone, type NormalizedPhone } from '../phone.js';
import { PlatformError, type PlatformTemplate, type VerifiedNumber } from '../platform/types.js';
import type { SenderPlatformFields } from '../platform/index.js';
import { createSendersRepo, type NewSender, type SenderPatch, type SenderRow } from './senders.repo.js';
import { createTemplatesRepo } from '../templates/templates.repo.js';
import { TOKEN_REVOKED_REASON } from './sender-state.service.js';
import type { CreateSenderBody, UpdateSenderBody } from './senders.schemas.js';
import { recordAudit, type AuditActor } from '../../audit/index.js';

const CLOUD_API_FIELDS = ['phone_number_id', 'waba_id', 'access_token'] as const;
const PHONE_INVALID = 'The phone number field must be a valid international phone number (e.g. +14155551234).';
const ASSISTANT_INVALID = 'The selected assistant id is invalid.';
const PHONE_NUMBER_ID_TAKEN = 'The phone number id has already been taken.';

export function presentSenderSummary(row: SenderRow) {
  return {
    id: row.id,
    phone_number: row.phone_number,
    display_name: row.display_name,
    status: row.status,
    quality_rating: row.quality_rating ?? 'UNKNOWN',
    messaging_limit: row.messaging_limit,
    messaging_limit_formatted: row.messaging_limit === null ? 'Unlimited' : `${row.messaging_limit.toLocaleString('en-US')} / 24hr`,
    voice_calling_enabled: row.voice_calling_enabled,
    platform: row.platform,
  };
}

export function presentSender(row: SenderRow) {
  return {
    ...presentSenderSummary(row),
    country_code: row.country_code,
    phone_number_id: row.phone_number_id,
    waba_id: row.waba_id,
    verified_name: row.verified_name,
    voice_webhook_url: row.voice_webhook_url,
    status_webhook_url: row.status_webhook_url,
    offline_reason: row.offline_reason,
    name_status: row.name_status,
    state_synced_at: isoTimestamp(row.state_synced_at),
    assistant_id: row.assistant_id,
    templates_synced_at: isoTimestamp(row.templates_synced_at),
    templates_sync_error: row.templates_sync_error,
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
  };
}

export function createSendersService(deps: ChatappContext) {
  const { db, clock, secrets, platforms, assistants } = deps;

  async function assistantErrors(userId: number, assistantId: number | null | undefined): Promise<FieldErrors> {
    if (assistantId === undefined || assistantId === null) return {};
    return (await assistants.findOwnedUuid(userId, assistantId)) ? {} : { assistant_id: [ASSISTANT_INVALID] };
  }

  const takenPhoneNumberId = (error: unknown) => {
    if (isUniqueViolation(error, 'chatapp_senders_phone_number_id_key'))
      throw validationFailed({ phone_number_id: [PHONE_NUMBER_ID_TAKEN] });
    throw error;
  };

  async function createErrors(userId: number, input: CreateSenderBody, phoneValid: boolean): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (!phoneValid) errors.phone_number = [PHONE_INVALID];
    if (input.platform === 'cloud_api') {
      for (const field of CLOUD_API_FIELDS) {
        if (!input[field]) errors[field] = [`The ${field.replace(/_/g, ' ')} field is required when platform is cloud_api.`];
      }
    }
    return { ...errors, ...(await assistantErrors(userId, input.assistant_id)) };
  }

  const platformRejected = (error: PlatformError) =>
    new AppError(422, `The messaging platform refused these credentials: ${error.message}`, {
      code: 'PLATFORM_REJECTED',
      extra: { platform_error: { code: error.code, message: error.message, details: error.details } },
    });

  /**
   * Whoever registers a phone_number_id receives its customers' messages, so a number is stored
   * only once the platform confirms these credentials hold it. Unlike the template listing, an
   * unreachable platform refuses too: an unverified number must never be stored.
   */
  async function verifyNumber(sender: SenderPlatformFields): Promise<VerifiedNumber | null> {
    try {
      return await platforms.forSender(sender).verifyNumber();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'rejected') throw platformRejected(error);
      throw new AppError(502, `The phone number could not be verified with the messaging platform: ${error.message}`, {
        code: 'PLATFORM_UNAVAILABLE',
        extra: { platform_error: { code: error.code, message: error.message, details: error.details } },
      });
    }
  }

  /**
   * Calling follows voice_calling_enabled on the platform's number (`POST /{id}/settings`). The
   * platform's refusal (e.g. 138015, a messaging limit under 2,000) is shown as it said it, and
   * the change is not stored.
   */
  async function applyCallingSetting(sender: SenderPlatformFields, enabled: boolean): Promise<void> {
    const calling = platforms.forSender(sender).calling;
    if (!calling) return;
    try {
      await calling.setCallingEnabled(enabled);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      throw new AppError(
        error.kind === 'rejected' ? 422 : 502,
        `The messaging platform refused to turn calling ${enabled ? 'on' : 'off'}: ${error.message}`,
        {
          code: 'CALLING_SETTINGS_FAILED',
          extra: { platform_error: { code: error.code, message: error.message, details: error.details } },
        },
      );
    }
  }

  /** The platform's display number when it reads as a phone number, else what the caller sent. */
  function verifiedPhone(verified: VerifiedNumber | null, given: NormalizedPhone): NormalizedPhone {
    return (verified && normalizePhone(verified.displayPhoneNumber)) || given;
  }

  /**
   * A refusal (bad token, wrong WABA) creates nothing; an unreachable platform creates the
   * sender and leaves the templates to the recurring sync.
   */
  async function initialTemplates(
    sender: SenderPlatformFields,
  ): Promise<{ templates: PlatformTemplate[] | null; syncError: string | null }> {
    try {
      return { templates: await platforms.forSender(sender).listTemplates(), syncError: null };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'unavailable') return { templates: null, syncError: error.message };
      throw platformRejected(error);
    }
  }

  return {
    /** Registers a sender and loads its templates, in one transaction. */
    async create(userId: number, input: CreateSenderBody) {
      const phone = normalizePhone(input.phone_number);
      const errors = await createErrors(userId, input, phone !== null);
      if (Object.keys(errors).length > 0 || !phone) throw validationFailed(errors);
      const now = clock.now();
      const cloud = input.platform === 'cloud_api';
      const credentials = {
        platform: input.platform,
        phone_number_id: cloud ? input.phone_number_id! : null,
        waba_id: cloud ? input.waba_id! : null,
        access_token_sealed: cloud ? secrets.seal(input.access_token!) : null,
      };
      const verified = await verifyNumber(credentials);
      const number = verifiedPhone(verified, phone);
      const row: NewSender = {
        ...credentials,
        user_id: userId,
        display_name: input.display_name.trim(),
        phone_number: number.e164,
        country_code: number.country,
        verified_name: verified?.verifiedName ?? null,
        quality_rating: cloud ? null : 'GREEN',
        voice_calling_enabled: input.voice_calling_enabled ?? false,
        voice_webhook_url: input.voice_webhook_url ?? null,
        status_webhook_url: input.status_webhook_url ?? null,
        assistant_id: input.assistant_id ?? null,
        created_at: now,
        updated_at: now,
      };
      if (row.voice_calling_enabled) await applyCallingSetting(credentials, true);
      const { templates, syncError } = await initialTemplates(credentials);
      const sender = await inTransaction(db, async (tx) => {
        const synced = { templates_synced_at: templates ? now : null, templates_sync_error: syncError };
        const inserted = await createSendersRepo(tx)
          .insert({ ...row, ...synced })
          .catch(takenPhoneNumberId);
        if (templates) await createTemplatesRepo(tx).replaceAll(inserted.id, templates, now);
        return inserted;
      });
      return presentSender(sender);
    },

    async list(userId: number, status: 'online' | 'all') {
      return (await createSendersRepo(db).listOwned(userId, status === 'online')).map(presentSenderSummary);
    },

    async get(userId: number, id: number) {
      return presentSender(await requireSender(db, userId, id));
    },

    async update(userId: number, id: number, input: UpdateSenderBody) {
      const sender = await requireSender(db, userId, id);
      const errors = await assistantErrors(userId, input.assistant_id);
      if (input.access_token !== undefined && sender.platform !== 'cloud_api') {
        errors.access_token = ['The access token field is only used by cloud_api senders.'];
      }
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const patch: SenderPatch = { updated_at: clock.now() };
      if (input.display_name !== undefined) patch.display_name = input.display_name.trim();
      if (input.voice_calling_enabled !== undefined) patch.voice_calling_enabled = input.voice_calling_enabled;
      if (input.voice_webhook_url !== undefined) patch.voice_webhook_url = input.voice_webhook_url;
      if (input.status_webhook_url !== undefined) patch.status_webhook_url = input.status_webhook_url;
      if (input.assistant_id !== undefined) patch.assistant_id = input.assistant_id;
      if (input.access_token !== undefined) {
        // A new token must prove it holds the number just as the first one did.
        patch.access_token_sealed = secrets.seal(input.access_token);
        const verified = await verifyNumber({ ...sender, access_token_sealed: patch.access_token_sealed });
        const number = verifiedPhone(verified, { e164: sender.phone_number, country: sender.country_code });
        patch.phone_number = number.e164;
        patch.country_code = number.country;
        patch.verified_name = verified?.verifiedName ?? null;
        // The new token proved it holds the number: a sender offline only for its old token is back.
        if (sender.offline_reason === TOKEN_REVOKED_REASON) {
          patch.status = 'online';
          patch.offline_reason = null;
        }
      }
      if (patch.voice_calling_enabled !== undefined && patch.voice_calling_enabled !== sender.voice_calling_enabled) {
        await applyCallingSetting(
          { ...sender, access_token_sealed: patch.access_token_sealed ?? sender.access_token_sealed },
          patch.voice_calling_enabled,
        );
      }
      const updated = await createSendersRepo(db).updateOwned(userId, id, patch);
      if (!updated) throw chatappErrors.senderNotFound();
      return presentSender(updated);
    },

    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const deleted = await createSendersRepo(tx).deleteOwned(userId, id);
        if (!deleted) throw chatappErrors.senderNotFound();
        await recordAudit(tx, {
          userId,
          actor,
          action: 'sender.deleted',
          resourceType: 'sender',
          resourceId: id,
          details: { phone_number: deleted.phone_number, display_name: deleted.display_name },
          now: clock.now(),
        });
      });
    },

    /**
     * Who owns a sender and how it presents itself, for the service's own replies to its
     * customers. Unscoped on purpose: the caller is a background job, not a user request.
     */
    async replyIdentity(id: number): Promise<{ userId: number; phoneNumber: string; displayName: string } | undefined> {
      const sender = await createSendersRepo(db).findByIdUnscoped(id);
      return sender ? { userId: sender.user_id, phoneNumber: sender.phone_number, displayName: sender.display_name } : undefined;
    },
  };
}

export type SendersService = ReturnType<typeof createSendersService>;
