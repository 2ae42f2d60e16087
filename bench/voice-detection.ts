/**
 * How well the caller's speech is found, on recorded speech (test/fixtures/speech), offline and in
 * audio time (so the figures do not depend on how busy the machine is):
 *
 * (a) each voice-activity detector (the energy threshold, WebRTC's at modes 2 and 3, WebRTC's after
 *     Speex's suppressor and after RNNoise) over ten phrases with 1.2 s pauses, clean, over the phone line and under noise:
 *     phrases cut as their own turn, utterances that merge phrases (noise holding the detector in
 *     "speech", so the caller is never answered), false utterances, turns whose audio kept the
 *     phrase's onset (the pre-roll), how long after the phrase started the detector declared
 *     speech, phrases a transcriber gets whole (matched against the clean recording) and the CPU
 *     per second of audio;
 * (b) noise alone (a minute of each kind): false turns and the share of the minute taken for speech;
 * (c) endpointing `vad` against `ai` on the same speech: when the turn ends after a finished
 *     sentence, and cut-ins in the pause of an unfinished one ("My number is ... five five five");
 * (d) noise suppression's CPU per 20 ms frame (bench/support/noise-cost.ts): RNNoise's SIMD build,
 *     Speex's suppressor and the pool of threads the calls use with each, against RNNoise's build
 *     without SIMD in the same run.
 *
 * BENCH_SECTIONS=d (or a,b, ...) runs only those sections.
 * The energy threshold is the minimal reference; WebRTC's detector (mode 2) is the default, after
 * the noise suppressor (Speex's unless VOICE_NOISE_SUPPRESSOR=rnnoise) when the assistant has
 * enable_noise_cancellation.
 */
import { FRAME_MS } from '../src/modules/calls/audio/frames.js';
import { createNoiseSuppressor, type NoiseSuppressorKind } from '../src/modules/calls/audio/noise-suppressor.js';
import { createResampler } from '../src/modules/calls/audio/resampler.js';
import { createEnergyClassifier, createFrameClassifier, createSegmenter, type FrameClassifier } from '../src/modules/calls/speech/vad.js';
import { measureEndpointing } from './support/endpointing.js';
import { measureNoiseCost } from './support/noise-cost.js';
import {
  noiseAlone,
  recogniseSpeech,
  scriptTimeline,
  speechScript,
  toPhoneLine,
  withNoise,
  type NoiseKind,
  type SpeechId,
  type SpeechPart,
} from '../test/helpers/recorded-speech.js';

const RATE = 16_000;
const FRAME = (RATE * FRAME_MS) / 1000;
const SILENCE_MS = 500;
const PHRASES: SpeechId[] = ['pizza', 'table', 'hours', 'order', 'delivery', 'thanks', 'name', 'address', 'number_end', 'okay'];
const SCRIPT: SpeechPart[] = [{ pauseMs: 1000 }, ...PHRASES.flatMap((id): SpeechPart[] => [id, { pauseMs: 1200 }])];

interface Condition {
  label: string;
  audio: Int16Array;
}

function conditions(): Condition[] {
  const clean = speechScript(SCRIPT);
  const phone = (samples: Int16Array) => createResampler(8000, RATE).process(toPhoneLine(samples));
  return [
    { label: 'clean', audio: clean },
    { label: 'phone line', audio: phone(clean) },
    { label: 'street 10 dB', audio: withNoise(clean, 'street', 10) },
    { label: 'street 0 dB', audio: withNoise(clean, 'street', 0) },
    { label: 'babble 10 dB', audio: withNoise(clean, 'babble', 10) },
    { label: 'hiss 5 dB', audio: withNoise(clean, 'hiss', 5) },
    { label: 'phone, street 5 dB', audio: phone(withNoise(clean, 'street', 5)) },
  ];
}

interface Detector {
  label: string;
  classifier: () => Promise<FrameClassifier>;
  denoise: NoiseSuppressorKind | null;
}

const DETECTORS: Detector[] = [
  { label: 'energy', classifier: async () => createEnergyClassifier(), denoise: null },
  { label: 'webrtc', classifier: () => createFrameClassifier(), denoise: null },
  { label: 'webrtc mode 3', classifier: () => createFrameClassifier(3), denoise: null },
  { label: 'speex+webrtc', classifier: () => createFrameClassifier(), denoise: 'speex' },
  { label: 'rnnoise+webrtc', classifier: () => createFrameClassifier(), denoise: 'rnnoise' },
];

interface Utterance {
  startMs: number;
  endMs: number;
  /** When the detector declared speech (onSpeechStart). */
  declaredMs: number | null;
  audio: Int16Array;
}

