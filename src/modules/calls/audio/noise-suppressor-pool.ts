import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NoiseSuppressorKind } from './noise-suppressor.js';
import { OP_CLOSE, OP_FRAME, OP_OPEN, POOL_FRAME_SAMPLES, type PoolReply, type PoolWorkerData } from './noise-suppressor-protocol.js';

/**
 * The noise suppressor on a few worker threads, so that the event loop, which paces every call's
 * audio, stays free: RNNoise costs about as much as the rest of a call's audio path put together,
 * Speex's suppressor a tenth of that (and the batching keeps its messages few). Each call's
 * suppressor lives on one thread (the least loaded when it opens) and keeps its state there.
 * Frames are batched: everything queued for a thread within BATCH_MS of the first frame goes in
 * one message (at 100 calls four messages per 20 ms, not 5,000 a second), and the denoised frames
 * come back in one, each handed to its call in order. A thread that dies takes its calls'
 * denoising with it: their frames then pass through as they came.
 */
export interface QueuedNoiseSuppressor {
  /** Queues a 20 ms frame (320 samples at 16 kHz); the denoised frame reaches onFrame later, in order. */
  push(frame: Int16Array): void;
  close(): void;
}

export interface NoiseSuppressorPool {
  readonly size: number;
  /** A suppressor on the least loaded thread; rejects when the suppressor will not start there. */
  open(onFrame: (frame: Int16Array) => void): Promise<QueuedNoiseSuppressor>;
  /** Ends the threads (a call still open then passes its audio through). */
  close(): Promise<void>;
}

/**
 * How long a frame may wait for others to share its message. Calls' frames arrive spread over
 * the 20 ms (each caller's packets on their own clock), so a batch per event-loop pass holds one
 * or two frames; waiting 5 ms gathers a quarter of all the thread's calls' frames in a message.
 * What the detector hears comes at most 5 ms later (it declares speech after 60 ms of it).
 */
export const BATCH_MS = 5;

/** VOICE_NOISE_SUPPRESSION_THREADS unset: one thread per core beyond the first, from 1 to 4. */
export function defaultNoiseSuppressionThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

interface Slot {
  worker: Worker | null;
  /** Open suppressors on this thread. */
  load: number;
  ops: number[];
  frames: Int16Array[];
  scheduled: boolean;
  handlers: Map<number, (frame: Int16Array) => void>;
  opening: Map<number, { resolve(): void; reject(error: Error): void }>;
}

// From the sources (tsx, tests) the worker is TypeScript: it registers tsx's loader first (a
// loader given in a worker's execArgv does not reach its entry module).
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./noise-suppressor.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);

function spawnWorker(workerData: PoolWorkerData): Worker {
  if (!fromSource) return new Worker(WORKER_URL, { workerData });
  // tsx's ESM entry, as its package.json exports it (require.resolve would give the CommonJS one).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const entry = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports[
    './esm/api'
  ]!.import.default;
  const tsx = pathToFileURL(join(dirname(manifest), entry)).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`,
    { eval: true, workerData },
  );
}

export function createNoiseSuppressorPool(size: number, kind?: NoiseSuppressorKind): NoiseSuppressorPool {
  if (!Number.isInteger(size) || size < 1) throw new Error(`a noise-suppressor pool needs at least one thread, not ${size}`);
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: null,
    load: 0,
    ops: [],
    frames: [],
    scheduled: false,
    handlers: new Map(),
    opening: new Map(),
  }));
  let nextId = 1;
  let closed = false;

  const start = (slot: Slot): Worker => {
    const worker = spawnWorker({ kind });
    // Calls hold the process open, not the threads.
    worker.unref();
    worker.on('message', (reply: PoolReply) => receive(slot, reply));
    const failed = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      for (const { reject } of slot.opening.values()) reject(error);
      slot.opening.clear();
      // The calls on it go on undenoised (push passes their frames through); what it held is lost.
      slot.handlers.clear();
      slot.load = 0;
      slot.ops = [];
      slot.frames = [];
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the noise-suppressor thread exited (${code})`)));
    return worker;
  };

  const receive = (slot: Slot, reply: PoolReply) => {
    for (const id of reply.opened) {
      slot.opening.get(id)?.resolve();
      slot.opening.delete(id);
    }
    for (const [id, message] of reply.refused) {
      slot.opening.get(id)?.reject(new Error(message));
      slot.opening.delete(id);
    }
    for (let k = 0; k < reply.ids.length; k++) {
      slot.handlers.get(reply.ids[k]!)?.(reply.samples.slice(k * POOL_FRAME_SAMPLES, (k + 1) * POOL_FRAME_SAMPLES));
    }
  };

  const flush = (slot: Slot) => {
    slot.scheduled = false;
    if (slot.ops.length === 0 || !slot.worker) return;
    const ops = Int32Array.from(slot.ops);
    const samples = new Int16Array(slot.frames.length * POOL_FRAME_SAMPLES);
    slot.frames.forEach((frame, k) => samples.set(frame, k * POOL_FRAME_SAMPLES));
    slot.ops = [];
    slot.frames = [];
    slot.worker.postMessage({ ops, samples }, [ops.buffer, samples.buffer]);
  };

  const queue = (slot: Slot, op: number, id: number, frame?: Int16Array) => {
    slot.ops.push(op, id);
    if (frame) slot.frames.push(frame);
    if (slot.scheduled) return;
    slot.scheduled = true;
    // Opening and closing go at once (a call waits for its suppressor); frames wait for company.
    if (op === OP_FRAME) setTimeout(() => flush(slot), BATCH_MS);
    else setImmediate(() => flush(slot));
  };

  return {
    size,
    async open(onFrame) {
      if (closed) throw new Error('the noise-suppressor pool is closed');
      const slot = slots.reduce((best, s) => (s.load < best.load ? s : best));
      slot.worker ??= start(slot);
      const worker = slot.worker;
      const id = nextId++;
      slot.load += 1;
      const opened = new Promise<void>((resolve, reject) => slot.opening.set(id, { resolve, reject }));
      queue(slot, OP_OPEN, id);
      try {
        await opened;
      } catch (error) {
        slot.load = Math.max(0, slot.load - 1);
        throw error;
      }
      slot.handlers.set(id, onFrame);
      let open = true;
      return {
        push(frame) {
          if (frame.length !== POOL_FRAME_SAMPLES)
            throw new Error(`the noise suppressor takes ${POOL_FRAME_SAMPLES}-sample frames, not ${frame.length}`);
          if (!open) return;
          // The thread died (or the pool closed): the call hears the caller undenoised.
          if (slot.worker !== worker) return onFrame(frame);
          queue(slot, OP_FRAME, id, frame);
        },
        close() {
          if (!open) return;
          open = false;
          slot.handlers.delete(id);
          if (slot.worker !== worker) return;
          slot.load = Math.max(0, slot.load - 1);
          queue(slot, OP_CLOSE, id);
        },
      };
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          await worker?.terminate();
        }),
      );
    },
  };
}
