import { readFileSync } from 'node:fs';
import { bytesToPcm16, concatSamples } from '../../src/modules/calls/audio/frames.js';
import { decodeMulaw, encodeMulaw } from '../../src/modules/calls/audio/g711.js';
import { createResampler } from '../../src/modules/calls/audio/resampler.js';
import { rms, silence } from '../../src/modules/calls/audio/test-signal.js';
import { decodeWav } from '../../src/modules/calls/audio/wav.js';
import { createAmbientBed } from '../../src/modules/calls/engine/line/ambient.js';

/**
 * Real recorded speech for voice tests and benchmarks: English phrases spoken by eSpeak NG
 * (test/fixtures/speech, CC0), loaded once per process, and the tools to use them as a caller
 * would: pauses, noise at a chosen signal-to-noise ratio, the phone line's 8 kHz μ-law, and a
 * recogniser for fake transcribers that tells which phrase some audio carries and whether its
 * first word arrived whole.
 */
const FIXTURES = new URL('../fixtures/speech/', import.meta.url);
const RATE = 16_000;

interface ClipInfo {
  text: string;
  file: string;
  durationMs: number;
  firstWord: string;
  firstWordMs: number;
  words: number;
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as { clips: Record<string, ClipInfo> };
export type SpeechId = keyof typeof manifest.clips & string;
export const SPEECH_IDS = Object.keys(manifest.clips) as SpeechId[];

const cache = new Map<string, Int16Array>();

/** The phrase's audio, 16 kHz PCM16, speech from the first sample to the last. */
export function recordedSpeech(id: SpeechId): Int16Array {
  let samples = cache.get(id);
  if (!samples) {
    const info = clipInfo(id);
    samples = bytesToPcm16(decodeWav(readFileSync(new URL(info.file, FIXTURES))).data);
    cache.set(id, samples);
  }
  return samples;
}

export function clipInfo(id: SpeechId): ClipInfo {
  const info = manifest.clips[id];
  if (!info) throw new Error(`No recorded speech "${id}"`);
  return info;
}

export type SpeechPart = SpeechId | { pauseMs: number };

/** Phrases and pauses in order, as one stream at 16 kHz. */
export function speechScript(parts: SpeechPart[]): Int16Array {
  return concatSamples(parts.map((part) => (typeof part === 'string' ? recordedSpeech(part) : silence(part.pauseMs, RATE))));
}

/** Where each phrase of a script starts and ends, in ms. */
export function scriptTimeline(parts: SpeechPart[]): Array<{ id: SpeechId; startMs: number; endMs: number }> {
  let at = 0;
  const spans: Array<{ id: SpeechId; startMs: number; endMs: number }> = [];
  for (const part of parts) {
    const ms = typeof part === 'string' ? (recordedSpeech(part).length / RATE) * 1000 : part.pauseMs;
    if (typeof part === 'string') spans.push({ id: part, startMs: at, endMs: at + ms });
    at += ms;
  }
  return spans;
}

export type NoiseKind = 'street' | 'babble' | 'hiss';

/** `samples` of background noise (16 kHz): traffic rumble, a room of voices, or air-conditioning hiss. */
export function noise(kind: NoiseKind, samples: number, seed = 7): Int16Array {
  if (kind === 'street') return createAmbientBed('city', 1, seed)!.next(samples);
  if (kind === 'hiss') return createAmbientBed('nature', 1, seed)!.next(samples);
  // Babble: four phrases talking over each other from different offsets, looped.
  const voices = (['table', 'hours', 'delivery', 'address'] as const).map((id) => recordedSpeech(id));
  const out = new Int16Array(samples);
  voices.forEach((voice, k) => {
    const offset = Math.round(voice.length * (0.23 * (k + seed)));
    for (let i = 0; i < samples; i++) out[i] = Math.max(-32768, Math.min(32767, out[i]! + voice[(i + offset) % voice.length]! * 0.5));
  });
  return out;
}

/** Speech with noise mixed in at `snrDb` (speech RMS, over its voiced part, against the noise's). */
export function withNoise(speech: Int16Array, kind: NoiseKind, snrDb: number, seed = 7): Int16Array {
  const bed = noise(kind, speech.length, seed);
  const speechRms = voicedRms(speech);
  const gain = speechRms / (rms(bed) || 1) / 10 ** (snrDb / 20);
  const out = new Int16Array(speech.length);
  for (let i = 0; i < speech.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(speech[i]! + bed[i]! * gain)));
  return out;
}

