/**
 * A noise-suppressor thread (noise-suppressor-pool.ts): holds the suppressor state (Speex's or
 * RNNoise's, as the pool was started with) of the calls given to it and denoises their frames in
 * batches, in the order they came. A message carries operations (open, frame, close, each with
 * the suppressor's id) and the batch's frames, 320 samples each in operation order; the answer
 * carries the ids opened or refused and the denoised frames with their ids.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createNoiseSuppressor, type NoiseSuppressor } from './noise-suppressor.js';
import {
  OP_CLOSE,
  OP_FRAME,
  OP_OPEN,
  POOL_FRAME_SAMPLES,
  type PoolReply,
  type PoolRequest,
  type PoolWorkerData,
} from './noise-suppressor-protocol.js';

const port = parentPort!;
const { kind } = (workerData ?? {}) as PoolWorkerData;
const suppressors = new Map<number, NoiseSuppressor>();
let queue: Promise<void> = Promise.resolve();

port.on('message', (request: PoolRequest) => {
  queue = queue.then(() => handle(request));
});

async function handle({ ops, samples }: PoolRequest): Promise<void> {
  const opened: number[] = [];
  const refused: Array<[number, string]> = [];
  const frameCount = countFrames(ops);
  const ids = new Int32Array(frameCount);
  const out = new Int16Array(frameCount * POOL_FRAME_SAMPLES);
  let frames = 0;
  let written = 0;
  for (let k = 0; k < ops.length; k += 2) {
    const op = ops[k]!;
    const id = ops[k + 1]!;
    if (op === OP_OPEN) {
      try {
        suppressors.set(id, await createNoiseSuppressor({ kind }));
        opened.push(id);
      } catch (error) {
        refused.push([id, error instanceof Error ? error.message : String(error)]);
      }
    } else if (op === OP_FRAME) {
      const frame = samples.subarray(frames * POOL_FRAME_SAMPLES, (frames + 1) * POOL_FRAME_SAMPLES);
      frames += 1;
      const suppressor = suppressors.get(id);
      // A refused suppressor's frames do not come back (its call went on without one).
      if (!suppressor) continue;
      out.set(suppressor.process(frame), written * POOL_FRAME_SAMPLES);
      ids[written] = id;
      written += 1;
    } else if (op === OP_CLOSE) {
      suppressors.get(id)?.close();
      suppressors.delete(id);
    }
  }
  const reply: PoolReply = { opened, refused, ids: ids.subarray(0, written), samples: out.subarray(0, written * POOL_FRAME_SAMPLES) };
  port.postMessage(reply, [ids.buffer, out.buffer]);
}

function countFrames(ops: Int32Array): number {
  let n = 0;
  for (let k = 0; k < ops.length; k += 2) if (ops[k] === OP_FRAME) n += 1;
  return n;
}
