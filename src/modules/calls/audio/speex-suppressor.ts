import type { NoiseSuppressor } from './suppressor.js';
import {
  loadSpeexPreprocess,
  SPEEX_PREPROCESS_SET_AGC,
  SPEEX_PREPROCESS_SET_DENOISE,
  SPEEX_PREPROCESS_SET_DEREVERB,
  SPEEX_PREPROCESS_SET_NOISE_SUPPRESS,
  SPEEX_PREPROCESS_SET_VAD,
} from './speex-preprocess.js';

/** The engine's 20 ms frame at 16 kHz, the only size the suppressor takes. */
const FRAME_SAMPLES = 320;
const SAMPLE_RATE = 16_000;
/**
 * How far the noise is taken down at most, in dB. speexdsp's default is 15; 30 found more of the
 * recorded phrases under street noise and hiss as their own turns (bench/voice-detection.ts: 8
 * of 10 at 0 dB SNR against 3 of 10 at 15, and against 4 of 10 at 45).
 */
const NOISE_SUPPRESS_DB = 30;

/**
 * Speex's preprocessor on the caller's 16 kHz audio, before voice detection and transcription:
 * denoising only (its gain control, detector and dereverberation off: the engine has its own
 * detector, and a transcriber wants the level as spoken). The frame is denoised in place in the
 * module's memory, with no allocation per frame but the frame it returns; what comes out trails
 * what went in by one frame, the overlap of its analysis window (20 ms, as RNNoise's path).
 */
export async function createSpeexSuppressor(): Promise<NoiseSuppressor> {
  const speex = await loadSpeexPreprocess();
  const state = speex.create(FRAME_SAMPLES, SAMPLE_RATE);
  if (!state) throw new Error('the noise suppressor could not be created');
  const frame = speex.malloc(FRAME_SAMPLES * 2);
  const argument = speex.malloc(4);
  const set = (request: number, value: number) => {
    speex.heap32()[argument / 4] = value;
    speex.ctl(state, request, argument);
  };
  set(SPEEX_PREPROCESS_SET_DENOISE, 1);
  set(SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, -NOISE_SUPPRESS_DB);
  set(SPEEX_PREPROCESS_SET_AGC, 0);
  set(SPEEX_PREPROCESS_SET_VAD, 0);
  set(SPEEX_PREPROCESS_SET_DEREVERB, 0);
  let closed = false;

  return {
    process(input) {
      if (closed) return input;
      if (input.length !== FRAME_SAMPLES) throw new Error(`the noise suppressor takes ${FRAME_SAMPLES}-sample frames, not ${input.length}`);
      speex.heap16().set(input, frame / 2);
      speex.run(state, frame);
      return speex.heap16().slice(frame / 2, frame / 2 + FRAME_SAMPLES);
    },
    close() {
      if (closed) return;
      closed = true;
      speex.free(frame);
      speex.free(argument);
      speex.destroy(state);
    },
  };
}
