import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { heapView, resizeHeap } from './emscripten-memory.js';

/**
 * RNNoise (Xiph's recurrent-network noise suppressor) as WebAssembly, from
 * @sapphi-red/web-noise-suppressor, which ships it built twice: with WebAssembly SIMD (about a
 * quarter cheaper per frame; bench/voice-detection.ts measures both) and without. The package's
 * own loader is an AudioWorklet for browsers, so the module is instantiated here: a standalone
 * Emscripten build whose only imports are the three below.
 */
export type RnnoiseBuild = 'simd' | 'scalar';

export interface Rnnoise {
  /** A new suppressor's state (the built-in model); 0 when memory runs out. */
  create(): number;
  destroy(state: number): void;
  /** Denoises one 10 ms frame at 48 kHz (480 floats on the int16 scale) from `input` to `output`. */
  processFrame(state: number, output: number, input: number): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  /** The module's memory as floats; a new view after the memory grows. */
  heap(): Float32Array;
}

interface RnnoiseExports {
  memory: WebAssembly.Memory;
  emscripten_stack_init(): void;
  __wasm_call_ctors(): void;
  rnnoise_create(model: number): number;
  rnnoise_destroy(state: number): void;
  rnnoise_process_frame(state: number, output: number, input: number): number;
  malloc(bytes: number): number;
  free(pointer: number): void;
}

/** The smallest module using a SIMD instruction: it validates where the engine runs SIMD. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** SIMD wherever it validates (every Node from 16.4). */
export const defaultRnnoiseBuild: RnnoiseBuild = WebAssembly.validate(SIMD_PROBE) ? 'simd' : 'scalar';

const instances = new Map<RnnoiseBuild, Promise<Rnnoise>>();

/** One instance per build and thread; each suppressor keeps its own state inside it. */
export function loadRnnoise(build: RnnoiseBuild = defaultRnnoiseBuild): Promise<Rnnoise> {
  let instance = instances.get(build);
  if (!instance) {
    instance = instantiate(build);
    instances.set(build, instance);
    // A failed load may be tried again by the next call.
    instance.catch(() => instances.delete(build));
  }
  return instance;
}

async function instantiate(build: RnnoiseBuild): Promise<Rnnoise> {
  const file = createRequire(import.meta.url).resolve(
    `@sapphi-red/web-noise-suppressor/${build === 'simd' ? 'rnnoise_simd' : 'rnnoise'}.wasm`,
  );
  let memory: WebAssembly.Memory | null = null;
  const env = {
    // Returns the destination, as memcpy does: the import returns an i32, and anything but a
    // number would be converted (a typed array by joining all its elements).
    emscripten_memcpy_big: (dest: number, src: number, count: number) => {
      new Uint8Array(memory!.buffer).copyWithin(dest, src, src + count);
      return dest;
    },
    emscripten_resize_heap: (size: number) => resizeHeap(memory!, size),
    __assert_fail: () => {
      throw new Error('RNNoise failed an internal assertion');
    },
  };
  const { instance } = await WebAssembly.instantiate(await readFile(file), { env });
  const wasm = instance.exports as unknown as RnnoiseExports;
  memory = wasm.memory;
  wasm.emscripten_stack_init();
  wasm.__wasm_call_ctors();
  const floats = heapView(memory, Float32Array);
  return {
    create: () => wasm.rnnoise_create(0),
    destroy: (state) => wasm.rnnoise_destroy(state),
    processFrame: (state, output, input) => void wasm.rnnoise_process_frame(state, output, input),
    malloc: (bytes) => wasm.malloc(bytes),
    free: (pointer) => wasm.free(pointer),
    heap: floats,
  };
}
