import { describe, expect, it } from 'vitest';
import { concatSamples } from './frames.js';
import { createOpusDecoder, createOpusEncoder, OPUS_FRAME_SAMPLES, OPUS_SAMPLE_RATE } from './opus.js';
import { containsSignalForText, goertzelPower, signalForText } from './test-signal.js';

/** Opus through libav.js: what goes in comes out (after the codec's lookahead), and junk does no harm. */
async function roundTrip(samples: Int16Array) {
  const encoder = await createOpusEncoder();
  const decoder = await createOpusDecoder();
  const decoded: Int16Array[] = [];
  const sizes: number[] = [];
  for (let i = 0; i + OPUS_FRAME_SAMPLES <= samples.length; i += OPUS_FRAME_SAMPLES) {
    const packet = encoder.encode(samples.subarray(i, i + OPUS_FRAME_SAMPLES));
    sizes.push(packet.length);
    decoded.push(decoder.decode(packet));
  }
  encoder.close();
  return { decoded: concatSamples(decoded), sizes, decoder };
}

describe('Opus codec', () => {
  it('carries a known signal through 20 ms packets at about 32 kb/s', async () => {
    const signal = signalForText('Opus round trip', OPUS_SAMPLE_RATE);
    const { decoded, sizes, decoder } = await roundTrip(concatSamples([signal, new Int16Array(OPUS_FRAME_SAMPLES * 10)]));
    decoder.close();
    expect(decoded.length).toBe(sizes.length * OPUS_FRAME_SAMPLES);
    expect(containsSignalForText(decoded, OPUS_SAMPLE_RATE, 'Opus round trip')).toBe(true);
    const steady = sizes.slice(5, 20);
    const kbps = (steady.reduce((a, b) => a + b, 0) * 8) / (steady.length * 20);
    expect(kbps).toBeGreaterThan(16);
    expect(kbps).toBeLessThan(48);
  });

  it('keeps the spectrum: a 3 kHz tone stays at 3 kHz', async () => {
    const tone = new Int16Array(OPUS_SAMPLE_RATE / 2).map((_, i) =>
      Math.round(10_000 * Math.sin((2 * Math.PI * 3_000 * i) / OPUS_SAMPLE_RATE)),
    );
    const { decoded, decoder } = await roundTrip(tone);
    decoder.close();
    const tail = decoded.subarray(decoded.length - 4_800);
    expect(goertzelPower(tail, 3_000, OPUS_SAMPLE_RATE)).toBeGreaterThan(100 * goertzelPower(tail, 2_000, OPUS_SAMPLE_RATE));
  });

  it('drops junk, empty and oversized packets, and decodes the next good one', async () => {
    const encoder = await createOpusEncoder();
    const decoder = await createOpusDecoder();
    const good = encoder.encode(new Int16Array(OPUS_FRAME_SAMPLES).fill(1_000));
    for (const junk of [new Uint8Array(0), Uint8Array.of(0xff, 0xff, 0xff), new Uint8Array(5_000).fill(7), Uint8Array.of(0x7f)]) {
      expect(decoder.decode(junk).length).toBe(0);
    }
    expect(decoder.decode(good).length).toBe(OPUS_FRAME_SAMPLES);
    encoder.close();
    decoder.close();
    expect(decoder.decode(good).length).toBe(0);
  });

  it("keeps every call's codec working while many are open (the heap grows under them)", async () => {
    const codecs = await Promise.all(
      Array.from({ length: 120 }, async () => ({ encoder: await createOpusEncoder(), decoder: await createOpusDecoder() })),
    );
    const frame = new Int16Array(OPUS_FRAME_SAMPLES).map((_, i) =>
      Math.round(8_000 * Math.sin((2 * Math.PI * 700 * i) / OPUS_SAMPLE_RATE)),
    );
    for (const { encoder, decoder } of codecs) expect(decoder.decode(encoder.encode(frame)).length).toBe(OPUS_FRAME_SAMPLES);
    for (const { encoder, decoder } of codecs) {
      encoder.close();
      decoder.close();
    }
  });
});
