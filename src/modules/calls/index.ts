// The calls module (voice calls: legs, lifecycle, engines, speech): what other modules and the
// composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { registerCalls } from './calls.plugin.js';
export { createCallsModule, registerCallsJobs } from './calls.module.js';
export { createCallReadiness } from './lifecycle/call-readiness.js';
export { observeTurn, voiceTurnHistogram } from './engine/engine-metrics.js';
export type { CallEngine } from './engine/engine.types.js';
export { createModeEngine } from './engine/mode-engine.js';
export { createPipelineEngine } from './engine/pipeline/pipeline-engine.js';
export type { PipelineEngineDeps } from './engine/pipeline/pipeline-engine.js';
export { createRealtimeEngine } from './engine/realtime/realtime-engine.js';
export { createRecordingStore } from './recordings/index.js';
export { createSpeechProviders } from './speech/providers.js';
export { createTwilioDirectory } from './legs/twilio/twilio-directory.js';
export { createTwilioRest } from './legs/twilio/twilio-rest.js';
