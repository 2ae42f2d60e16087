import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { heapView, resizeHeap } from './emscripten-memory.js';

/**
 * Speex's preprocessor (xiph/speexdsp: a spectral noise suppressor with a minimum-statistics noise
 * estimate, the one VoIP clients have long used) as WebAssembly, from the same
 * @sapphi-red/web-noise-suppressor package as RNNoise (rnnoise.ts). It works at the call's own
 * 16 kHz, with no resampling, and costs a tenth of RNNoise per frame (bench/voice-detection.ts).
 * The package's loader is an AudioWorklet, so the module is instantiated here: an Emscripten build
 * with minified export names, mapped below as its own loader maps them.
 */
export interface SpeexPreprocess {
  /** A new preprocessor's state for `frameSize` samples at `sampleRate`; 0 when memory runs out. */
  create(frameSize: number, sampleRate: number): number;
  destroy(state: number): void;
  /** Denoises the frame of 16-bit samples at `frame` in place. */
  run(state: number, frame: number): void;
  /** speex_preprocess_ctl: a request (SPEEX_PREPROCESS_*) with a pointer to its 32-bit argument. */
  ctl(state: number, request: number, argument: number): number;
  malloc(bytes: number): number;
  free(pointer: number): void;
  /** The module's memory as 16-bit samples; a new view after the memory grows. */
  heap16(): Int16Array;
  /** The same memory as 32-bit integers, for ctl's arguments. */
  heap32(): Int32Array;
}

/** speex_preprocess.h's requests. */
export const SPEEX_PREPROCESS_SET_DENOISE = 0;
export const SPEEX_PREPROCESS_SET_AGC = 2;
export const SPEEX_PREPROCESS_SET_VAD = 4;
export const SPEEX_PREPROCESS_SET_DEREVERB = 8;
/** The most the noise is attenuated, in (negative) dB. */
export const SPEEX_PREPROCESS_SET_NOISE_SUPPRESS = 18;

interface SpeexExports {
  e: WebAssembly.Memory;
  /** __wasm_call_ctors */
  f(): void;
  /** speex_preprocess_state_init(frame_size, sampling_rate) */
  g(frameSize: number, sampleRate: number): number;
  /** speex_preprocess_state_destroy */
  h(state: number): void;
  /** speex_preprocess_run(state, x) */
  i(state: number, frame: number): number;
  /** speex_preprocess_ctl(state, request, ptr) */
  j(state: number, request: number, argument: number): number;
  /** free */
  k(pointer: number): void;
  /** malloc */
  l(bytes: number): number;
}

let instance: Promise<SpeexPreprocess> | null = null;

/** One instance per thread; each preprocessor keeps its own state inside it. */
export function loadSpeexPreprocess(): Promise<SpeexPreprocess> {
  if (!instance) {
    instance = instantiate();
    // A failed load may be tried again by the next call.
    instance.catch(() => (instance = null));
  }
  return instance;
}

async function instantiate(): Promise<SpeexPreprocess> {
  const file = createRequire(import.meta.url).resolve('@sapphi-red/web-noise-suppressor/speex.wasm');
  let memory: WebAssembly.Memory | null = null;
  // The imports, by their minified names: a fd_write, b fd_seek, c fd_close (reached only by
  // speexdsp's warnings, which go nowhere here), d emscripten_resize_heap. fd_write reports every
  // byte written, or the C library would try the rest again for ever.
  const env = {
    a: (_fd: number, iov: number, count: number, written: number) => {
      const words = new Uint32Array(memory!.buffer);
      let bytes = 0;
      for (let k = 0; k < count; k++) bytes += words[(iov >> 2) + 2 * k + 1]!;
      words[written >> 2] = bytes;
      return 0;
    },
    b: () => 70,
    c: () => 52,
    d: (size: number) => resizeHeap(memory!, size),
  };
  const module = await WebAssembly.instantiate(await readFile(file), { a: env });
  const wasm = module.instance.exports as unknown as SpeexExports;
  memory = wasm.e;
  wasm.f();
  const int16 = heapView(memory, Int16Array);
  const int32 = heapView(memory, Int32Array);
  return {
    create: (frameSize, sampleRate) => wasm.g(frameSize, sampleRate),
    destroy: (state) => wasm.h(state),
    run: (state, frame) => void wasm.i(state, frame),
    ctl: (state, request, argument) => wasm.j(state, request, argument),
    malloc: (bytes) => wasm.l(bytes),
    free: (pointer) => wasm.k(pointer),
    heap16: int16,
    heap32: int32,
  };
}
