import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { HIDDEN_SECRET } from '../../core/crypto/secret-box.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import { AppError, validationFailed, type FieldErrors } from '../../core/http/errors.js';
import { generateSigningSecret } from '../../core/net/signing.js';
import { createCampaignsRepo, type CampaignRow } from './campaigns.repo.js';
import {
  ASSISTANT_NOT_OUTBOUND,
  CAMPAIGN_NOT_FOUND,
  INSUFFICIENT_BALANCE_TO_START,
  INVALID_ACTION,
  WEEKDAYS,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from './campaigns.schemas.js';
import { isValidTimeZone } from './dial-window.js';
import { enqueueDial } from './dial-queue.js';
import { campaignProgress } from './campaign-progress.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

/** What campaigns need of an assistant: that it is the owner's and calls out, and its post-call schema. */
export interface CampaignAssistant {
  id: number;
  type: string;
  timezone: string;
  post_call_schema: Array<{ name: string; type: string }>;
}

export interface CampaignsServiceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  loadAssistant(userId: number, assistantId: number): Promise<CampaignAssistant | undefined>;
  /** The ids among `ids` that are the owner's phone numbers. */
  ownedPhoneNumberIds(userId: number, ids: number[], tx: DbOrTx): Promise<number[]>;
  /** Whether the owner's balance pays a minute of a call (the reservation every dial makes). */
  canPayMinute(userId: number): Promise<boolean>;
  quietHours: string;
}

const EDITABLE: CampaignRow['status'][] = ['draft', 'stopped', 'paused'];
const hms = (hm: string) => (hm.length === 5 ? `${hm}:00` : hm);

