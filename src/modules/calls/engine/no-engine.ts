import type { CallEngine } from './engine.types.js';

/**
 * Stands in until a real engine is wired in deps: the call is answered, then hung up at once and
 * recorded as ended by the assistant with reason `engine_unavailable`, so nothing hangs silent.
 */
export const unavailableEngine: CallEngine = {
  async run({ telephony }) {
    await telephony.hangUp();
    return { endedBy: 'assistant', reason: 'engine_unavailable', transcript: [] };
  },
};
