import * as alawmulaw from 'alawmulaw';

/**
 * G.711 μ-law, the telephone network's codec (Twilio media streams, ElevenLabs `ulaw_8000`,
 * Realtime `audio/pcmu`): one byte per sample at 8 kHz, so 160 bytes are 20 ms.
 * alawmulaw ships a UMD bundle whose exports Node's ESM loader cannot name: under ESM the codecs
 * are on the default export, under a CommonJS transform (tsx scripts) on the namespace itself.
 */
const { mulaw } = 'mulaw' in alawmulaw ? alawmulaw : (alawmulaw as unknown as { default: typeof alawmulaw }).default;

/**
 * Both directions as table lookups, built once from the library's own per-sample codec (so the
 * bytes are the same): every phone call converts 50 frames a second each way. The encoder's
 * table holds one byte per 16-bit sample value (64 KB).
 */
const DECODE = Int16Array.from({ length: 256 }, (_, byte) => mulaw.decodeSample(byte));
const ENCODE = Uint8Array.from({ length: 65_536 }, (_, k) => mulaw.encodeSample(k - 32_768));

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = DECODE[bytes[i]!]!;
  return out;
}

export function encodeMulaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = ENCODE[samples[i]! + 32_768]!;
  return out;
}

export const MULAW_SAMPLE_RATE = 8_000;
