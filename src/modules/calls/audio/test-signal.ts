/**
 * A known signal and its detector, for tests and benchmarks of every voice leg: fake speech
 * servers answer with `signalForText(text)`, callers decode what they hear with
 * `detectSignal`, and a test can say "the caller heard the audio synthesised for this sentence"
 * after μ-law, resampling and framing. Tones sit inside the telephone band (300-3400 Hz) and are
 * 200 Hz apart, detected per 20 ms window with Goertzel filters under a Hann window; a silent gap
 * separates symbols so repeated symbols stay distinct.
 */
export const SIGNAL_FREQUENCIES_HZ = [500, 700, 900, 1100, 1300, 1500, 1700, 1900] as const;
export const SIGNAL_TONE_MS = 80;
export const SIGNAL_GAP_MS = 40;
const WINDOW_MS = 20;
/** The winning tone must carry this many times the power of the runner-up. */
const DOMINANCE = 4;
/** Windows quieter than this RMS (of int16 full scale 32768) carry no symbol. */
const MIN_RMS = 300;

export function tone(frequencyHz: number, durationMs: number, sampleRate: number, amplitude = 0.3): Int16Array {
  const count = Math.round((sampleRate * durationMs) / 1000);
  const out = new Int16Array(count);
  const step = (2 * Math.PI * frequencyHz) / sampleRate;
  for (let i = 0; i < count; i++) out[i] = Math.round(Math.sin(step * i) * amplitude * 32767);
  return out;
}

export function silence(durationMs: number, sampleRate: number): Int16Array {
  return new Int16Array(Math.round((sampleRate * durationMs) / 1000));
}

/** Tones for symbols 0-7, each followed by a silent gap. */
export function encodeSignal(symbols: number[], sampleRate: number, amplitude = 0.3): Int16Array {
  const parts: Int16Array[] = [];
  for (const symbol of symbols) {
    const frequency = SIGNAL_FREQUENCIES_HZ[symbol];
    if (frequency === undefined) throw new Error(`Signal symbol ${symbol} is out of range 0-7`);
    parts.push(tone(frequency, SIGNAL_TONE_MS, sampleRate, amplitude), silence(SIGNAL_GAP_MS, sampleRate));
  }
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Four symbols derived from the text (FNV-1a), so each sentence has its own recognisable audio. */
export function symbolsForText(text: string): number[] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return [0, 1, 2, 3].map((i) => (hash >>> (i * 3)) & 7);
}

export function signalForText(text: string, sampleRate: number): Int16Array {
  return encodeSignal(symbolsForText(text), sampleRate);
}

/** Power of one frequency in a block (Goertzel), on Hann-windowed samples. */
export function goertzelPower(samples: ArrayLike<number>, frequencyHz: number, sampleRate: number): number {
  const n = samples.length;
  const coefficient = 2 * Math.cos((2 * Math.PI * frequencyHz) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    const s0 = samples[i]! * hann + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coefficient * s1 * s2;
}

export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

/** The signal symbol sounding in one window, or undefined (silence, noise, speech, a boundary). */
export function detectSymbolInWindow(window: Int16Array, sampleRate: number): number | undefined {
  if (rms(window) < MIN_RMS) return undefined;
  const powers = SIGNAL_FREQUENCIES_HZ.map((f) => goertzelPower(window, f, sampleRate));
  let best = 0;
  for (let i = 1; i < powers.length; i++) if (powers[i]! > powers[best]!) best = i;
  const runnerUp = Math.max(...powers.filter((_, i) => i !== best));
  return powers[best]! >= DOMINANCE * runnerUp ? best : undefined;
}

/**
 * The symbols heard in a stretch of audio, in order. A symbol counts when at least two
 * consecutive windows agree on it, which rejects boundary windows where two tones overlap.
 */
export function detectSignal(samples: Int16Array, sampleRate: number): number[] {
  const windowSamples = Math.round((sampleRate * WINDOW_MS) / 1000);
  const symbols: number[] = [];
  let current: number | undefined;
  let run = 0;
  let emitted = false;
  for (let start = 0; start + windowSamples <= samples.length; start += windowSamples) {
    const symbol = detectSymbolInWindow(samples.subarray(start, start + windowSamples), sampleRate);
    if (symbol !== undefined && symbol === current) {
      run += 1;
    } else {
      current = symbol;
      run = symbol === undefined ? 0 : 1;
      emitted = false;
    }
    if (current !== undefined && run >= 2 && !emitted) {
      symbols.push(current);
      emitted = true;
    }
  }
  return symbols;
}

/**
 * Like containsSignalForText, for audio mixed with a noise bed (a recording with ambient sound):
 * low-passed noise in the signal's 40 ms gaps can decode as a stray low symbol, so one stray is
 * allowed between consecutive symbols of the text, which must otherwise appear in order.
 */
export function containsSignalUnderNoise(samples: Int16Array, sampleRate: number, text: string): boolean {
  const wanted = symbolsForText(text);
  const found = detectSignal(samples, sampleRate);
  for (let start = 0; start < found.length; start++) {
    if (found[start] !== wanted[0]) continue;
    let matched = 1;
    let strays = 0;
    for (let i = start + 1; i < found.length && matched < wanted.length && strays <= 1; i++) {
      if (found[i] === wanted[matched]) {
        matched += 1;
        strays = 0;
      } else {
        strays += 1;
      }
    }
    if (matched === wanted.length) return true;
  }
  return false;
}

/** True when the audio contains the signal of this text (possibly among other audio). */
export function containsSignalForText(samples: Int16Array, sampleRate: number, text: string): boolean {
  const wanted = symbolsForText(text).join(',');
  return detectSignal(samples, sampleRate).join(',').includes(wanted);
}

/**
 * A voice-like sound (a glottal pulse train with wobbling pitch through three vowel formants,
 * in 4 Hz syllables) that voice-activity detectors take for speech while silence is not.
 * Fake callers use it wherever a voice-activity detector must hear someone talk.
 */
export function speechLike(durationMs: number, sampleRate: number, amplitude = 0.5): Int16Array {
  const count = Math.round((sampleRate * durationMs) / 1000);
  const raw = new Float64Array(count);
  const formants = [
    [700, 80],
    [1200, 90],
    [2500, 120],
  ] as const;
  const state = formants.map(() => [0, 0]);
  let peak = 0;
  for (let i = 0; i < count; i++) {
    const t = i / sampleRate;
    const pitch = 120 * (1 + 0.1 * Math.sin(2 * Math.PI * 3 * t));
    const pulse = (t * pitch) % 1 < 0.05 ? 1 : 0;
    let y = 0;
    formants.forEach(([frequency, bandwidth], k) => {
      const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
      const s = state[k]!;
      const v = pulse + 2 * r * Math.cos((2 * Math.PI * frequency) / sampleRate) * s[0]! - r * r * s[1]!;
      s[1] = s[0]!;
      s[0] = v;
      y += v;
    });
    raw[i] = y * (0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * t));
    peak = Math.max(peak, Math.abs(raw[i]!));
  }
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.round((raw[i]! / (peak || 1)) * amplitude * 32767);
  return out;
}
