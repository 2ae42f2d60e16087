/**
 * What noise suppression costs per 20 ms frame, in CPU time (so a busy machine sways it less than
 * wall time): RNNoise's build without SIMD (the reference: the same network as before, bit for
 * bit), its SIMD build, Speex's suppressor (the default), and the pool of worker threads the
 * calls use with each, with CALLS calls sending frames in real time, each on its own 20 ms clock, counting
 * every thread of the process (the pool's batching and messages included) less what the same
 * streams cost going nowhere.
 */
import { readFileSync } from 'node:fs';
import {
  createNoiseSuppressor,
  type NoiseSuppressorKind,
  type NoiseSuppressorOptions,
} from '../../src/modules/calls/audio/noise-suppressor.js';
import { createNoiseSuppressorPool } from '../../src/modules/calls/audio/noise-suppressor-pool.js';

const FRAME = 320;
const FRAME_MS = 20;
const ROUNDS = 3;
const FRAMES_PER_ROUND = 1_500;
const CALLS = 50;
const POOL_WINDOW_MS = 4_000;

/** CPU µs of every thread of this process. */
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
/** CPU µs of the main thread alone (Linux; 10 ms ticks), NaN elsewhere. */
const mainThreadUs = () => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One suppressor over `audio`, frame by frame on this thread: CPU µs per frame. */
async function inline(options: NoiseSuppressorOptions, audio: Int16Array): Promise<number> {
  const suppressor = await createNoiseSuppressor(options);
  const frames = Math.min(FRAMES_PER_ROUND, Math.floor(audio.length / FRAME));
  const started = cpuUs();
  for (let k = 0; k < frames; k++) suppressor.process(audio.subarray(k * FRAME, (k + 1) * FRAME));
  const used = cpuUs() - started;
  suppressor.close();
  return used / frames;
}

/**
 * CALLS streams of `audio` in real time, each on its own 20 ms clock (staggered), into `sinks`;
 * `done` waits for what is still in flight. CPU µs per frame, the timers' own cost included.
 */
async function realTime(
  audio: Int16Array,
  sinks: Array<(frame: Int16Array) => void>,
  done = async () => {},
): Promise<{ all: number; main: number }> {
  const frameCount = Math.floor(audio.length / FRAME);
  let sent = 0;
  const started = cpuUs();
  const mainStarted = mainThreadUs();
  const start = performance.now();
  await Promise.all(
    sinks.map(
      (sink, call) =>
        new Promise<void>((resolve) => {
          let k = 0;
          const first = start + (call * FRAME_MS) / sinks.length;
          const next = () => {
            const frame = k % frameCount;
            sink(audio.slice(frame * FRAME, (frame + 1) * FRAME));
            sent += 1;
            k += 1;
            const due = first + k * FRAME_MS;
            if (due - start >= POOL_WINDOW_MS) return resolve();
            setTimeout(next, due - performance.now());
          };
          setTimeout(next, first - performance.now());
        }),
    ),
  );
  await done();
  return { all: (cpuUs() - started) / sent, main: (mainThreadUs() - mainStarted) / sent };
}

/** The pool's CPU per frame (every thread), less that of the same real-time streams going nowhere. */
async function pooled(audio: Int16Array, kind: NoiseSuppressorKind): Promise<{ all: number; main: number }> {
  const idle = await realTime(
    audio,
    Array.from({ length: CALLS }, () => () => undefined),
  );
  const pool = createNoiseSuppressorPool(1, kind);
  let sent = 0;
  let back = 0;
  const suppressors = await Promise.all(Array.from({ length: CALLS }, () => pool.open(() => (back += 1))));
  const used = await realTime(
    audio,
    suppressors.map((suppressor) => (frame) => {
      sent += 1;
      suppressor.push(frame);
    }),
    // Every frame back: what the thread still had to do counts too.
    async () => {
      while (back < sent) await new Promise((resolve) => setTimeout(resolve, 2));
    },
  );
  await pool.close();
  return { all: used.all - idle.all, main: used.main - idle.main };
}

/** The rows of the report, the reference first; `audio` is 16 kHz speech under noise. */
export async function measureNoiseCost(audio: Int16Array): Promise<string[]> {
  const reference: number[] = [];
  const simd: number[] = [];
  const speex: number[] = [];
  // Interleaved rounds: a machine that gets busier mid-run sways them alike.
  for (let round = 0; round < ROUNDS; round++) {
    reference.push(await inline({ kind: 'rnnoise', build: 'scalar' }, audio));
    simd.push(await inline({ kind: 'rnnoise', build: 'simd' }, audio));
    speex.push(await inline({ kind: 'speex' }, audio));
  }
  const pools = { speex: await pooled(audio, 'speex'), rnnoise: await pooled(audio, 'rnnoise') };
  const ref = median(reference);
  const row = (label: string, us: number) =>
    `${label.padEnd(72)} ${us.toFixed(0).padStart(4)} µs = ${(us / (10 * FRAME_MS)).toFixed(2)} % of a core per call  (${(us / ref).toFixed(2)}x the reference)`;
  return [
    row('reference: RNNoise without SIMD, on this thread', ref),
    row('RNNoise with SIMD (VOICE_NOISE_SUPPRESSOR=rnnoise), on this thread', median(simd)),
    row("Speex's suppressor (the default), on this thread", median(speex)),
    ...(['speex', 'rnnoise'] as const).flatMap((kind) => [
      row(`the pool with ${kind}: 1 thread, ${CALLS} calls in real time, all threads`, pools[kind].all),
      `  of which on the event loop (the main thread): ${pools[kind].main.toFixed(0)} µs per frame`,
    ]),
  ];
}
