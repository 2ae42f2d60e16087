import type { Mode } from '../../assistants/index.js';
import type { CallEngine } from './engine.types.js';
import { unavailableEngine } from './no-engine.js';

/**
 * Runs each call with the engine of its assistant's mode (pipeline, multimodal, dualplex); a
 * mode without an engine on this server hangs up with reason `engine_unavailable`.
 */
export function createModeEngine(engines: Partial<Record<Mode, CallEngine>>): CallEngine {
  return {
    run(session) {
      const engine = engines[session.assistant.mode as Mode] ?? unavailableEngine;
      return engine.run(session);
    },
  };
}
