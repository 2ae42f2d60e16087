/**
 * Streaming, stateful rational resampler (polyphase windowed-sinc FIR), for the integer ratios a
 * call needs: 8k<->16k (telephone legs), 24k->16k (OpenAI-compatible and Realtime PCM) and
 * 16k->24k (audio sent to a Realtime model). One instance per audio stream: it keeps the tail of
 * the previous chunk, so cutting a stream into 20 ms frames adds no clicks at frame edges.
 *
 * Written here rather than taken from a WASM library because every call has several streams and
 * the engine processes frames synchronously: this is a plain loop (about 20-70 multiply-adds per
 * output sample; ~10 µs of CPU per 20 ms frame for 8k<->16k, ~16 µs for 24k->16k) with no async
 * initialisation. A Kaiser window (beta 7) keeps aliases more than 50 dB down past the transition
 * band.
 */
export interface Resampler {
  readonly fromRate: number;
  readonly toRate: number;
  /** Converts the next chunk of the stream; output length follows the ratio, ±1 sample. */
  process(input: Int16Array): Int16Array;
  /** Forgets the history (e.g. after a barge-in cut the stream). */
  reset(): void;
}

/** Zero crossings of the sinc kept on each side: the filter's length, and so its sharpness. */
const ZERO_CROSSINGS = 10;
const KAISER_BETA = 7;
/** Pass band kept, as a fraction of the lower of the two Nyquist frequencies. */
const PASSBAND_FRACTION = 0.92;

export function createResampler(fromRate: number, toRate: number): Resampler {
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0) {
    throw new Error(`Unsupported sample rates ${fromRate} -> ${toRate}`);
  }
  if (fromRate === toRate) return passThrough(fromRate);
  const divisor = gcd(fromRate, toRate);
  const up = toRate / divisor;
  const down = fromRate / divisor;
  if (up > 16 || down > 16) throw new Error(`Ratio ${fromRate} -> ${toRate} is not a small integer ratio`);
  const { taps, tapsPerPhase } = designFilter(up, down);
  // One reversed coefficient row per phase, so the inner loop walks both arrays forwards.
  const phases = Array.from({ length: up }, (_, phase) => {
    const row = new Float64Array(tapsPerPhase);
    for (let j = 0; j < tapsPerPhase; j++) row[j] = taps[phase + (tapsPerPhase - 1 - j) * up]!;
    return row;
  });
  const historyLength = tapsPerPhase - 1;
  // History followed by the current chunk; reused between calls (grown when a chunk is larger).
  let buffer = new Float64Array(historyLength + 1024);
  // Position of the next output sample on the up-sampled time line, relative to the chunk start.
  let position = 0;

  return {
    fromRate,
    toRate,
    process(input) {
      if (buffer.length < historyLength + input.length) {
        const grown = new Float64Array(historyLength + input.length);
        grown.set(buffer.subarray(0, historyLength));
        buffer = grown;
      }
      for (let i = 0; i < input.length; i++) buffer[historyLength + i] = input[i]!;
      const end = input.length * up;
      const count = position < end ? Math.ceil((end - position) / down) : 0;
      const output = new Int16Array(count);
      for (let n = 0; n < count; n++) {
        const index = (position / up) | 0;
        const row = phases[position - index * up]!;
        // Four running sums, not one: additions that do not wait on each other.
        let a = 0;
        let b = 0;
        let c = 0;
        let d = 0;
        let j = 0;
        for (; j + 3 < tapsPerPhase; j += 4) {
          a += row[j]! * buffer[index + j]!;
          b += row[j + 1]! * buffer[index + j + 1]!;
          c += row[j + 2]! * buffer[index + j + 2]!;
          d += row[j + 3]! * buffer[index + j + 3]!;
        }
        for (; j < tapsPerPhase; j++) a += row[j]! * buffer[index + j]!;
        const acc = a + b + c + d;
        output[n] = acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc);
        position += down;
      }
      position -= end;
      buffer.copyWithin(0, input.length, input.length + historyLength);
      return output;
    },
    reset() {
      buffer.fill(0);
      position = 0;
    },
  };
}

function passThrough(rate: number): Resampler {
  return { fromRate: rate, toRate: rate, process: (input) => input.slice(), reset: () => undefined };
}

function designFilter(up: number, down: number) {
  // Cut-off in cycles per up-sampled sample: below the lower Nyquist of input and output.
  const cutoff = (PASSBAND_FRACTION * 0.5) / Math.max(up, down);
  const halfLength = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
  const tapsPerPhase = Math.ceil((2 * halfLength + 1) / up);
  const length = tapsPerPhase * up;
  const center = (length - 1) / 2;
  const taps = new Float64Array(length);
  const i0Beta = besselI0(KAISER_BETA);
  for (let i = 0; i < length; i++) {
    const t = i - center;
    const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
    const ratio = t / (center + 1);
    const window = besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - ratio * ratio))) / i0Beta;
    // × up: zero-stuffing divides the signal's energy by `up`.
    taps[i] = sinc * window * up;
  }
  return { taps, tapsPerPhase };
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
