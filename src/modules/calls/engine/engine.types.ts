import type { CallTranscriptEntry } from '../../../core/db/schema.js';
import type { RuntimeAssistant } from '../../assistants/index.js';
import type { CallMedia } from '../legs/media.types.js';
import type { CallTelephony, SupervisorProgress } from '../legs/telephony.types.js';

/** What the engine knows about the call it runs. */
export interface CallRecord {
  id: number;
  uuid: string;
  userId: number;
  /** whatsapp_*: a call on the chatapp platform (WebRTC), by its direction. */
  type: 'inbound' | 'outbound' | 'web' | 'whatsapp_outbound' | 'whatsapp_inbound';
  direction: 'inbound' | 'outbound';
  /** E.164 (or null on a browser call). */
  fromNumber: string | null;
  toNumber: string | null;
  /** The assistant's variables overridden by the call's own (make_call `variables`). */
  variables: Record<string, unknown>;
  answeredBy: AnsweredBy | null;
  /** Unix ms when the media connected. */
  startedAtMs: number;
  /** A campaign's call: the person called can opt out of further calls (OPT_OUT_FUNCTION). */
  campaignCall?: boolean;
}

export type AnsweredBy = 'human' | 'machine' | 'unknown';

/**
 * Signals from outside the engine while the call runs. `wrapUp` is aborted when the call must
 * end politely (the balance cannot pay another minute): the engine says goodbye and hangs up;
 * if it has not ended when the paid time runs out, the session hangs up itself.
 */
export interface CallSignals {
  wrapUp: AbortSignal;
  /** Answering-machine detection may decide after the media connected (async AMD). */
  onAnsweredBy(listener: (answeredBy: AnsweredBy) => void): void;
  /** A warm transfer's supervisor leg: ringing, answered, or why it never was. Absent: no such reports. */
  onSupervisor?(listener: (progress: SupervisorProgress) => void): void;
}

export interface CallEngineSession {
  call: CallRecord;
  assistant: RuntimeAssistant;
  media: CallMedia;
  telephony: CallTelephony;
  signals: CallSignals;
  /** The call owner's phone number with this id (another account's is null): a supervisor leg's caller id. */
  ownNumber?(phoneNumberId: number): Promise<string | null>;
}

export interface CallOutcome {
  /** customer: the caller hung up; assistant: the engine ended it (end_call, max duration, voicemail, balance, transfer). */
  endedBy: 'customer' | 'assistant';
  /** Short machine-readable reason, e.g. hangup, end_call, max_duration, voicemail, balance, transferred, silence. */
  reason: string;
  transcript: CallTranscriptEntry[];
  /** Where the engine stored the recording (DATA_DIR-relative or a bucket key), when it recorded. */
  recordingPath?: string | null;
  recordingUrl?: string | null;
}

/** One call's loop (turn-taking, speech, tools). Resolves when the call is over; rejecting fails the call. */
export interface CallEngine {
  run(session: CallEngineSession): Promise<CallOutcome>;
}