/** Noise alone at the level it would have under typical speech at `snrDb` (a caller who says nothing). */
export function noiseAlone(kind: NoiseKind, durationMs: number, snrDb: number, seed = 7): Int16Array {
  const bed = noise(kind, Math.round((durationMs * RATE) / 1000), seed);
  const gain = voicedRms(recordedSpeech('table')) / (rms(bed) || 1) / 10 ** (snrDb / 20);
  return bed.map((s) => Math.max(-32768, Math.min(32767, Math.round(s * gain))));
}

function voicedRms(samples: Int16Array): number {
  const window = RATE / 50;
  const levels: number[] = [];
  for (let i = 0; i + window <= samples.length; i += window) levels.push(rms(samples.subarray(i, i + window)));
  const peak = Math.max(0, ...levels);
  const voiced = levels.filter((level) => level > peak * 0.1);
  return Math.sqrt(voiced.reduce((sum, level) => sum + level * level, 0) / (voiced.length || 1));
}

/** 16 kHz audio as the phone line carries it: 8 kHz G.711 μ-law samples (what a Twilio caller sends). */
export function toPhoneLine(samples: Int16Array): Int16Array {
  return decodeMulaw(encodeMulaw(createResampler(RATE, 8000).process(samples)));
}

/** Decimated by 4 (4 kHz), averaged: enough to align speech, 16 times cheaper to correlate. */
function envelope(samples: Int16Array, rate: number): Float32Array {
  const at16k = rate === RATE ? samples : createResampler(rate, RATE).process(samples);
  const out = new Float32Array(Math.floor(at16k.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = (at16k[i * 4]! + at16k[i * 4 + 1]! + at16k[i * 4 + 2]! + at16k[i * 4 + 3]!) / 4;
  return out;
}

/** Best normalised correlation of `needle` inside `haystack`, and where. */
function bestMatch(haystack: Float32Array, needle: Float32Array): { score: number; offset: number } {
  let needleEnergy = 0;
  for (const v of needle) needleEnergy += v * v;
  let best = { score: 0, offset: -1 };
  for (let offset = 0; offset + needle.length <= haystack.length; offset++) {
    let dot = 0;
    let energy = 0;
    for (let j = 0; j < needle.length; j++) {
      const h = haystack[offset + j]!;
      dot += h * needle[j]!;
      energy += h * h;
    }
    const score = dot / Math.sqrt(energy * needleEnergy || 1);
    if (score > best.score) best = { score, offset };
  }
  return best;
}

export interface SpeechHeard {
  id: SpeechId;
  /** The words a transcriber would write: without the first word when too much of it is missing. */
  text: string;
  /** Ms of the phrase's start missing from the audio (0 when all of it arrived). */
  onsetCutMs: number;
  /** Ms of audio the stream kept before the phrase started (its pre-roll). */
  preRollMs: number;
}

/** A phrase's first word is lost to a transcriber once more than this share of it is missing. */
const FIRST_WORD_LOST_SHARE = 0.15;
const MATCH_SCORE = 0.6;

/**
 * Which of `candidates` the audio carries (at any rate, through μ-law or not), aligned on a
 * stretch from the middle of the phrase; null when none matches.
 */
export function recogniseSpeech(samples: Int16Array, sampleRate: number, candidates: SpeechId[] = SPEECH_IDS): SpeechHeard | null {
  const heard = envelope(samples, sampleRate);
  let best: { id: SpeechId; score: number; startAt: number } | null = null;
  for (const id of candidates) {
    const clip = envelope(recordedSpeech(id), RATE);
    const probeStart = Math.floor(clip.length * 0.4);
    const probe = clip.subarray(probeStart, Math.min(clip.length, probeStart + 1000));
    if (probe.length > heard.length) continue;
    const match = bestMatch(heard, probe);
    if (match.score >= MATCH_SCORE && (!best || match.score > best.score))
      best = { id, score: match.score, startAt: match.offset - probeStart };
  }
  if (!best) return null;
  const info = clipInfo(best.id);
  const startMs = (best.startAt * 4 * 1000) / RATE;
  const onsetCutMs = Math.max(0, -startMs);
  const words = info.text.split(/\s+/);
  const text = onsetCutMs > info.firstWordMs * FIRST_WORD_LOST_SHARE ? words.slice(1).join(' ') : info.text;
  return { id: best.id, text, onsetCutMs, preRollMs: Math.max(0, startMs) };
}
