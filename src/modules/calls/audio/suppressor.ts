/**
 * What a noise suppressor is to the engine, whichever runs (noise-suppressor.ts chooses): apart
 * from the choice, so that each suppressor can say it is one.
 */
export interface NoiseSuppressor {
  /** The denoised 20 ms frame (320 samples at 16 kHz). */
  process(frame: Int16Array): Int16Array;
  close(): void;
}

/** speex: Speex's spectral suppressor (the default); rnnoise: Xiph's recurrent network. */
export type NoiseSuppressorKind = 'speex' | 'rnnoise';
