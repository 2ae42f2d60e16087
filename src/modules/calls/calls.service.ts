import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import { inTransaction } from '../../core/db/transaction.js';
import { AppError } from '../../core/http/errors.js';
import { InsufficientBalanceError } from '../accounts/index.js';
import type { RuntimeAssistant } from '../assistants/index.js';
import { dialThroughTrunk, normalizePhone, type TrunkDialSettings } from '../phone-numbers/index.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { reserveMinute } from './lifecycle/call-billing.js';
import type { CampaignDial } from './campaign-calls.port.js';
import { endCall } from './lifecycle/call-end.js';
import { createCallsRepo, LIVE_STATUSES, type CallFilters } from './calls.repo.js';
import { createPhoneLinesRepo } from './phone-lines.repo.js';
import {
  ASSISTANT_NOT_OWNED,
  CALL_NOT_FOUND,
  INSUFFICIENT_BALANCE,
  INVALID_PHONE,
  type ListCallsQuery,
  type MakeCallBody,
} from './calls.schemas.js';
import { createCallForm, twilioUrls } from './legs/twilio/twilio.js';
import type { TwilioAccounts } from './legs/twilio/twilio-accounts.js';
import { TwilioApiError, type TwilioRest } from './legs/twilio/twilio-rest.js';
import type { RecordingStore } from './recordings/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

/** A dial that has not connected media by ringing time plus this is given up by the sweep. */
export const DIAL_GRACE_MS = 2 * 60_000;

export interface CallsServiceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  pricePerMinuteMicros: number;
  publicUrl: string | undefined;
  recordings: RecordingStore;
  rest: TwilioRest;
  accounts: TwilioAccounts;
  /** Opens a SIP trunk's password for the carrier's challenge. */
  secrets: SecretBox;
  loadAssistant(userId: number, assistantId: number): Promise<RuntimeAssistant | undefined>;
}

const callNotFound = () => new AppError(404, CALL_NOT_FOUND);

type DialingLine = NonNullable<Awaited<ReturnType<ReturnType<typeof createPhoneLinesRepo>['dialingLine']>>>;

