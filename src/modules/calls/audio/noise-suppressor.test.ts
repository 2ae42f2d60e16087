import { afterEach, describe, expect, it, vi } from 'vitest';
import { noiseAlone, recordedSpeech, withNoise } from '../../../../test/helpers/recorded-speech.js';
import { concatSamples } from './frames.js';
import { createNoiseSuppressor, type NoiseSuppressorOptions } from './noise-suppressor.js';
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
    const [simd, scalar] = await Promise.all([denoise(noisy, { build: 'simd' }), denoise(noisy, { build: 'scalar' })]);
    // The same network; only the order of floating-point additions differs.
    expect(maxDifference(simd, scalar)).toBeLessThanOrEqual(8);
    expect(simd).not.toEqual(noisy.subarray(0, simd.length));
  });

  it('takes street noise down by more than 15 dB where nobody speaks', async () => {
    const noise = noiseAlone('street', 3_000, 0);
    const out = await denoise(noise);
    // The last two seconds: RNNoise has learnt the noise by then.
    const tail = (samples: Int16Array) => samples.subarray(16_000);
    expect(20 * Math.log10(rms(tail(noise)) / rms(tail(out)))).toBeGreaterThan(15);
  });

  it('skips RNNoise in settled digital silence and comes out of it exactly as if it had run', async () => {
    const noisy = withNoise(recordedSpeech('hours'), 'babble', 10);
    // Whole frames, so that the second of zeros is 50 frames of digital silence.
    const speech = noisy.subarray(0, noisy.length - (noisy.length % FRAME));
    const audio = concatSamples([speech, new Int16Array(16_000), speech]);
    const rnnoise = await loadRnnoise();
    const frames = vi.spyOn(rnnoise, 'processFrame');
    const skipping = await denoise(audio);
    const calls = frames.mock.calls.length;
    frames.mockClear();
    const running = await denoise(audio, { skipSilence: false });
    // One second of zeros is 50 frames: the first 15 go through RNNoise, 35 do not (two RNNoise frames each).
    expect(frames.mock.calls.length - calls).toBe(35 * 2);
    expect(skipping).toEqual(running);
    const silence = skipping.subarray(speech.length + 16 * FRAME, speech.length + 16_000 - FRAME);
    expect(silence.every((v) => v === 0)).toBe(true);
  });
});
