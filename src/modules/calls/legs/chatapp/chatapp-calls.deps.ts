import type { Logger } from 'pino';
import type { Clock } from '../../../../core/clock.js';
import type { Db } from '../../../../core/db/database.js';
import type { RuntimeAssistant } from '../../../assistants/index.js';
import type { VoiceCallsPort } from '../../../chatapp/voice-calls.port.js';
import type { WebrtcLegOptions } from './chatapp-webrtc.js';
import type { ChatappLiveCalls } from './chatapp-live-calls.js';
import type { CallRow } from '../../calls.repo.js';

/** What placing our calls and answering the platform's call signals both need. */
export interface ChatappCallsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  port: VoiceCallsPort;
  live: ChatappLiveCalls;
  pricePerMinuteMicros: number;
  legOptions: WebrtcLegOptions;
  loadAssistant(userId: number, assistantId: number): Promise<RuntimeAssistant | undefined>;
  /** Runs once a customer's call is recorded, before the assistant picks up (the inbound-call webhook). */
  beforeAnswer?: (call: CallRow) => Promise<void>;
}
