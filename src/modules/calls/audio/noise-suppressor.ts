import { createRnnoiseSuppressor, type RnnoiseSuppressorOptions } from './rnnoise-suppressor.js';
import { createSpeexSuppressor } from './speex-suppressor.js';
import type { NoiseSuppressor, NoiseSuppressorKind } from './suppressor.js';

/**
 * The noise suppressor run on the caller's 16 kHz audio before voice detection and transcription
 * when the assistant has enable_noise_cancellation. Two are built in (VOICE_NOISE_SUPPRESSOR):
 * - speex: Speex's spectral suppressor (speex-suppressor.ts), at the call's own rate;
 * - rnnoise: Xiph's recurrent network (rnnoise-suppressor.ts), which lets no loud steady noise
 *   pass for speech, at ten times the CPU (bench/voice-detection.ts compares them).
 * Calls run either on worker threads (noise-suppressor-pool.ts) to keep the event loop free.
 */
export type { NoiseSuppressor, NoiseSuppressorKind } from './suppressor.js';

export interface NoiseSuppressorOptions extends RnnoiseSuppressorOptions {
  kind?: NoiseSuppressorKind;
}

export const DEFAULT_NOISE_SUPPRESSOR: NoiseSuppressorKind = 'speex';

export function createNoiseSuppressor(options: NoiseSuppressorOptions = {}): Promise<NoiseSuppressor> {
  const { kind = DEFAULT_NOISE_SUPPRESSOR, ...rnnoise } = options;
  return kind === 'speex' ? createSpeexSuppressor() : createRnnoiseSuppressor(rnnoise);
}
