import createRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm';
import { SampleFramer } from './frames.js';
import { createResampler } from './resampler.js';

/**
 * RNNoise (Xiph's recurrent-network noise suppressor, built to WebAssembly in a 140 KB package)
 * on the caller's 16 kHz audio, before voice detection and transcription. RNNoise works on 10 ms
 * frames at 48 kHz, so each 20 ms engine frame is resampled up, denoised in two frames and
 * resampled back. Frames come out one for one, 20 ms (plus the filters' few ms) behind.
 * About 1.5 % of a core per call (bench/voice-detection.ts measures it).
 */
export interface NoiseSuppressor {
  /** The next denoised 20 ms frame (silence until the first one is ready). */
  process(frame: Int16Array): Int16Array;
  close(): void;
}

const RNNOISE_RATE = 48_000;
const RNNOISE_FRAME = 480;

let rnnoiseModule: Promise<RnnoiseModule> | undefined;

/** One WebAssembly instance per process; each suppressor keeps its own recurrent state inside it. */
export async function createNoiseSuppressor(sampleRate: number): Promise<NoiseSuppressor> {
  rnnoiseModule ??= createRnnoise();
  const rnnoise = await rnnoiseModule;
  const state = rnnoise._rnnoise_create(0);
  if (!state) throw new Error('the noise suppressor could not be created');
  const input = rnnoise._malloc(RNNOISE_FRAME * 4);
  const output = rnnoise._malloc(RNNOISE_FRAME * 4);
  const up = createResampler(sampleRate, RNNOISE_RATE);
  const down = createResampler(RNNOISE_RATE, sampleRate);
  const frameSamples = Math.round(sampleRate / 50);
  const framer = new SampleFramer(frameSamples);
  const ready: Int16Array[] = [];
  let pending = new Float32Array(0);
  let closed = false;

  const denoise = (block: Float32Array): Int16Array => {
    // The heap views are read each time: they are replaced if the module's memory grows.
    rnnoise.HEAPF32.set(block, input / 4);
    rnnoise._rnnoise_process_frame(state, output, input);
    const clean = rnnoise.HEAPF32.subarray(output / 4, output / 4 + RNNOISE_FRAME);
    const out = new Int16Array(RNNOISE_FRAME);
    for (let i = 0; i < RNNOISE_FRAME; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(clean[i]!)));
    return out;
  };

  return {
    process(frame) {
      if (closed) return frame;
      const upsampled = up.process(frame);
      const all = new Float32Array(pending.length + upsampled.length);
      all.set(pending);
      all.set(upsampled, pending.length);
      let offset = 0;
      for (; offset + RNNOISE_FRAME <= all.length; offset += RNNOISE_FRAME) {
        ready.push(...framer.push(down.process(denoise(all.subarray(offset, offset + RNNOISE_FRAME)))));
      }
      pending = all.slice(offset);
      return ready.shift() ?? new Int16Array(frameSamples);
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
