import type { CallSessions } from '../../lifecycle/call-sessions.js';
import type { CallRow } from '../../calls.repo.js';
import type { WebrtcLegOptions } from './chatapp-webrtc.js';
import type { CallTelephony } from '../telephony.types.js';
import { createChatappCallSignals } from './chatapp-call-signals.js';
import type { ChatappCallsDeps } from './chatapp-calls.deps.js';
import { createChatappCallsService } from './chatapp-calls.service.js';
import { ChatappLiveCalls } from './chatapp-live-calls.js';

/** The shared deps, less what the module builds itself: the live calls, and leg options defaulting to none. */
export type ChatappCallsModuleDeps = Omit<ChatappCallsDeps, 'live' | 'legOptions'> & {
  sessions: CallSessions;
  legOptions?: WebrtcLegOptions;
};

/**
 * Voice calls on the chatapp platform (WebRTC): the place-call service, the `calls` webhook's
 * signalling (registered with the chatapp module here), and the peers this process holds.
 */
export function createChatappCallsModule(deps: ChatappCallsModuleDeps) {
  const live = new ChatappLiveCalls({ db: deps.db, clock: deps.clock, logger: deps.logger, sessions: deps.sessions, port: deps.port });
  const shared = { ...deps, live, legOptions: deps.legOptions ?? {} };
  const signals = createChatappCallSignals(shared);
  deps.port.onCallSignal((sender, signal) => signals.handle(sender, signal));
  return {
    service: createChatappCallsService(shared),
    signals,
    live,
    /** The sweep's hang-up of a chatapp call nobody serves any more. */
    async telephonyFor(call: CallRow): Promise<CallTelephony | null> {
      const sender = call.chatapp_sender_id === null ? undefined : await deps.port.senderById(call.chatapp_sender_id);
      const calling = sender ? deps.port.calling(sender) : null;
      const wacid = call.provider_call_id;
      if (!calling || !wacid) return null;
      return {
        hangUp: () => calling.terminate(wacid),
        async transfer() {
          throw new Error('A chatapp call cannot be transferred to a phone number.');
        },
      };
    },
    stop: () => live.stop(),
  };
}

export type ChatappCallsModule = ReturnType<typeof createChatappCallsModule>;
