import createRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm';

/**
 * RNNoise (Xiph's recurrent-network noise suppressor, built to WebAssembly in a 140 KB package)
 * on the caller's 16 kHz audio, before voice detection and transcription. RNNoise works on 10 ms
 * frames at 48 kHz, so each 20 ms engine frame is resampled up, denoised in two frames and
 * resampled back. Frames come out one for one, the filters' quarter ms behind. About 1.5-3 % of
 * a core per call, nearly all of it RNNoise's own (bench/voice-detection.ts measures it): calls
 * run it on worker threads (noise-suppressor-pool.ts) to keep the event loop free.
 */
export interface NoiseSuppressor {
  /** The denoised 20 ms frame (320 samples at 16 kHz). */
  process(frame: Int16Array): Int16Array;
  close(): void;
}

const RNNOISE_RATE = 48_000;
const RNNOISE_FRAME = 480;
/** The engine's 20 ms frame at 16 kHz, the only rate the suppressor takes. */
const FRAME_SAMPLES = 320;

let rnnoiseModule: Promise<RnnoiseModule> | undefined;

/**
 * One WebAssembly instance per process (or per worker thread, see noise-suppressor-pool.ts); each
 * suppressor keeps its own recurrent state inside it. A 20 ms frame is exactly two RNNoise frames
 * at 48 kHz, so a frame goes up, through RNNoise and down with no buffering and, per frame, no
 * allocation but the frame it returns.
 */
export async function createNoiseSuppressor(): Promise<NoiseSuppressor> {
  rnnoiseModule ??= createRnnoise();
  const rnnoise = await rnnoiseModule;
  const state = rnnoise._rnnoise_create(0);
  if (!state) throw new Error('the noise suppressor could not be created');
  const input = rnnoise._malloc(RNNOISE_FRAME * 4);
  const output = rnnoise._malloc(RNNOISE_FRAME * 4);
  const up = createTripler();
  const down = createThirder();
  const denoised = new Float32Array(FRAME_SAMPLES * 3);
  let closed = false;

  return {
    process(frame) {
      if (closed) return frame;
      if (frame.length !== FRAME_SAMPLES) throw new Error(`the noise suppressor takes ${FRAME_SAMPLES}-sample frames, not ${frame.length}`);
      const upsampled = up(frame);
      for (let offset = 0; offset < upsampled.length; offset += RNNOISE_FRAME) {
        // The heap view is read each time: it is replaced if the module's memory grows.
        rnnoise.HEAPF32.set(upsampled.subarray(offset, offset + RNNOISE_FRAME), input / 4);
        rnnoise._rnnoise_process_frame(state, output, input);
        denoised.set(rnnoise.HEAPF32.subarray(output / 4, output / 4 + RNNOISE_FRAME), offset);
      }
      return down(denoised);
    },
    close() {
      if (closed) return;
      closed = true;
      rnnoise._free(input);
      rnnoise._free(output);
      rnnoise._rnnoise_destroy(state);
    },
  };
}

/**
 * 16 kHz <-> 48 kHz for RNNoise with a short windowed-sinc filter (24 taps at 48 kHz, cut at
 * 7.2 kHz): about 30 dB of image rejection, plenty for a denoiser whose output is low-passed again
 * on the way down, at a third of the cost of the call's general resampler (which is built for
 * audio people hear).
 */
const TAPS = 24;
const LOW_PASS = designLowPass();

function designLowPass(): Float32Array {
  const cutoff = 7_200 / RNNOISE_RATE;
  const taps = new Float32Array(TAPS);
  const centre = (TAPS - 1) / 2;
  for (let i = 0; i < TAPS; i++) {
    const t = i - centre;
    const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
    taps[i] = sinc * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (TAPS - 1)));
  }
  return taps;
}

/**
 * 16 kHz frames in, three times as many float samples out (stateful across frames). The returned
 * array is reused by the next call. Output n, phase p sums LOW_PASS[3k + p] * x[n - k].
 */
function createTripler(): (input: Int16Array) => Float32Array {
  const history = TAPS / 3;
  // The previous frame's last history - 1 samples, then this frame.
  let samples = new Float32Array(history - 1 + FRAME_SAMPLES);
  let out = new Float32Array(FRAME_SAMPLES * 3);
  return (input) => {
    if (samples.length !== history - 1 + input.length) {
      const grown = new Float32Array(history - 1 + input.length);
      grown.set(samples.subarray(samples.length - (history - 1)));
      samples = grown;
      out = new Float32Array(input.length * 3);
    }
    samples.set(input, history - 1);
    for (let n = 0; n < input.length; n++) {
      const newest = history - 1 + n;
      for (let phase = 0; phase < 3; phase++) {
        let acc = 0;
        for (let k = 0; k < history; k++) acc += LOW_PASS[3 * k + phase]! * samples[newest - k]!;
        out[3 * n + phase] = 3 * acc;
      }
    }
    samples.copyWithin(0, input.length);
    return out;
  };
}

/** 48 kHz float samples in (a multiple of three), a third as many 16 kHz samples out. */
function createThirder(): (input: Float32Array) => Int16Array {
  // The previous block's last TAPS - 1 samples, then this block.
  let all = new Float32Array(TAPS - 1 + FRAME_SAMPLES * 3);
  return (input) => {
    if (all.length !== TAPS - 1 + input.length) {
      const grown = new Float32Array(TAPS - 1 + input.length);
      grown.set(all.subarray(all.length - (TAPS - 1)));
      all = grown;
    }
    all.set(input, TAPS - 1);
    const out = new Int16Array(input.length / 3);
    for (let m = 0; m < out.length; m++) {
      let acc = 0;
      const end = TAPS - 1 + 3 * m + 2;
      for (let j = 0; j < TAPS; j++) acc += LOW_PASS[j]! * all[end - j]!;
      out[m] = acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc);
    }
    all.copyWithin(0, input.length);
    return out;
  };
}
