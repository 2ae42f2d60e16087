import { afterEach, describe, expect, it } from 'vitest';
import { createNoiseSuppressor } from './noise-suppressor.js';
import { createNoiseSuppressorPool, type NoiseSuppressorPool } from './noise-suppressor-pool.js';
import { speechLike, tone } from './test-signal.js';

const FRAME = 320;
const framesOf = (samples: Int16Array) =>
  Array.from({ length: Math.floor(samples.length / FRAME) }, (_, k) => samples.slice(k * FRAME, (k + 1) * FRAME));
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('noise-suppressor pool', () => {
  let pool: NoiseSuppressorPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it.each(['speex', 'rnnoise'] as const)(
    'denoises each call with %s on its thread exactly as on the event loop, frame for frame and in order',
    async (kind) => {
      pool = createNoiseSuppressorPool(2, kind);
      const voices = [framesOf(speechLike(2_000, 16_000, 0.3)), framesOf(tone(300, 2_000, 16_000, 0.2))];
      const expected = await Promise.all(
        voices.map(async (frames) => {
          const local = await createNoiseSuppressor({ kind });
          const out = frames.map((f) => local.process(f.slice()));
          local.close();
          return out;
        }),
      );
      const received: Int16Array[][] = [[], []];
      const suppressors = await Promise.all([0, 1].map((v) => pool!.open((frame) => received[v]!.push(frame))));
      // Interleaved, as calls speak at once; a few frames per event-loop pass.
      for (let k = 0; k < voices[0]!.length; k++) {
        suppressors[0]!.push(voices[0]![k]!);
        suppressors[1]!.push(voices[1]![k]!);
        if (k % 4 === 3) await new Promise((resolve) => setImmediate(resolve));
      }
      await until(() => received.every((r, v) => r.length === voices[v]!.length));
      expect(received[0]).toEqual(expected[0]);
      expect(received[1]).toEqual(expected[1]);
      // Real denoising, not a pass-through: the output differs from the input.
      expect(received[0]![50]).not.toEqual(voices[0]![50]);
    },
  );

  it('sends the frames queued within BATCH_MS in one message, whatever event-loop passes they came in', async () => {
    pool = createNoiseSuppressorPool(1);
    let inFirstReply = false;
    let sameReply: boolean | null = null;
    const first = await pool.open(() => {
      inFirstReply = true;
      // Between two messages from the thread, microtasks run: this clears the flag.
      queueMicrotask(() => (inFirstReply = false));
    });
    const second = await pool.open(() => (sameReply = inFirstReply));
    first.push(speechLike(20, 16_000, 0.3));
    // The next pass of the event loop comes before BATCH_MS (5 ms) of timers can run.
    await new Promise((resolve) => setImmediate(resolve));
    second.push(speechLike(20, 16_000, 0.3));
    await until(() => sameReply !== null);
    expect(sameReply).toBe(true);
  });

  it('hands nothing back once a suppressor is closed, and refuses frames of the wrong size', async () => {
    pool = createNoiseSuppressorPool(1);
    const received: Int16Array[] = [];
    const suppressor = await pool.open((frame) => received.push(frame));
    expect(() => suppressor.push(new Int16Array(160))).toThrow('the noise suppressor takes 320-sample frames, not 160');
    suppressor.push(new Int16Array(FRAME));
    await until(() => received.length === 1);
    suppressor.close();
    suppressor.push(new Int16Array(FRAME));
    const other: Int16Array[] = [];
    const next = await pool.open((frame) => other.push(frame));
    next.push(new Int16Array(FRAME));
    await until(() => other.length === 1);
    expect(received).toHaveLength(1);
  });

  it('passes frames through once its thread is gone, so the call still hears the caller', async () => {
    pool = createNoiseSuppressorPool(1);
    const received: Int16Array[] = [];
    const suppressor = await pool.open((frame) => received.push(frame));
    await pool.close();
    const frame = speechLike(20, 16_000, 0.3);
    suppressor.push(frame);
    expect(received).toEqual([frame]);
    await expect(pool.open(() => undefined)).rejects.toThrow('the noise-suppressor pool is closed');
  });
});
