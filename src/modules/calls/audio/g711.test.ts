import * as alawmulaw from 'alawmulaw';
import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw } from './g711.js';

const { mulaw } = 'mulaw' in alawmulaw ? alawmulaw : (alawmulaw as unknown as { default: typeof alawmulaw }).default;

describe('G.711 μ-law tables', () => {
  it('encode every 16-bit sample and decode every byte exactly as the library does', () => {
    const samples = Int16Array.from({ length: 65_536 }, (_, k) => k - 32_768);
    expect(encodeMulaw(samples)).toEqual(mulaw.encode(samples));
    const bytes = Uint8Array.from({ length: 256 }, (_, k) => k);
    expect(decodeMulaw(bytes)).toEqual(mulaw.decode(bytes));
    expect(decodeMulaw(encodeMulaw(Int16Array.from([0, 1000, -1000, 32_767, -32_768])))).toEqual(
      Int16Array.from([0, 988, -988, 32_124, -32_124]),
    );
  });
});
