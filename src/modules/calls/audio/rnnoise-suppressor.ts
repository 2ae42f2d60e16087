import type { NoiseSuppressor } from './suppressor.js';
import { defaultRnnoiseBuild, loadRnnoise, type RnnoiseBuild } from './rnnoise.js';

/**
 * RNNoise (rnnoise.ts) on the caller's 16 kHz audio, before voice detection and transcription.
 * RNNoise works on 10 ms frames at 48 kHz, so each 20 ms engine frame is resampled up, denoised
 * in two frames and resampled back. Frames come out one for one, the filters' quarter ms behind.
 * About 1.3 % of a core per call, nearly all of it RNNoise's own (bench/voice-detection.ts
 * measures it per frame).
 */
const RNNOISE_FRAME = 480;
/** The engine's 20 ms frame at 16 kHz, the only rate the suppressor takes. */
const FRAME_SAMPLES = 320;
const UPSAMPLED = FRAME_SAMPLES * 3;

/**
 * Digital silence (a muted microphone, a phone line's idle pattern) this long has brought
 * RNNoise's state to rest: from then on its output is silence and its state would not change
 * (measured: after 250 ms of zeros, skipping the rest leaves what follows identical), so it is
 * skipped until sound returns.
 */
const SETTLE_FRAMES = 15;

export interface RnnoiseSuppressorOptions {
  /** RNNoise's build: SIMD wherever it runs. */
  build?: RnnoiseBuild;
  /** Skip RNNoise in settled digital silence (the default); off to compare. */
  skipSilence?: boolean;
}

/**
 * A suppressor with its own recurrent state in the thread's RNNoise instance. A 20 ms frame is
 * exactly two RNNoise frames at 48 kHz, so a frame goes up, through RNNoise and down with no
 * buffering and, per frame, no allocation but the frame it returns.
 */
export async function createRnnoiseSuppressor(options: RnnoiseSuppressorOptions = {}): Promise<NoiseSuppressor> {
  const rnnoise = await loadRnnoise(options.build ?? defaultRnnoiseBuild);
  const skipSilence = options.skipSilence ?? true;
  const state = rnnoise.create();
  if (!state) throw new Error('the noise suppressor could not be created');
  // Both 10 ms frames of a 20 ms frame side by side, in and out.
  const input = rnnoise.malloc(UPSAMPLED * 4);
  const output = rnnoise.malloc(UPSAMPLED * 4);
  const up = createTripler();
  const down = createThirder();
  let closed = false;
  let silentFrames = 0;

  return {
    process(frame) {
      if (closed) return frame;
      if (frame.length !== FRAME_SAMPLES) throw new Error(`the noise suppressor takes ${FRAME_SAMPLES}-sample frames, not ${frame.length}`);
      silentFrames = isDigitalSilence(frame) ? silentFrames + 1 : 0;
      // The filters' histories hold silence too by then: nothing to carry over.
      if (skipSilence && silentFrames > SETTLE_FRAMES) return new Int16Array(FRAME_SAMPLES);
      rnnoise.heap().set(up(frame), input / 4);
      rnnoise.processFrame(state, output, input);
      rnnoise.processFrame(state, output + RNNOISE_FRAME * 4, input + RNNOISE_FRAME * 4);
      return down(rnnoise.heap().subarray(output / 4, output / 4 + UPSAMPLED));
    },
    close() {
      if (closed) return;
      closed = true;
      rnnoise.free(input);
      rnnoise.free(output);
      rnnoise.destroy(state);
    },
  };
}

function isDigitalSilence(frame: Int16Array): boolean {
  for (let i = 0; i < frame.length; i++) if (frame[i] !== 0) return false;
  return true;
}

/**
 * 16 kHz <-> 48 kHz for RNNoise with a short windowed-sinc filter (24 taps at 48 kHz, cut at
 * 7.2 kHz): about 30 dB of image rejection, plenty for a denoiser whose output is low-passed again
 * on the way down, at a fraction of the cost of the call's general resampler (which is built for
 * audio people hear). About 15 µs per 20 ms frame both ways.
 */
const TAPS = 24;
const PHASE_TAPS = TAPS / 3;
const LOW_PASS = designLowPass();

function designLowPass(): Float64Array {
  const cutoff = 7_200 / 48_000;
  const taps = new Float64Array(TAPS);
  const centre = (TAPS - 1) / 2;
  for (let i = 0; i < TAPS; i++) {
    const t = i - centre;
    const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
    taps[i] = sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (TAPS - 1)));
  }
  return taps;
}

/**
 * 16 kHz frames in, three times as many float samples out (stateful across frames; the returned
 * array is reused by the next call). Output 3n + p sums LOW_PASS[3k + p] * x[n - k]: each phase's
 * taps are stored reversed (and times 3, the energy zero-stuffing loses), so that one pass over
 * x[n - 7 .. n] feeds all three outputs.
 */
function createTripler(): (input: Int16Array) => Float32Array {
  const phases = [0, 1, 2].map((phase) => {
    const row = new Float64Array(PHASE_TAPS);
    for (let k = 0; k < PHASE_TAPS; k++) row[PHASE_TAPS - 1 - k] = 3 * LOW_PASS[3 * k + phase]!;
    return row;
  });
  const [p0, p1, p2] = phases as [Float64Array, Float64Array, Float64Array];
  // The previous frame's last PHASE_TAPS - 1 samples, then this frame.
  const samples = new Float64Array(PHASE_TAPS - 1 + FRAME_SAMPLES);
  const out = new Float32Array(UPSAMPLED);
  return (input) => {
    for (let i = 0; i < FRAME_SAMPLES; i++) samples[PHASE_TAPS - 1 + i] = input[i]!;
    for (let n = 0; n < FRAME_SAMPLES; n++) {
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      for (let j = 0; j < PHASE_TAPS; j++) {
        const x = samples[n + j]!;
        a0 += p0[j]! * x;
        a1 += p1[j]! * x;
        a2 += p2[j]! * x;
      }
      out[3 * n] = a0;
      out[3 * n + 1] = a1;
      out[3 * n + 2] = a2;
    }
    samples.copyWithin(0, FRAME_SAMPLES);
    return out;
  };
}

/** A 20 ms frame's 960 float samples at 48 kHz in, its 320 samples at 16 kHz out. */
function createThirder(): (input: Float32Array) => Int16Array {
  const reversed = LOW_PASS.slice().reverse();
  // The previous block's last TAPS - 1 samples, then this block.
  const all = new Float64Array(TAPS - 1 + UPSAMPLED);
  return (input) => {
    for (let i = 0; i < UPSAMPLED; i++) all[TAPS - 1 + i] = input[i]!;
    const out = new Int16Array(FRAME_SAMPLES);
    for (let m = 0; m < FRAME_SAMPLES; m++) {
      // Three accumulators: independent additions the processor can overlap.
      let a = 0;
      let b = 0;
      let c = 0;
      const first = 3 * m + 2;
      for (let j = 0; j < TAPS; j += 3) {
        a += reversed[j]! * all[first + j]!;
        b += reversed[j + 1]! * all[first + j + 1]!;
        c += reversed[j + 2]! * all[first + j + 2]!;
      }
      const acc = a + b + c;
      out[m] = acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc);
    }
    all.copyWithin(0, UPSAMPLED);
    return out;
  };
}
