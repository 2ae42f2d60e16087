import createRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm';

/**
 * RNNoise (Xiph's recurrent-network noise suppressor, built to WebAssembly in a 140 KB package)
 * on the caller's 16 kHz audio, before voice detection and transcription. RNNoise works on 10 ms
 * frames at 48 kHz, so each 20 ms engine frame is resampled up, denoised in two frames and
 * resampled back. Frames come out one for one, 20 ms (plus the filters' quarter ms) behind.
 * About 1.5 % of a core per call (bench/voice-detection.ts measures it).
 */
export interface NoiseSuppressor {
  /** The next denoised 20 ms frame (silence until the first one is ready). */
  process(frame: Int16Array): Int16Array;
  close(): void;
}

const RNNOISE_RATE = 48_000;
const RNNOISE_FRAME = 480;
/** The engine's 20 ms frame at 16 kHz, the only rate the suppressor takes. */
const FRAME_SAMPLES = 320;

let rnnoiseModule: Promise<RnnoiseModule> | undefined;

/** One WebAssembly instance per process; each suppressor keeps its own recurrent state inside it. */
export async function createNoiseSuppressor(): Promise<NoiseSuppressor> {
  rnnoiseModule ??= createRnnoise();
  const rnnoise = await rnnoiseModule;
  const state = rnnoise._rnnoise_create(0);
  if (!state) throw new Error('the noise suppressor could not be created');
  const input = rnnoise._malloc(RNNOISE_FRAME * 4);
  const output = rnnoise._malloc(RNNOISE_FRAME * 4);
  const up = createTripler();
  const down = createThirder();
  const ready: Int16Array[] = [];
  let pending: Float32Array = new Float32Array(0);
  let denoised: Float32Array = new Float32Array(0);
  let closed = false;

  const denoise = (block: Float32Array): Float32Array => {
    // The heap views are read each time: they are replaced if the module's memory grows.
    rnnoise.HEAPF32.set(block, input / 4);
    rnnoise._rnnoise_process_frame(state, output, input);
    return rnnoise.HEAPF32.slice(output / 4, output / 4 + RNNOISE_FRAME);
  };

  return {
    process(frame) {
      if (closed) return frame;
      const all = concat(pending, up(frame));
      let offset = 0;
      for (; offset + RNNOISE_FRAME <= all.length; offset += RNNOISE_FRAME) denoised = concat(denoised, denoise(all.subarray(offset, offset + RNNOISE_FRAME)));
      pending = all.slice(offset);
      const whole = denoised.length - (denoised.length % (FRAME_SAMPLES * 3));
      if (whole > 0) {
        ready.push(down(denoised.subarray(0, whole)));
        denoised = denoised.slice(whole);
      }
      return ready.shift() ?? new Int16Array(FRAME_SAMPLES);
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

/** 16 kHz samples in, three times as many float samples out (stateful across frames). */
function createTripler(): (input: Int16Array) => Float32Array {
  const history = new Float32Array(TAPS / 3);
  return (input) => {
    const out = new Float32Array(input.length * 3);
    for (let n = 0; n < input.length; n++) {
      history.copyWithin(1, 0);
      history[0] = input[n]!;
      for (let phase = 0; phase < 3; phase++) {
        let acc = 0;
        for (let k = 0; k < history.length; k++) acc += LOW_PASS[3 * k + phase]! * history[k]!;
        out[3 * n + phase] = 3 * acc;
      }
    }
    return out;
  };
}

/** 48 kHz float samples in (a multiple of three), a third as many 16 kHz samples out. */
function createThirder(): (input: Float32Array) => Int16Array {
  let tail: Float32Array = new Float32Array(TAPS - 1);
  return (input) => {
    const all = concat(tail, input);
    const out = new Int16Array(input.length / 3);
    for (let m = 0; m < out.length; m++) {
      let acc = 0;
      const end = tail.length + 3 * m + 2;
      for (let j = 0; j < TAPS; j++) acc += LOW_PASS[j]! * all[end - j]!;
      out[m] = acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc);
    }
    tail = all.slice(all.length - (TAPS - 1));
    return out;
  };
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  if (a.length === 0) return b;
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
