import { afterEach, describe, expect, it, vi } from 'vitest';
import { noiseAlone, recordedSpeech, withNoise } from '../../../../test/helpers/recorded-speech.js';
import { concatSamples } from './frames.js';
import { createNoiseSuppressor, DEFAULT_NOISE_SUPPRESSOR, type NoiseSuppressorOptions } from './noise-suppressor.js';
import { defaultRnnoiseBuild, loadRnnoise } from './rnnoise.js';
import { rms } from './test-signal.js';

const FRAME = 320;

async function denoise(audio: Int16Array, options: NoiseSuppressorOptions = {}): Promise<Int16Array> {
  const suppressor = await createNoiseSuppressor(options);
  const out = new Int16Array(Math.floor(audio.length / FRAME) * FRAME);
  for (let k = 0; k < out.length; k += FRAME) out.set(suppressor.process(audio.slice(k, k + FRAME)), k);
  suppressor.close();
  return out;
}

const maxDifference = (a: Int16Array, b: Int16Array) => a.reduce((max, v, i) => Math.max(max, Math.abs(v - b[i]!)), 0);

describe('noise suppressor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs RNNoise built with SIMD where Node has it, denoising as its build without SIMD does', async () => {
    expect(defaultRnnoiseBuild).toBe('simd');
    const noisy = withNoise(recordedSpeech('pizza'), 'street', 5);
    const [simd, scalar] = await Promise.all([
      denoise(noisy, { kind: 'rnnoise', build: 'simd' }),
      denoise(noisy, { kind: 'rnnoise', build: 'scalar' }),
    ]);
    // The same network; only the order of floating-point additions differs.
    expect(maxDifference(simd, scalar)).toBeLessThanOrEqual(8);
    expect(simd).not.toEqual(noisy.subarray(0, simd.length));
  });

  it.each([
    ['rnnoise', 15],
    ['speex', 8],
  ] as const)('takes street noise down with %s by more than %i dB where nobody speaks', async (kind, dB) => {
    const noise = noiseAlone('street', 3_000, 0);
    const out = await denoise(noise, { kind });
    // The last two seconds: the suppressor has learnt the noise by then.
    const tail = (samples: Int16Array) => samples.subarray(16_000);
    expect(20 * Math.log10(rms(tail(noise)) / rms(tail(out)))).toBeGreaterThan(dB);
  });

  it.each(['rnnoise', 'speex'] as const)('leaves clean speech with %s within 2 dB of its level', async (kind) => {
    const speech = recordedSpeech('pizza');
    const out = await denoise(speech, { kind });
    const input = speech.subarray(0, out.length);
    expect(Math.abs(20 * Math.log10(rms(out) / rms(input)))).toBeLessThan(2);
  });

  it('runs Speex by default, and refuses a frame that is not 20 ms at 16 kHz', async () => {
    expect(DEFAULT_NOISE_SUPPRESSOR).toBe('speex');
    const suppressor = await createNoiseSuppressor();
    expect(() => suppressor.process(new Int16Array(160))).toThrow('the noise suppressor takes 320-sample frames, not 160');
    suppressor.close();
  });

  it('skips RNNoise in settled digital silence and comes out of it exactly as if it had run', async () => {
    const noisy = withNoise(recordedSpeech('hours'), 'babble', 10);
    // Whole frames, so that the second of zeros is 50 frames of digital silence.
    const speech = noisy.subarray(0, noisy.length - (noisy.length % FRAME));
    const audio = concatSamples([speech, new Int16Array(16_000), speech]);
    const rnnoise = await loadRnnoise();
    const frames = vi.spyOn(rnnoise, 'processFrame');
    const skipping = await denoise(audio, { kind: 'rnnoise' });
    const calls = frames.mock.calls.length;
    frames.mockClear();
    const running = await denoise(audio, { kind: 'rnnoise', skipSilence: false });
    // One second of zeros is 50 frames: the first 15 go through RNNoise, 35 do not (two RNNoise frames each).
    expect(frames.mock.calls.length - calls).toBe(35 * 2);
    expect(skipping).toEqual(running);
    const silence = skipping.subarray(speech.length + 16 * FRAME, speech.length + 16_000 - FRAME);
    expect(silence.every((v) => v === 0)).toBe(true);
  });
});
