import type { NoiseSuppressorKind } from './noise-suppressor.js';

/** Messages between the noise-suppressor pool and its threads (noise-suppressor.worker.ts). */
export const OP_OPEN = 0;
export const OP_FRAME = 1;
export const OP_CLOSE = 2;
/** A 20 ms frame at 16 kHz. */
export const POOL_FRAME_SAMPLES = 320;

export interface PoolRequest {
  /** Pairs of (operation, suppressor id), in order. */
  ops: Int32Array;
  /** One frame per OP_FRAME, in order. */
  samples: Int16Array;
}

export interface PoolReply {
  opened: number[];
  /** Suppressors that could not be created, with why. */
  refused: Array<[number, string]>;
  /** The suppressor of each denoised frame. */
  ids: Int32Array;
  samples: Int16Array;
}

/** What a thread is started with. */
export interface PoolWorkerData {
  /** The suppressor every call on the thread gets (unset: the default). */
  kind?: NoiseSuppressorKind;
}
