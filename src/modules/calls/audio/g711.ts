import * as alawmulaw from 'alawmulaw';

/**
 * G.711 μ-law, the telephone network's codec (Twilio media streams, ElevenLabs `ulaw_8000`,
 * Realtime `audio/pcmu`): one byte per sample at 8 kHz, so 160 bytes are 20 ms.
 * alawmulaw ships a UMD bundle whose exports Node's ESM loader cannot name: under ESM the codecs
 * are on the default export, under a CommonJS transform (tsx scripts) on the namespace itself.
 */
const { mulaw } = ('mulaw' in alawmulaw ? alawmulaw : (alawmulaw as unknown as { default: typeof alawmulaw }).default);

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  return mulaw.decode(bytes);
}

export function encodeMulaw(samples: Int16Array): Uint8Array {
  return mulaw.encode(samples);
}

export const MULAW_SAMPLE_RATE = 8_000;
