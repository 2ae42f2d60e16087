import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw } from './g711.js';
import { concatSamples } from './frames.js';
import { createResampler } from './resampler.js';
import { containsSignalForText, detectSignal, encodeSignal, signalForText, silence, symbolsForText, tone } from './test-signal.js';

function noise(count: number, amplitude: number, seed = 1): Int16Array {
  let state = seed;
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out[i] = Math.round(((state / 2 ** 32) * 2 - 1) * amplitude);
  }
  return out;
}

describe('test signal', () => {
  it('decodes the symbols it encodes, repeated symbols included', () => {
    expect(detectSignal(encodeSignal([3, 3, 0, 7, 1], 16000), 16000)).toEqual([3, 3, 0, 7, 1]);
  });

  it('gives different sentences different symbols', () => {
    expect(symbolsForText('Hello there.')).not.toEqual(symbolsForText('Goodbye now.'));
    expect(symbolsForText('Hello there.')).toEqual(symbolsForText('Hello there.'));
  });

  it('survives 24 kHz -> 16 kHz -> 8 kHz μ-law -> 16 kHz, offset and padded with silence', () => {
    const sent = concatSamples([silence(33, 24000), signalForText('Your table is booked.', 24000), silence(100, 24000)]);
    const at16 = createResampler(24000, 16000).process(sent);
    const phone = decodeMulaw(encodeMulaw(createResampler(16000, 8000).process(at16)));
    const heard = createResampler(8000, 16000).process(phone);
    expect(containsSignalForText(heard, 16000, 'Your table is booked.')).toBe(true);
    expect(containsSignalForText(heard, 16000, 'Something else entirely.')).toBe(false);
  });

  it('is found under moderate noise and not invented from noise or silence', () => {
    const signal = signalForText('Hi', 16000);
    const hiss = noise(signal.length, 1500);
    const noisy = signal.map((s, i) => s + hiss[i]!);
    expect(detectSignal(noisy, 16000)).toEqual(symbolsForText('Hi'));
    expect(detectSignal(noise(16000, 8000), 16000)).toEqual([]);
    expect(detectSignal(silence(1000, 16000), 16000)).toEqual([]);
    // A tone outside the alphabet is not a symbol.
    expect(detectSignal(tone(2800, 500, 16000), 16000)).toEqual([]);
  });
});
