import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';

/**
 * A soft background bed generated on the fly (no audio files to ship or download): filtered noise
 * shaped per setting, with slow swells for rooms full of people and short chirps outdoors. At
 * volume 1 it peaks around -20 dBFS, well under speech, so it never masks the assistant.
 */
export type AmbientSound = 'off' | 'office' | 'city' | 'forest' | 'crowded_room' | 'cafe' | 'nature';

interface Shape {
  /** One-pole low-pass coefficient: higher is darker (traffic rumble), lower is airier (leaves). */
  lowPass: number;
  /** Mix of the high-passed residue: hiss of wind or air conditioning. */
  air: number;
  /** Depth and rate of amplitude swells (crowd murmur). */
  swellDepth: number;
  swellHz: number;
  /** Chirps per second (birds). */
  chirpsPerSecond: number;
}

const SHAPES: Record<Exclude<AmbientSound, 'off'>, Shape> = {
  office: { lowPass: 0.96, air: 0.25, swellDepth: 0.15, swellHz: 0.2, chirpsPerSecond: 0 },
  city: { lowPass: 0.985, air: 0.1, swellDepth: 0.3, swellHz: 0.1, chirpsPerSecond: 0 },
  forest: { lowPass: 0.9, air: 0.5, swellDepth: 0.4, swellHz: 0.15, chirpsPerSecond: 0.6 },
  crowded_room: { lowPass: 0.93, air: 0.15, swellDepth: 0.6, swellHz: 3, chirpsPerSecond: 0 },
  cafe: { lowPass: 0.94, air: 0.2, swellDepth: 0.45, swellHz: 2, chirpsPerSecond: 0 },
  nature: { lowPass: 0.88, air: 0.6, swellDepth: 0.5, swellHz: 0.08, chirpsPerSecond: 0.3 },
};

/** Peak level of the bed at volume 1, of full scale. */
const FULL_VOLUME = 0.1;

export interface AmbientBed {
  /** The next `samples` of background, at the engine rate. */
  next(samples: number): Int16Array;
}

export function createAmbientBed(sound: AmbientSound, volume: number, seed = 1): AmbientBed | null {
  if (sound === 'off' || volume <= 0) return null;
  const shape = SHAPES[sound];
  const random = mulberry32(seed);
  const gain = Math.min(1, volume) * FULL_VOLUME * 32767;
  let low = 0;
  let t = 0;
  let chirp = { left: 0, phase: 0, hz: 0 };
  return {
    next(samples) {
      const out = new Int16Array(samples);
      for (let i = 0; i < samples; i++, t++) {
        const white = random() * 2 - 1;
        low = shape.lowPass * low + (1 - shape.lowPass) * white;
        // The low-passed signal is small; scale it up to the same loudness as the air.
        let value = low * 6 + (white - low) * shape.air;
        const swell = 1 - shape.swellDepth * (0.5 + 0.5 * Math.sin((2 * Math.PI * shape.swellHz * t) / ENGINE_SAMPLE_RATE));
        value *= swell;
        if (chirp.left === 0 && shape.chirpsPerSecond > 0 && random() < shape.chirpsPerSecond / ENGINE_SAMPLE_RATE) {
          chirp = { left: Math.round(ENGINE_SAMPLE_RATE * 0.08), phase: 0, hz: 2500 + random() * 1500 };
        }
        if (chirp.left > 0) {
          chirp.phase += (2 * Math.PI * chirp.hz) / ENGINE_SAMPLE_RATE;
          chirp.hz += 4;
          chirp.left -= 1;
          value += 0.3 * Math.sin(chirp.phase);
        }
        out[i] = Math.max(-32768, Math.min(32767, Math.round(Math.max(-1, Math.min(1, value)) * gain)));
      }
      return out;
    },
  };
}

/** Adds `bed` into `frame` (a copy), saturating. */
export function mixFrames(frame: Int16Array, bed: Int16Array): Int16Array {
  const out = new Int16Array(frame.length);
  for (let i = 0; i < frame.length; i++) out[i] = Math.max(-32768, Math.min(32767, frame[i]! + (bed[i] ?? 0)));
  return out;
}

/** A tiny seeded generator: the same call sounds the same, and tests are repeatable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
