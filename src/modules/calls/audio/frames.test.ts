import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw } from './g711.js';
import { bytesToPcm16, Pcm16Decoder, pcm16ToBytes, SampleFramer, samplesPerFrame } from './frames.js';
import { decodeWav, encodeWav, WavFileWriter } from './wav.js';

describe('G.711 μ-law', () => {
  it('encodes 160 samples (20 ms at 8 kHz) to 160 bytes and decodes within the codec step', () => {
    const samples = Int16Array.from({ length: 160 }, (_, i) => Math.round(Math.sin(i / 5) * 12000));
    const bytes = encodeMulaw(samples);
    expect(bytes.length).toBe(160);
    const back = decodeMulaw(bytes);
    for (let i = 0; i < samples.length; i++) expect(Math.abs(back[i]! - samples[i]!)).toBeLessThanOrEqual(Math.abs(samples[i]!) / 16 + 8);
    // Silence is 0xFF in μ-law.
    expect(Array.from(encodeMulaw(new Int16Array(3)))).toEqual([0xff, 0xff, 0xff]);
  });
});

describe('framing', () => {
  it('cuts uneven chunks into fixed frames and pads the last one', () => {
    const framer = new SampleFramer(samplesPerFrame(16000));
    expect(framer.frameSamples).toBe(320);
    const input = Int16Array.from({ length: 1000 }, (_, i) => i);
    const frames = [...framer.push(input.subarray(0, 100)), ...framer.push(input.subarray(100, 900)), ...framer.push(input.subarray(900))];
    expect(frames.map((f) => [f[0], f.length])).toEqual([
      [0, 320],
      [320, 320],
      [640, 320],
    ]);
    const last = framer.flush()!;
    expect([last[0], last[39], last[40], last.length]).toEqual([960, 999, 0, 320]);
    expect(framer.flush()).toBeUndefined();
  });

  it('decodes PCM16 LE bytes split in the middle of a sample', () => {
    const samples = Int16Array.of(1, -2, 32767, -32768, 258);
    const bytes = pcm16ToBytes(samples);
    const decoder = new Pcm16Decoder();
    const out = [bytes.subarray(0, 3), bytes.subarray(3, 4), bytes.subarray(4, 4), bytes.subarray(4, 9), bytes.subarray(9)].flatMap((b) =>
      Array.from(decoder.push(b)),
    );
    expect(out).toEqual([1, -2, 32767, -32768, 258]);
    expect(Array.from(bytesToPcm16(bytes))).toEqual(Array.from(samples));
  });
});

describe('WAV', () => {
  it('writes a 44-byte PCM header that reads back', () => {
    const wav = encodeWav(Int16Array.of(1, 2, 3), 16000);
    expect(wav.length).toBe(50);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    const decoded = decodeWav(wav);
    expect({ ...decoded, data: Array.from(bytesToPcm16(decoded.data)) }).toEqual({
      sampleRate: 16000,
      channels: 1,
      format: 'pcm16',
      data: [1, 2, 3],
    });
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow('Not a RIFF/WAVE file');
  });

  it('streams a recording to disk and patches the sizes on close', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'wav-')), 'call.wav');
    const writer = await WavFileWriter.create(path, 8000, 'mulaw');
    writer.write(new Uint8Array(160).fill(0x7f));
    writer.write(new Uint8Array(80).fill(0x01));
    expect(writer.durationMs).toBe(30);
    await writer.close();
    const file = await readFile(path);
    expect(file.readUInt32LE(4)).toBe(36 + 240);
    const decoded = decodeWav(file);
    expect([decoded.format, decoded.sampleRate, decoded.data.length, decoded.data[0], decoded.data[239]]).toEqual([
      'mulaw',
      8000,
      240,
      0x7f,
      0x01,
    ]);
  });
});
