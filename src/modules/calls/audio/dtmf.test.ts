import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw } from './g711.js';
import { createResampler } from './resampler.js';
import { detectDtmf, dtmfTones, DTMF_GAP_MS, DTMF_TONE_MS, DTMF_WAIT_MS } from './dtmf.js';

describe('DTMF tones', () => {
  it('plays every key as its tone pair with gaps, and waits for w', () => {
    expect(dtmfTones('1', 16_000).length).toBe(((DTMF_TONE_MS + DTMF_GAP_MS) * 16_000) / 1000);
    expect(dtmfTones('1w2', 8_000).length).toBe(((2 * (DTMF_TONE_MS + DTMF_GAP_MS) + DTMF_WAIT_MS) * 8_000) / 1000);
    expect(detectDtmf(dtmfTones('0123456789*#ABCD', 16_000), 16_000)).toBe('0123456789*#ABCD');
  });

  it('survives the phone line: 16 kHz to 8 kHz and μ-law, repeated keys stay apart', () => {
    const resample = createResampler(16_000, 8_000);
    const line = decodeMulaw(encodeMulaw(resample.process(dtmfTones('11#w9', 16_000))));
    expect(detectDtmf(line, 8_000)).toBe('11#9');
  });

  it('hears no key in silence, speech-band single tones or unknown characters', () => {
    expect(dtmfTones('x?', 8_000).length).toBe(0);
    const single = new Int16Array(1600).map((_, i) => Math.round(Math.sin((2 * Math.PI * 1000 * i) / 8000) * 10_000));
    expect(detectDtmf(single, 8_000)).toBe('');
    expect(detectDtmf(new Int16Array(1600), 8_000)).toBe('');
  });
});
