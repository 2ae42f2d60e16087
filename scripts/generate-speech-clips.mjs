/**
 * Regenerates the recorded speech the voice tests and benchmarks use (test/fixtures/speech/):
 * each phrase spoken by eSpeak NG (its WebAssembly build from npm), resampled from 22,050 Hz to
 * the engine's 16 kHz, written as a PCM16 WAV, with a manifest of where the speech starts and
 * ends and where the first word ends (the first word spoken alone, at the same speed).
 *
 *   npm install --no-save espeak-ng@1.0.2 && node scripts/generate-speech-clips.mjs
 *
 * eSpeak NG is GPL-3.0-or-later and is not a dependency of the project; the clips it produced
 * are released under CC0 (test/fixtures/speech/README.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = fileURLToPath(new URL('../test/fixtures/speech/', import.meta.url));
const RATE = 16_000;
const VOICE = 'en-us';
const WORDS_PER_MINUTE = '165';

/** Phrases by id: questions, answers, backchannels, an unfinished sentence and its end. */
const PHRASES = {
  pizza: 'How much is a large pizza?',
  table: 'I would like to book a table for two tonight.',
  hours: 'What time do you open on Sunday?',
  order: 'Wait, stop, I have a question about my order.',
  delivery: 'Do you deliver to the train station?',
  thanks: 'Thank you, that is all I needed.',
  number_start: 'My number is',
  number_end: 'five five five, one two three four.',
  name: 'My name is Alice Martin.',
  address: 'The address is twelve Baker Street.',
  okay: 'Okay.',
  uh_huh: 'Uh-huh.',
  yes: 'Yes.',
  right: 'Right.',
};

const { default: ESpeakNg } = await import('espeak-ng');

async function speak(text) {
  const module = await ESpeakNg({
    arguments: ['-v', VOICE, '-s', WORDS_PER_MINUTE, '-w', '/out.wav', text],
    print: () => {},
    printErr: () => {},
  });
  const wav = Buffer.from(module.FS.readFile('/out.wav'));
  const rate = wav.readUInt32LE(24);
  const data = wav.subarray(44);
  const samples = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
  return resample(samples, rate, RATE);
}

/** One-shot windowed-sinc resampling (offline: quality over speed), low-passed below the new Nyquist. */
function resample(input, from, to) {
  const ratio = to / from;
  const cutoff = Math.min(1, ratio) * 0.95;
  const half = 24;
  const out = new Int16Array(Math.floor(input.length * ratio));
  for (let n = 0; n < out.length; n++) {
    const centre = n / ratio;
    let acc = 0;
    for (let k = Math.ceil(centre - half / cutoff); k <= Math.floor(centre + half / cutoff); k++) {
      if (k < 0 || k >= input.length) continue;
      const x = (k - centre) * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * (k - centre) * cutoff) / half);
      acc += input[k] * cutoff * sinc * window;
    }
    out[n] = Math.max(-32768, Math.min(32767, Math.round(acc)));
  }
  return out;
}

/** First and last 10 ms window louder than 2 % of the clip's peak (eSpeak pads with silence). */
function speechSpan(samples) {
  const window = RATE / 100;
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const loud = [];
  for (let i = 0; i + window <= samples.length; i += window) {
    let max = 0;
    for (let j = i; j < i + window; j++) max = Math.max(max, Math.abs(samples[j]));
    loud.push(max > peak * 0.02);
  }
  const first = loud.indexOf(true);
  const last = loud.lastIndexOf(true);
  return { startMs: first * 10, endMs: (last + 1) * 10 };
}

function wavFile(samples) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

mkdirSync(OUT_DIR, { recursive: true });
const manifest = {};
for (const [id, text] of Object.entries(PHRASES)) {
  const samples = await speak(text);
  const span = speechSpan(samples);
  const firstWord = text.split(/\s+/)[0].replace(/[,.?!]$/, '');
  const alone = speechSpan(await speak(firstWord));
  // Trim eSpeak's leading and trailing silence: tests add their own pauses.
  const clip = samples.slice((span.startMs * RATE) / 1000, (span.endMs * RATE) / 1000);
  writeFileSync(join(OUT_DIR, `${id}.wav`), wavFile(clip));
  manifest[id] = {
    text,
    file: `${id}.wav`,
    durationMs: Math.round((clip.length / RATE) * 1000),
    firstWord,
    firstWordMs: alone.endMs - alone.startMs,
    words: text.split(/\s+/).length,
  };
  console.log(id, manifest[id]);
}
writeFileSync(
  join(OUT_DIR, 'manifest.json'),
  `${JSON.stringify({ voice: VOICE, wordsPerMinute: Number(WORDS_PER_MINUTE), sampleRate: RATE, clips: manifest }, null, 2)}\n`,
);
