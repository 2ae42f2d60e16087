import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw } from './g711.js';
import { concatSamples } from './frames.js';
import { createResampler } from './resampler.js';
import { goertzelPower, rms, tone } from './test-signal.js';

function inFrames(input: Int16Array, frameSamples: number, process: (frame: Int16Array) => Int16Array) {
  const out: Int16Array[] = [];
  for (let i = 0; i < input.length; i += frameSamples) out.push(process(input.subarray(i, i + frameSamples)));
  return out;
}

/** Skips the filter's start-up so amplitudes compare on the steady state. */
const steady = (s: Int16Array) => s.subarray(200, s.length - 200);

describe('createResampler', () => {
  it('turns each 20 ms frame at 8 kHz into exactly 320 samples at 16 kHz, keeping tone and level', () => {
    const resampler = createResampler(8000, 16000);
    const input = tone(1000, 400, 8000);
    const frames = inFrames(input, 160, (f) => resampler.process(f));
    expect(frames.map((f) => f.length)).toEqual(new Array(20).fill(320));
    const out = steady(concatSamples(frames));
    expect(rms(out) / rms(input)).toBeGreaterThan(0.97);
    expect(rms(out) / rms(input)).toBeLessThan(1.03);
    expect(goertzelPower(out, 1000, 16000)).toBeGreaterThan(1000 * goertzelPower(out, 3000, 16000));
  });

  it('gives the same samples whether fed frame by frame or in one piece', () => {
    const input = tone(700, 300, 24000);
    const whole = createResampler(24000, 16000).process(input);
    const streamed = createResampler(24000, 16000);
    const pieces = concatSamples(
      [37, 480, 1, 999, 2000, 3683].reduce<Int16Array[]>((acc, size, i, sizes) => {
        const start = sizes.slice(0, i).reduce((a, b) => a + b, 0);
        acc.push(streamed.process(input.subarray(start, start + size)));
        return acc;
      }, []),
    );
    expect(pieces.length).toBe(whole.length);
    expect(Array.from(pieces)).toEqual(Array.from(whole));
  });

  it('maps 480 samples at 24 kHz to 320 at 16 kHz and 320 at 16 kHz to 480 at 24 kHz', () => {
    const down = createResampler(24000, 16000);
    const up = createResampler(16000, 24000);
    expect(inFrames(tone(440, 100, 24000), 480, (f) => down.process(f)).map((f) => f.length)).toEqual([320, 320, 320, 320, 320]);
    expect(inFrames(tone(440, 100, 16000), 320, (f) => up.process(f)).map((f) => f.length)).toEqual([480, 480, 480, 480, 480]);
  });

  it('removes content above the new Nyquist frequency instead of folding it down (no aliasing)', () => {
    // 5 kHz at 16 kHz would alias to 3 kHz at 8 kHz without the low-pass filter.
    const input = tone(5000, 400, 16000);
    const out = steady(createResampler(16000, 8000).process(input));
    expect(rms(out)).toBeLessThan(rms(input) / 300);
    const passband = steady(createResampler(16000, 8000).process(tone(3000, 400, 16000)));
    expect(rms(passband) / rms(input)).toBeGreaterThan(0.95);
  });

  it('carries a telephone round trip (16 kHz -> 8 kHz μ-law -> 16 kHz) with the tone intact', () => {
    const input = tone(1300, 400, 16000);
    const narrow = createResampler(16000, 8000).process(input);
    const wide = steady(createResampler(8000, 16000).process(decodeMulaw(encodeMulaw(narrow))));
    expect(rms(wide) / rms(input)).toBeGreaterThan(0.9);
    expect(goertzelPower(wide, 1300, 16000)).toBeGreaterThan(100 * goertzelPower(wide, 1100, 16000));
  });

  it('starts afresh after reset', () => {
    const resampler = createResampler(8000, 16000);
    const first = resampler.process(tone(500, 40, 8000));
    resampler.process(tone(900, 40, 8000));
    resampler.reset();
    expect(Array.from(resampler.process(tone(500, 40, 8000)))).toEqual(Array.from(first));
  });

  it('refuses rates that are not a small integer ratio', () => {
    expect(() => createResampler(8000, 44099)).toThrow(/small integer ratio/);
    expect(createResampler(16000, 16000).process(Int16Array.of(1, 2, 3))).toEqual(Int16Array.of(1, 2, 3));
  });
});
