import { samplesPerFrame } from './frames.js';
import { goertzelPower, rms } from './test-signal.js';

/**
 * DTMF (ITU-T Q.23 keypad tones): each key is a low and a high sine played together. The engine
 * sends keys as audio on the call's media (in-band), because a Twilio bidirectional media stream
 * has no message for sending digits and replacing the call's TwiML with <Play digits> would end
 * the stream; carriers and IVRs detect in-band tones on a G.711 line (RFC 4733 is only an
 * alternative for legs that negotiate it).
 */
const LOW_HZ = [697, 770, 852, 941] as const;
const HIGH_HZ = [1209, 1336, 1477, 1633] as const;
const KEYS = ['123A', '456B', '789C', '*0#D'] as const;

export const DTMF_KEY_PATTERN = /^[0-9*#A-D]$/;
/** Digits the model may send: keys, and `w` for a half-second wait (as Twilio's SendDigits). */
export const DTMF_SEQUENCE_PATTERN = '^[0-9*#A-Dw]{1,32}$';
/** Q.24 asks for at least 40 ms of tone and 40 ms of pause; exchanges and IVRs are happier with more. */
export const DTMF_TONE_MS = 120;
export const DTMF_GAP_MS = 80;
export const DTMF_WAIT_MS = 500;

function frequencies(key: string): [number, number] | null {
  for (let row = 0; row < KEYS.length; row++) {
    const column = KEYS[row]!.indexOf(key);
    if (column >= 0) return [LOW_HZ[row]!, HIGH_HZ[column]!];
  }
  return null;
}

/** The tones of `dtmfTones` as whole 20 ms frames (the last one padded with silence), for a line's frame queue. */
export function dtmfToneFrames(sequence: string, sampleRate: number): Int16Array[] {
  const tones = dtmfTones(sequence, sampleRate);
  const frame = samplesPerFrame(sampleRate);
  const frames: Int16Array[] = [];
  for (let i = 0; i < tones.length; i += frame) {
    const padded = new Int16Array(frame);
    padded.set(tones.subarray(i, i + frame));
    frames.push(padded);
  }
  return frames;
}

/** The tones for a sequence of keys (`w` waits), PCM16 at `sampleRate`; unknown characters are skipped. */
export function dtmfTones(sequence: string, sampleRate: number, amplitude = 0.3): Int16Array {
  const ms = (value: number) => Math.round((sampleRate * value) / 1000);
  const parts: Int16Array[] = [];
  for (const key of sequence) {
    if (key === 'w') {
      parts.push(new Int16Array(ms(DTMF_WAIT_MS)));
      continue;
    }
    const pair = frequencies(key);
    if (!pair) continue;
    const tone = new Int16Array(ms(DTMF_TONE_MS));
    // Half the amplitude each, so the pair peaks where a single tone would.
    for (let i = 0; i < tone.length; i++) {
      const t = i / sampleRate;
      tone[i] = Math.round(((Math.sin(2 * Math.PI * pair[0] * t) + Math.sin(2 * Math.PI * pair[1] * t)) / 2) * amplitude * 32767);
    }
    parts.push(tone, new Int16Array(ms(DTMF_GAP_MS)));
  }
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const WINDOW_MS = 20;
const MIN_RMS = 300;
/** Each group's winner must carry this many times the power of its runner-up. */
const DOMINANCE = 4;
/** Share of a clean pair's expected power each tone must reach. */
const MIN_SHARE = 0.3;

/** The keys played in `samples` (in-band detection, 20 ms Goertzel windows); a key counts once per tone. */
export function detectDtmf(samples: Int16Array, sampleRate: number): string {
  const window = Math.round((sampleRate * WINDOW_MS) / 1000);
  let keys = '';
  let previous: string | null = null;
  for (let start = 0; start + window <= samples.length; start += window) {
    const slice = samples.subarray(start, start + window);
    const key = rms(slice) < MIN_RMS ? null : keyIn(slice, sampleRate);
    if (key && key !== previous) keys += key;
    previous = key;
  }
  return keys;
}

function keyIn(slice: Int16Array, sampleRate: number): string | null {
  // A pair of equal tones with this RMS gives each tone about (rms * n / 4)^2 under the Hann
  // window: both must come near it, so one tone between two keys (speech, music) is no key.
  const expected = ((rms(slice) * slice.length) / 4) ** 2;
  const strongest = (group: readonly number[]) => {
    const powers = group.map((hz) => goertzelPower(slice, hz, sampleRate));
    const sorted = [...powers].sort((a, b) => b - a);
    return sorted[0]! > sorted[1]! * DOMINANCE && sorted[0]! > expected * MIN_SHARE ? powers.indexOf(sorted[0]!) : -1;
  };
  const row = strongest(LOW_HZ);
  const column = strongest(HIGH_HZ);
  return row >= 0 && column >= 0 ? KEYS[row]![column]! : null;
}