/** `hideSecrets`: the pre-dial signing secret is not shown (for a reader who may not see secrets). */
export function presentCampaign(c: CampaignRow, iso: (d: Date) => string, { hideSecrets = false } = {}) {
  return {
    id: c.id,
    name: c.name,
    assistant_id: c.assistant_id,
    status: c.status,
    pause_reason: c.pause_reason,
    timezone: c.timezone,
    max_calls_in_parallel: c.max_calls_in_parallel,
    mark_complete_when_no_leads: c.mark_complete_when_no_leads,
    allowed_hours_start_time: hms(c.allowed_hours_start_time),
    allowed_hours_end_time: hms(c.allowed_hours_end_time),
    allowed_days: c.allowed_days,
    max_retries: c.max_retries,
    retry_interval: c.retry_interval,
    retry_on_voicemail: c.retry_on_voicemail,
    retry_on_goal_incomplete: c.retry_on_goal_incomplete,
    goal_completion_variable: c.goal_completion_variable,
    phone_number_ids: c.phone_number_ids,
    pre_dial_webhook_url: c.pre_dial_webhook_url,
    pre_dial_webhook_secret: hideSecrets && c.pre_dial_webhook_secret !== null ? HIDDEN_SECRET : c.pre_dial_webhook_secret,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

type CampaignSettings = Omit<CreateCampaignBody, 'name' | 'assistant_id'> & { name?: string; assistant_id?: number };

export function createCampaignsService(deps: CampaignsServiceDeps) {
  const { db, clock } = deps;
  const notFound = () => new AppError(404, CAMPAIGN_NOT_FOUND);

  async function outboundAssistant(userId: number, assistantId: number): Promise<CampaignAssistant> {
    const assistant = await deps.loadAssistant(userId, assistantId);
    if (assistant?.type !== 'outbound') throw new AppError(404, ASSISTANT_NOT_OUTBOUND);
    return assistant;
  }

  /** The rules that span fields: the zone exists, the goal is a bool the assistant extracts, the numbers are the owner's. */
  async function checkSettings(userId: number, merged: CampaignSettings, assistant: CampaignAssistant, tx: DbOrTx): Promise<void> {
    const errors: FieldErrors = {};
    if (merged.timezone !== undefined && !isValidTimeZone(merged.timezone)) errors.timezone = ['The timezone must be a valid timezone.'];
    if (merged.retry_on_goal_incomplete && !merged.goal_completion_variable) {
      errors.goal_completion_variable = ['The goal completion variable field is required when retry on goal incomplete is true.'];
    } else if (merged.goal_completion_variable) {
      const bools = ['status', ...assistant.post_call_schema.filter((item) => item.type === 'bool').map((item) => item.name)];
      if (!bools.includes(merged.goal_completion_variable)) {
        errors.goal_completion_variable = [
          `The goal completion variable must be a bool variable of the assistant's post-call schema: ${bools.join(', ')}.`,
        ];
      }
    }
    const ids = merged.phone_number_ids ?? [];
    const owned = new Set(await deps.ownedPhoneNumberIds(userId, ids, tx));
    ids.forEach((id, i) => {
      if (!owned.has(id)) errors[`phone_number_ids.${i}`] = [`The selected phone_number_ids.${i} is invalid.`];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The given data was invalid.');
  }

  return {
    async create(userId: number, body: CreateCampaignBody): Promise<CampaignRow> {
      const assistant = await outboundAssistant(userId, body.assistant_id);
      const timezone = body.timezone ?? assistant.timezone;
      return inTransaction(db, async (tx) => {
        await checkSettings(userId, { ...body, timezone }, assistant, tx);
        const now = clock.now();
        return createCampaignsRepo(tx).insert({
          user_id: userId,
          name: body.name,
          assistant_id: assistant.id,
          status: 'draft',
          timezone,
          max_calls_in_parallel: body.max_calls_in_parallel ?? 3,
          allowed_hours_start_time: (body.allowed_hours_start_time ?? '00:00').slice(0, 5),
          allowed_hours_end_time: (body.allowed_hours_end_time ?? '23:59').slice(0, 5),
          allowed_days: JSON.stringify(body.allowed_days ?? WEEKDAYS),
          max_retries: body.max_retries ?? 3,
          retry_interval: body.retry_interval ?? 60,
          retry_on_voicemail: body.retry_on_voicemail ?? false,
          retry_on_goal_incomplete: body.retry_on_goal_incomplete ?? false,
          goal_completion_variable: body.goal_completion_variable ?? null,
          mark_complete_when_no_leads: body.mark_complete_when_no_leads ?? true,
          phone_number_ids: JSON.stringify(body.phone_number_ids ?? []),
          pre_dial_webhook_url: body.pre_dial_webhook_url ?? null,
          pre_dial_webhook_secret: generateSigningSecret(),
          created_at: now,
          updated_at: now,
        });
      });
    },

    list(userId: number): Promise<CampaignRow[]> {
      return createCampaignsRepo(db).list(userId);
    },

    async get(userId: number, id: number): Promise<CampaignRow> {
      const campaign = await createCampaignsRepo(db).findOwned(userId, id);
      if (!campaign) throw notFound();
      return campaign;
    },

    /** Settings change only while the dialer does not use them: a draft, stopped or paused campaign. */
    async update(userId: number, id: number, body: UpdateCampaignBody): Promise<CampaignRow> {
      const current = await createCampaignsRepo(db).findOwned(userId, id);
      if (!current) throw notFound();
      const assistant = await outboundAssistant(userId, body.assistant_id ?? current.assistant_id ?? 0);
      return inTransaction(db, async (tx) => {
        const repo = createCampaignsRepo(tx);
        const locked = await repo.lockOwned(userId, id);
        if (!locked) throw notFound();
        if (!EDITABLE.includes(locked.status))
          throw new AppError(409, 'Only a draft, stopped or paused campaign can be updated; stop it first.');
        const merged = { ...toSettings(locked), ...body };
        await checkSettings(userId, merged, assistant, tx);
        const { allowed_days, phone_number_ids, allowed_hours_start_time, allowed_hours_end_time, ...rest } = body;
        return repo.update(id, {
          ...rest,
          ...(allowed_hours_start_time !== undefined ? { allowed_hours_start_time: allowed_hours_start_time.slice(0, 5) } : {}),
          ...(allowed_hours_end_time !== undefined ? { allowed_hours_end_time: allowed_hours_end_time.slice(0, 5) } : {}),
          ...(allowed_days !== undefined ? { allowed_days: JSON.stringify(allowed_days) } : {}),
          ...(phone_number_ids !== undefined ? { phone_number_ids: JSON.stringify(phone_number_ids) } : {}),
          updated_at: clock.now(),
        });
      });
    },

    /**
     * start: the dialer takes the campaign from where it was (a paused one resumes once its owner
     * can pay). stop: nothing new is dialled; the calls in progress finish and are recorded.
     */
    async changeStatus(userId: number, campaignId: number, action: string): Promise<{ message: string; status: string }> {
      if (action !== 'start' && action !== 'stop') throw new AppError(400, INVALID_ACTION, { extra: { success: false } });
      const current = await createCampaignsRepo(db).findOwned(userId, campaignId);
      if (!current) throw new AppError(404, 'Campaign not found.', { extra: { success: false } });
      if (action === 'start') {
        if (current.assistant_id === null) throw new AppError(404, ASSISTANT_NOT_OUTBOUND, { extra: { success: false } });
        if (!(await deps.canPayMinute(userId))) {
          throw new AppError(400, INSUFFICIENT_BALANCE_TO_START, {
            extra: { success: false, data: { campaign_id: campaignId, status: current.status } },
          });
        }
      }
      return inTransaction(db, async (tx) => {
        const repo = createCampaignsRepo(tx);
        const locked = await repo.lockOwned(userId, campaignId);
        if (!locked) throw new AppError(404, 'Campaign not found.', { extra: { success: false } });
        const now = clock.now();
        if (action === 'start') {
          await repo.update(campaignId, { status: 'in-progress', pause_reason: null, updated_at: now });
          await enqueueDial(tx, campaignId);
          return { message: 'Campaign started successfully.', status: 'in-progress' };
        }
        const stopped = locked.status === 'in-progress' || locked.status === 'paused';
        if (stopped) await repo.update(campaignId, { status: 'stopped', pause_reason: null, updated_at: now });
        return { message: 'Campaign stopped successfully.', status: stopped ? 'stopped' : locked.status };
      });
    },

    /** A running campaign is stopped first; its calls in progress finish, its leads go with it. */
    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const repo = createCampaignsRepo(tx);
        const locked = await repo.lockOwned(userId, id);
        if (!locked) throw notFound();
        if (locked.status === 'in-progress') await repo.update(id, { status: 'stopped', updated_at: clock.now() });
        await repo.delete(id);
        const details = { name: locked.name };
        await recordAudit(tx, {
          userId,
          actor,
          action: 'campaign.deleted',
          resourceType: 'campaign',
          resourceId: id,
          details,
          now: clock.now(),
        });
      });
    },

    async progress(userId: number, id: number) {
      const campaign = await createCampaignsRepo(db).findOwned(userId, id);
      if (!campaign) throw notFound();
      return campaignProgress(db, campaign, clock.now(), deps.quietHours);
    },
  };
}

function toSettings(c: CampaignRow): CampaignSettings {
  return {
    name: c.name,
    assistant_id: c.assistant_id ?? undefined,
    timezone: c.timezone,
    max_calls_in_parallel: c.max_calls_in_parallel,
    allowed_hours_start_time: c.allowed_hours_start_time,
    allowed_hours_end_time: c.allowed_hours_end_time,
    allowed_days: c.allowed_days as CampaignSettings['allowed_days'],
    max_retries: c.max_retries,
    retry_interval: c.retry_interval,
    retry_on_voicemail: c.retry_on_voicemail,
    retry_on_goal_incomplete: c.retry_on_goal_incomplete,
    goal_completion_variable: c.goal_completion_variable,
    mark_complete_when_no_leads: c.mark_complete_when_no_leads,
    phone_number_ids: c.phone_number_ids,
    pre_dial_webhook_url: c.pre_dial_webhook_url,
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
