import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import type { AmbientBed } from './ambient.js';

/** A slow major arpeggio (C4 E4 G4 C5 G4 E4), soft-edged notes: no audio file to ship. */
const NOTES_HZ = [261.63, 329.63, 392.0, 523.25, 392.0, 329.63];
const NOTE_MS = 450;
/** Peak of the music at hold_music_volume 100, of full scale: loud enough on a phone, never clipping. */
const FULL_VOLUME = 0.25;
const EDGE_MS = 40;

/**
 * The hold music a caller hears while the engine dials a supervisor, at hold_music_volume
 * (0-100); null at 0. Played as the line's background bed, so it stops the moment the caller is
 * taken off hold.
 */
export function createHoldMusic(volume: number): AmbientBed | null {
  if (volume <= 0) return null;
  const gain = (Math.min(100, volume) / 100) * FULL_VOLUME * 32767;
  const noteSamples = Math.round((ENGINE_SAMPLE_RATE * NOTE_MS) / 1000);
  const edge = Math.round((ENGINE_SAMPLE_RATE * EDGE_MS) / 1000);
  let t = 0;
  return {
    next(samples) {
      const out = new Int16Array(samples);
      for (let i = 0; i < samples; i++, t++) {
        const within = t % noteSamples;
        const hz = NOTES_HZ[Math.floor(t / noteSamples) % NOTES_HZ.length]!;
        const envelope = Math.min(1, within / edge, (noteSamples - within) / edge);
        // A touch of the octave makes it sound like an instrument rather than a test tone.
        const phase = (2 * Math.PI * hz * within) / ENGINE_SAMPLE_RATE;
        out[i] = Math.round((0.8 * Math.sin(phase) + 0.2 * Math.sin(2 * phase)) * envelope * gain);
      }
      return out;
    },
  };
}
