/**
 * The Emscripten build of WebRTC's VAD the caller's audio runs through: the package's default
 * export instantiates its WebAssembly module; it ships no typings.
 */
interface EmscriptenHeap {
  readonly HEAP16: Int16Array;
  readonly HEAPF32: Float32Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
}

declare module '@echogarden/fvad-wasm' {
  export interface FvadModule extends EmscriptenHeap {
    _fvad_new(): number;
    _fvad_free(handle: number): void;
    _fvad_reset(handle: number): void;
    /** 0 (least) to 3 (most aggressive at rejecting non-speech); returns 0 on success. */
    _fvad_set_mode(handle: number, mode: number): number;
    _fvad_set_sample_rate(handle: number, rate: number): number;
    /** 1 speech, 0 not, -1 on a bad frame length (10, 20 or 30 ms only). */
    _fvad_process(handle: number, samples: number, length: number): number;
  }
  const createFvad: () => Promise<FvadModule>;
  export default createFvad;
}