export function createCallsService(deps: CallsServiceDeps) {
  const { db, clock } = deps;

  /** The caller id and the account that dials from it; refused when telephony is not set up. */
  async function dialingLine(assistant: RuntimeAssistant, lineId = assistant.phone_number_id) {
    if (!deps.publicUrl) throw new AppError(503, 'Phone calls are not configured: set PUBLIC_URL to the https address Twilio can reach.');
    const line = lineId === null ? undefined : await createPhoneLinesRepo(db).dialingLine(assistant.user_id, lineId);
    if (!line) throw new AppError(422, 'The assistant has no phone number to call from. Assign one with phone_number_id.');
    // Another account's line: calling from it would show their number to the people called.
    if (line.held_elsewhere)
      throw new AppError(422, `The number ${line.phone_number} is registered by another account; the assistant cannot call from it.`);
    const credentials = await deps.accounts.forPhoneNumber(line.id);
    if (!credentials) {
      throw new AppError(
        503,
        'Phone calls are not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, or register the number with its own Twilio account.',
      );
    }
    return { line, credentials, urls: twilioUrls(deps.publicUrl) };
  }

  /** A call from a SIP trunk's number: Twilio dials the carrier's SIP address (null: any other number). */
  function throughTrunk(line: DialingLine, callee: string) {
    if (!line.sip_trunk_type || !line.sip_address || !line.sip_calling_format) return null;
    const settings: TrunkDialSettings = {
      sipTrunkType: line.sip_trunk_type,
      phoneNumber: line.phone_number,
      countryCode: line.country_code,
      sipAddress: line.sip_address,
      outboundProxy: line.outbound_proxy,
      callingFormat: line.sip_calling_format,
      username: line.sip_username,
      password: line.sip_password_sealed ? deps.secrets.open(line.sip_password_sealed) : null,
    };
    const dial = dialThroughTrunk(settings, callee);
    if ('refused' in dial) throw new AppError(422, dial.refused);
    return dial.ok;
  }

  /** A dial Twilio refused (or never answered): the call fails and its reservation goes back; the sweep does it if this fails too. */
  async function recordRefusedDial(callId: number, error: unknown): Promise<void> {
    deps.logger.warn({ err: error, callId }, 'Twilio refused to place a call');
    const reason =
      error instanceof TwilioApiError && error.status !== null ? `provider_error: ${error.code ?? error.status}` : 'provider_unreachable';
    await endCall(db, callId, { status: 'failed', reason, endedAt: clock.now() }).catch((endError: unknown) => {
      deps.logger.error({ err: endError, callId }, 'could not record a refused dial; the sweep will close it');
    });
  }

  return {
    /**
     * Places an outbound call: the record and its first minute's reservation commit together
     * (refused when the balance cannot pay a minute), then Twilio dials. A dial Twilio refuses
     * ends the call as failed and returns the reservation. Once Twilio has accepted the dial the
     * call is real whatever happens here: it is never recorded as failed, and if noting its
     * CallSid fails, its status callbacks (which name the call id) and its media stream record it
     * and follow it to its end. A campaign's dial names its campaign, lead and caller number.
     */
    async makeCall(userId: number, body: MakeCallBody, campaign?: CampaignDial) {
      const to = /^\+[1-9]\d{6,14}$/.test(body.phone_number) ? normalizePhone(body.phone_number)?.e164 : undefined;
      if (!to) throw new AppError(400, INVALID_PHONE);
      const assistant = await deps.loadAssistant(userId, body.assistant_id);
      if (!assistant) throw new AppError(404, ASSISTANT_NOT_OWNED);
      const { line, credentials, urls } = await dialingLine(assistant, campaign?.fromPhoneNumberId ?? assistant.phone_number_id);
      const trunk = throughTrunk(line, to);
      const now = clock.now();
      const call = await inTransaction(db, async (tx) => {
        const row = await createCallsRepo(tx).insert({
          uuid: randomUUID(),
          user_id: userId,
          assistant_id: assistant.id,
          phone_number_id: line.id,
          type: 'outbound',
          direction: 'outbound',
          is_test: false,
          status: 'initiated',
          provider: 'twilio',
          provider_call_id: null,
          provider_account_id: credentials.accountSid,
          from_number: line.phone_number,
          to_number: to,
          variables: body.variables ?? {},
          price_per_minute_micros: deps.pricePerMinuteMicros,
          lease_until: new Date(now.getTime() + assistant.ringing_time * 1000 + DIAL_GRACE_MS),
          now,
          campaign_id: campaign?.campaignId,
          lead_id: campaign?.leadId,
        });
        try {
          await reserveMinute(tx, { id: row.id, userId, pricePerMinuteMicros: row.price_per_minute_micros }, now);
        } catch (error) {
          if (error instanceof InsufficientBalanceError) throw new AppError(422, INSUFFICIENT_BALANCE);
          throw error;
        }
        return row;
      });
      let created: { sid: string };
      try {
        created = await deps.rest.createCall(
          credentials,
          createCallForm({
            callId: call.id,
            from: trunk?.from ?? line.phone_number,
            to: trunk?.to ?? to,
            assistant,
            urls,
            sipAuth: trunk?.auth ?? undefined,
          }),
        );
      } catch (error) {
        await recordRefusedDial(call.id, error);
        throw new AppError(502, `The call could not be placed. ${refusalText(error)}`);
      }
      await createCallsRepo(db)
        .setProviderCall(call.id, created.sid, clock.now())
        .catch((error: unknown) => {
          deps.logger.error(
            { err: error, callId: call.id, callSid: created.sid },
            'Twilio is placing a call whose CallSid could not be noted; its callbacks will note it',
          );
        });
      return { message: 'Call initiated successfully', call_id: call.id, status: 'initiated' };
    },

    async list(userId: number, query: ListCallsQuery) {
      const filters: CallFilters = {
        status: query.status,
        type: query.type,
        assistantId: query.assistant_id,
        campaignId: query.campaign_id,
        phoneNumber: query.phone_number ? (normalizePhone(query.phone_number)?.e164 ?? query.phone_number) : undefined,
        from: query.date_from ? dayStart(query.date_from) : undefined,
        to: query.date_to ? new Date(dayStart(query.date_to).getTime() + 86_400_000 - 1) : undefined,
      };
      return createCallsRepo(db).list(userId, filters, query.page, query.per_page);
    },

    async get(userId: number, id: number) {
      const call = await createCallsRepo(db).findOwned(userId, id);
      if (!call) throw callNotFound();
      return call;
    },

    /** The recording of one of the owner's calls (from DATA_DIR or the bucket), or 404 when it has none. */
    async recording(userId: number, id: number) {
      const call = await createCallsRepo(db).findOwned(userId, id);
      if (!call) throw callNotFound();
      const stored = call.recording_path ? await deps.recordings.get(call.recording_path) : null;
      if (!stored) throw new AppError(404, 'Recording not found');
      return stored;
    },

    /** Deletes a finished call and its recording file; a live call must end first. */
    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      const call = await createCallsRepo(db).findOwned(userId, id);
      if (!call) throw callNotFound();
      if (LIVE_STATUSES.includes(call.status))
        throw new AppError(409, 'The call is still in progress; it can be deleted once it has ended.');
      const deleted = await inTransaction(db, async (tx) => {
        const row = await createCallsRepo(tx).deleteOwned(userId, id);
        if (!row) throw callNotFound();
        await recordAudit(tx, {
          userId,
          actor,
          action: 'call.deleted',
          resourceType: 'call',
          resourceId: id,
          details: { type: row.type, from_number: row.from_number, to_number: row.to_number },
          now: clock.now(),
        });
        return row;
      });
      // The file goes once the row is gone for good.
      if (deleted.recording_path) await deps.recordings.remove(deleted.recording_path);
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;

/** What the caller is told about a refused dial: Twilio's own words when it answered, never our internals. */
function refusalText(error: unknown): string {
  if (error instanceof TwilioApiError && error.status !== null) return error.message;
  if (error instanceof TwilioApiError) return 'Twilio could not be reached; please try again.';
  return 'Please try again.';
}

function dayStart(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) throw new AppError(422, `The date ${day} is not a valid date.`);
  return date;
}