/** Runs a stream through (denoiser and) detector in 20 ms frames; utterances with their times. */
async function detect(detector: Detector, audio: Int16Array): Promise<{ utterances: Utterance[]; cpuUsPerS: number }> {
  const classifier = await detector.classifier();
  const suppressor = detector.denoise ? await createNoiseSuppressor({ kind: detector.denoise }) : null;
  const utterances: Utterance[] = [];
  let nowMs = 0;
  let declaredMs: number | null = null;
  const segmenter = createSegmenter(
    classifier,
    {
      onSpeechStart: () => (declaredMs = nowMs),
      onSpeechEnd: (samples) => {
        const lengthMs = (samples.length / RATE) * 1000;
        utterances.push({ startMs: nowMs - lengthMs, endMs: nowMs, declaredMs, audio: samples });
        declaredMs = null;
      },
    },
    { silenceMs: SILENCE_MS, onError: () => undefined },
  );
  const started = process.cpuUsage();
  for (let offset = 0; offset + FRAME <= audio.length; offset += FRAME) {
    const frame = audio.slice(offset, offset + FRAME);
    nowMs += FRAME_MS;
    segmenter.write(suppressor ? suppressor.process(frame) : frame);
  }
  await segmenter.close();
  suppressor?.close();
  const used = process.cpuUsage(started);
  return { utterances, cpuUsPerS: (used.user + used.system) / (audio.length / RATE) };
}

function score(utterances: Utterance[], denoiseDelayMs: number) {
  const spans = scriptTimeline(SCRIPT).map((s) => ({ ...s, startMs: s.startMs + denoiseDelayMs, endMs: s.endMs + denoiseDelayMs }));
  const overlaps = (u: Utterance, s: { startMs: number; endMs: number }) => u.startMs < s.endMs && u.endMs > s.startMs;
  // A turn is right when one utterance holds exactly one phrase: noise that keeps the detector
  // "in speech" merges phrases into one endless turn, and the caller is never answered.
  const turns = spans
    .map((s) => utterances.filter((u) => overlaps(u, s)))
    .filter((us) => us.length === 1 && spans.filter((s) => overlaps(us[0]!, s)).length === 1);
  const own = turns.map((us) => us[0]!);
  const merged = utterances.filter((u) => spans.filter((s) => overlaps(u, s)).length > 1).length;
  const falseUtterances = utterances.filter((u) => !spans.some((s) => overlaps(u, s))).length;
  const lags = own
    .map((u) => (u.declaredMs ?? NaN) - spans.find((s) => overlaps(u, s))!.startMs)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const onsetKept = own.filter((u) => u.startMs <= spans.find((s) => overlaps(u, s))!.startMs).length;
  const whole = own.filter((u) => {
    const span = spans.find((s) => overlaps(u, s))!;
    return recogniseSpeech(u.audio, RATE, [span.id])?.onsetCutMs === 0;
  }).length;
  return {
    turns: own.length,
    merged,
    falseUtterances,
    onsetKept,
    startLagMs: lags[Math.floor(lags.length / 2)] ?? NaN,
    whole,
    total: spans.length,
  };
}

/**
 * A suppressor's output trails its input (RNNoise's by half a frame and its filters, Speex's by
 * its overlap of one frame): where a phrase starts after it.
 */
const DENOISE_DELAY_MS = 20;

async function detectors() {
  console.log(
    '\n(a) detectors: phrases cut as their own turn / utterances merging phrases / false utterances / onset kept / speech declared after (median) / phrase matched whole / CPU',
  );
  for (const condition of conditions()) {
    console.log(`  ${condition.label}`);
    for (const detector of DETECTORS) {
      const { utterances, cpuUsPerS } = await detect(detector, condition.audio);
      const s = score(utterances, detector.denoise ? DENOISE_DELAY_MS : 0);
      console.log(
        `    ${detector.label.padEnd(15)} turns ${s.turns}/${s.total}  merged ${s.merged}  false ${s.falseUtterances}  onset kept ${s.onsetKept}/${s.turns}  declared after ${s.startLagMs.toFixed(0)} ms  whole ${s.whole}/${s.total}  CPU ${(cpuUsPerS / 10_000).toFixed(2)} % of a core`,
      );
    }
  }
}

async function noiseOnly() {
  console.log(
    '\n(b) noise alone, one minute each at the level of 0 dB SNR under speech: false turns, and the share of the minute taken for speech',
  );
  for (const kind of ['street', 'babble', 'hiss'] as NoiseKind[]) {
    const audio = noiseAlone(kind, 60_000, 0);
    const row = [];
    for (const detector of DETECTORS) {
      const { utterances } = await detect(detector, audio);
      const speechMs = utterances.reduce((ms, u) => ms + u.endMs - u.startMs, 0);
      row.push(`${detector.label} ${utterances.length} (${((speechMs / 60_000) * 100).toFixed(0)} %)`);
    }
    console.log(`  ${kind.padEnd(7)} ${row.join('   ')}`);
  }
}

const SECTIONS = (process.env.BENCH_SECTIONS ?? 'a,b,c,d').split(',');

console.log(
  `voice detection bench: ${PHRASES.length} recorded phrases (eSpeak NG) with 1.2 s pauses, utterances end after ${SILENCE_MS} ms of silence; audio time, not wall time`,
);
if (SECTIONS.includes('a')) await detectors();
if (SECTIONS.includes('b')) await noiseOnly();
if (SECTIONS.includes('c')) {
  console.log('\n(c) endpointing at endpoint_sensitivity 0.5 (a 500 ms pause), on the same recorded speech');
  for (const row of await measureEndpointing()) console.log(`  ${row}`);
}
if (SECTIONS.includes('d')) {
  console.log('\n(d) noise suppression, CPU per 20 ms frame of speech under street noise (median of 3 rounds on this thread)');
  for (const row of await measureNoiseCost(withNoise(speechScript(SCRIPT), 'street', 5))) console.log(`  ${row}`);
}
process.exit(0);
