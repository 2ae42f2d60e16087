import type { RuntimeAssistant } from '../../../assistants/index.js';
import type { CallTelephony } from '../telephony.types.js';
import type { TwilioAccounts } from './twilio-accounts.js';
import type { TwilioCredentials, TwilioRest } from './twilio-rest.js';
import type { TwilioParams } from './twilio-signature.js';
import { briefAndJoinTwiml, connectStreamTwiml, dialTwiml, holdInConferenceTwiml } from './twiml.js';

export const TWILIO_STREAM_PATH = '/api/voice/twilio/stream';
export const TWILIO_STATUS_PATH = '/api/voice/twilio/status';
export const TWILIO_INCOMING_PATH = '/api/voice/twilio/incoming';
/** A bought number's SMS URL: reserved for inbound SMS, set on every number bought here. */
export const TWILIO_SMS_PATH = '/api/sms/twilio/incoming';
/** Where Twilio reports an outbound SMS's progress (its StatusCallback), with our message id. */
export const TWILIO_SMS_STATUS_PATH = '/api/sms/twilio/status';
/** The query parameter carrying our SMS id into its status callbacks. */
export const SMS_ID_PARAMETER = 'sms_id';
/** The <Parameter> carrying our call id into the stream's `start.customParameters`. */
export const CALL_ID_PARAMETER = 'call_id';
/** Twilio reports progress for these; `initiated` and `ringing` only ever reach callbacks. */
const STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];

/** The public addresses Twilio uses to reach us, from PUBLIC_URL. */
export function twilioUrls(publicUrl: string) {
  const origin = new URL(publicUrl);
  return {
    /** Twilio opens media streams over wss only. */
    stream: `wss://${origin.host}${TWILIO_STREAM_PATH}`,
    status: (callId: number) => `${origin.origin}${TWILIO_STATUS_PATH}?${CALL_ID_PARAMETER}=${callId}`,
    /** A number's Voice URL and SMS URL. */
    incoming: `${origin.origin}${TWILIO_INCOMING_PATH}`,
    sms: `${origin.origin}${TWILIO_SMS_PATH}`,
    smsStatus: (smsId: number) => `${origin.origin}${TWILIO_SMS_STATUS_PATH}?${SMS_ID_PARAMETER}=${smsId}`,
    /** The URL Twilio requested (what it signed), from the path and query we received. */
    requested: (pathAndQuery: string) => `${origin.origin}${pathAndQuery}`,
    streamRequested: (pathAndQuery: string) => `wss://${origin.host}${pathAndQuery}`,
  };
}

export type TwilioUrls = ReturnType<typeof twilioUrls>;

/** Answering-machine detection only when the assistant does something about voicemail. */
export function wantsMachineDetection(assistant: Pick<RuntimeAssistant, 'end_call_on_voicemail' | 'voice_mail_message'>): boolean {
  return assistant.end_call_on_voicemail || !!assistant.voice_mail_message;
}

/** The create-call form: our TwiML inline (no fetch round trip), progress callbacks, optional async AMD. */
export function createCallForm(input: {
  callId: number;
  from: string;
  to: string;
  assistant: RuntimeAssistant;
  urls: TwilioUrls;
  /** A SIP trunk's credentials, answering its carrier's digest challenge (`to` is then a sip: URI). */
  sipAuth?: { username: string; password: string };
}): TwilioParams {
  const statusUrl = input.urls.status(input.callId);
  const form: TwilioParams = {
    To: input.to,
    From: input.from,
    Twiml: connectStreamTwiml(input.urls.stream, { [CALL_ID_PARAMETER]: String(input.callId) }),
    StatusCallback: statusUrl,
    StatusCallbackMethod: 'POST',
    StatusCallbackEvent: STATUS_EVENTS,
    Timeout: String(input.assistant.ringing_time),
  };
  if (input.sipAuth) Object.assign(form, { SipAuthUsername: input.sipAuth.username, SipAuthPassword: input.sipAuth.password });
  if (wantsMachineDetection(input.assistant)) {
    Object.assign(form, {
      MachineDetection: 'DetectMessageEnd',
      AsyncAmd: 'true',
      AsyncAmdStatusCallback: statusUrl,
      AsyncAmdStatusCallbackMethod: 'POST',
    });
  }
  return form;
}

/** A supervisor leg reports its progress here (see `TwilioWebhooks.supervisorStatusUrl`). */
export interface TwilioControlOptions {
  supervisorStatusUrl?: string;
}

/** Hang-up and transfer of one Twilio call through the REST call update. */
export function twilioCallControl(
  rest: TwilioRest,
  credentials: TwilioCredentials,
  callSid: string,
  defaultCallerId: string | null,
  options: TwilioControlOptions = {},
): CallTelephony {
  return {
    async hangUp() {
      await rest.updateCall(credentials, callSid, { Status: 'completed' });
    },
    async transfer(to, transferOptions = {}) {
      const callerId = transferOptions.callerId ?? defaultCallerId ?? undefined;
      await rest.updateCall(credentials, callSid, { Twiml: dialTwiml(to, { callerId, announcement: transferOptions.announcement }) });
    },
    async dialSupervisor(plan) {
      const from = plan.callerId ?? defaultCallerId;
      if (!from) throw new Error('No number to call the supervisor from.');
      // A SIP address is dialled as it is: Twilio's create-call takes sip: URIs in To.
      const form: TwilioParams = {
        To: plan.to,
        From: from,
        Twiml: briefAndJoinTwiml(plan.briefing, plan.conference),
        Timeout: String(plan.ringSeconds),
      };
      if (options.supervisorStatusUrl) {
        Object.assign(form, {
          StatusCallback: options.supervisorStatusUrl,
          StatusCallbackMethod: 'POST',
          StatusCallbackEvent: STATUS_EVENTS,
        });
      }
      const leg = await rest.createCall(credentials, form);
      return {
        id: leg.sid,
        async joinCaller(holdMusic) {
          if (!(await rest.updateCall(credentials, callSid, { Twiml: holdInConferenceTwiml(plan.conference, holdMusic) }))) {
            throw new Error('The caller hung up before the transfer.');
          }
        },
        async cancel() {
          // `canceled` stops a call still ringing (Twilio refuses `completed` for it, and the reverse).
          const stopped = await rest.updateCall(credentials, leg.sid, { Status: 'canceled' }).catch(() => false);
          if (!stopped) await rest.updateCall(credentials, leg.sid, { Status: 'completed' }).catch(() => false);
        },
      };
    },
  };
}

/** Control of a recorded call, or null when its account or carrier call id is unknown. */
export async function controlForCall(
  rest: TwilioRest,
  accounts: TwilioAccounts,
  call: {
    provider_account_id: string | null;
    provider_call_id: string | null;
    direction: string;
    from_number: string | null;
    to_number: string | null;
  },
  options: TwilioControlOptions = {},
): Promise<CallTelephony | null> {
  if (!call.provider_account_id || !call.provider_call_id) return null;
  const credentials = await accounts.bySid(call.provider_account_id);
  if (!credentials) return null;
  const ourNumber = call.direction === 'outbound' ? call.from_number : call.to_number;
  return twilioCallControl(rest, credentials, call.provider_call_id, ourNumber, options);
}
