import { decodeMulaw, encodeMulaw } from './g711.js';
import { createResampler, type Resampler } from './resampler.js';

/**
 * The telephone leg's conversions, one pair per call: μ-law 8 kHz from the network to engine
 * PCM16 16 kHz, and back. Stateful (the resamplers keep their filter history across frames).
 */
export function createPhoneAudioIn() {
  const resampler: Resampler = createResampler(8000, 16000);
  return {
    /** 160 μ-law bytes (20 ms) in, 320 samples at 16 kHz out. */
    decode(mulawBytes: Uint8Array): Int16Array {
      return resampler.process(decodeMulaw(mulawBytes));
    },
    reset: () => resampler.reset(),
  };
}

export function createPhoneAudioOut() {
  const resampler: Resampler = createResampler(16000, 8000);
  return {
    /** 320 samples at 16 kHz (20 ms) in, 160 μ-law bytes out. */
    encode(frame: Int16Array): Uint8Array {
      return encodeMulaw(resampler.process(frame));
    },
    /** After a `clear`, the next audio starts a new utterance: no tail of the cut one. */
    reset: () => resampler.reset(),
  };
}
