/**
 * The two things every Emscripten module here needs from its host about its memory (rnnoise.ts,
 * speex-preprocess.ts): growing it when its allocator asks, and typed views that follow it when
 * it grows (growing detaches the old buffer, and with it every view of it).
 */

/** emscripten_resize_heap: grows `memory` to at least `size` bytes; 1 when it did, 0 when it could not. */
export function resizeHeap(memory: WebAssembly.Memory, size: number): 1 | 0 {
  try {
    memory.grow(Math.ceil((size - memory.buffer.byteLength) / 65_536));
    return 1;
  } catch {
    return 0;
  }
}

type TypedArrayOf<T> = { new (buffer: ArrayBuffer): T };

/** A view of `memory` as `Type`, made anew only after the memory grew. */
export function heapView<T extends { buffer: ArrayBufferLike }>(memory: WebAssembly.Memory, Type: TypedArrayOf<T>): () => T {
  let view = new Type(memory.buffer);
  return () => (view.buffer === memory.buffer ? view : (view = new Type(memory.buffer)));
}
