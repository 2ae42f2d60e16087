import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { concatSamples, FRAME_MS } from '../../audio/frames.js';
import { loadRnnoise } from '../../audio/rnnoise.js';
import { silence } from '../../audio/test-signal.js';
import { makeCall, ownerWithLine } from '../../../../../test/helpers/voice.js';
import { callEnded, heard, playedOut, startEngineApp, until, type EngineApp } from '../../../../../test/helpers/voice-engine.js';
import { recogniseSpeech, recordedSpeech, toPhoneLine, withNoise, type SpeechId } from '../../../../../test/helpers/recorded-speech.js';
import { SPEECH_MS_PER_WORD } from '../behaviour/endpointing.js';

/**
 * Recorded speech (eSpeak NG phrases) spoken by a Twilio caller in real time, through the real
 * media stream, the engine's listener (the noise suppressor and WebRTC's detector) and the production
 * transcriber adapters, to fakes that transcribe what they actually received.
 */
let e: EngineApp;
beforeAll(async () => {
  e = await startEngineApp({ VOICE_NOISE_SUPPRESSION: 'assistant' });
  e.speech.knowRecordedSpeech('pizza', 'order', 'okay', 'hours', 'number_start', 'number_end');
});
afterAll(() => e.close());

const OPENAI_STT = { voice_id: 11, synthesizer_provider_id: 4, transcriber_provider_id: 5 };
const LONG_REPLY = Array.from({ length: 8 }, (_, i) => `Point number ${i + 1} is worth hearing.`);
const callerSays = (caller: Awaited<ReturnType<EngineApp['answer']>>, id: SpeechId) =>
  caller.say(toPhoneLine(concatSamples([recordedSpeech(id), silence(200, 16_000)])));
const clears = (caller: Awaited<ReturnType<EngineApp['answer']>>) => caller.received.filter((m) => m.event === 'clear').length;

async function callWith(assistant: Record<string, unknown>, app = e) {
  const owner = await ownerWithLine(app.t, {
    assistant: { reengagement_interval: 600, max_silence_duration: 360, enable_noise_cancellation: true, ...OPENAI_STT, ...assistant },
  });
  const callId = await makeCall(owner.api, owner.assistant.id);
  const caller = await app.answer(callId);
  await playedOut(caller);
  return { callId, caller };
}

/** The caller's first turn: asked, transcribed and answered with a long reply now playing. */
async function longReplyPlaying(caller: Awaited<ReturnType<EngineApp['answer']>>) {
  callerSays(caller, 'pizza');
  await heard(caller, LONG_REPLY[0]!, 15_000);
}

describe('recorded speech through the pipeline', () => {
  it('keeps the first word: the transcriber gets the phrase whole with at least 300 ms before it', async () => {
    e.llm.reply({ content: 'A large pizza is twelve dollars.' });
    const { callId, caller } = await callWith({});
    const uploads = e.speech.transcriptionRequests.length;
    callerSays(caller, 'pizza');
    await heard(caller, 'A large pizza is twelve dollars.', 15_000);
    const upload = e.speech.transcriptionRequests[uploads]!;
    const received = recogniseSpeech(upload.samples, upload.sampleRate, ['pizza'])!;
    expect(received).toMatchObject({ id: 'pizza', text: 'How much is a large pizza?', onsetCutMs: 0 });
    expect(received.preRollMs).toBeGreaterThanOrEqual(300);
    expect(e.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'How much is a large pizza?' });
    caller.hangUp();
    await callEnded(e.t, callId);
  });

  it('stops the assistant within 700 ms of the caller talking over it at min_interrupt_words 1, before any transcript', async () => {
    e.llm.reply({ content: LONG_REPLY.join(' ') }, { content: 'Of course, what is the question?' });
    const { callId, caller } = await callWith({ allow_interruptions: true, min_interrupt_words: 1 });
    await longReplyPlaying(caller);
    const uploads = e.speech.transcriptionRequests.length;
    const startedAt = performance.now();
    callerSays(caller, 'order');
    await until(() => clears(caller) > 0, 'the line to be cleared', 3_000);
    const stopMs = performance.now() - startedAt;
    console.info(
      `barge-in at min_interrupt_words 1 (OpenAI-compatible STT): the assistant stopped ${stopMs.toFixed(0)} ms after the caller started`,
    );
    expect(stopMs).toBeLessThan(700);
    // It stopped on the speech's length: the caller's sentence was still being spoken, untranscribed.
    // (Less a frame: the caller's first frame leaves before the clock here is read.)
    expect(stopMs).toBeGreaterThanOrEqual(SPEECH_MS_PER_WORD - FRAME_MS);
    expect(e.speech.transcriptionRequests.length).toBe(uploads);
    await heard(caller, 'Of course, what is the question?', 15_000);
    expect(e.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Wait, stop, I have a question about my order.' });
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    const cut = row.transcript.find((entry) => entry.sender === 'bot' && entry.text.startsWith('Point number 1'))!;
    expect(cut.text.length).toBeLessThan(LONG_REPLY.join(' ').length);
  });

  it('lets a short backchannel pass at min_interrupt_words 3: the assistant talks on and does not answer it', async () => {
    e.llm.reply({ content: LONG_REPLY.join(' ') });
    const { callId, caller } = await callWith({ allow_interruptions: true, min_interrupt_words: 3 });
    await longReplyPlaying(caller);
    const modelRequests = e.llm.requests.length;
    callerSays(caller, 'okay');
    await heard(caller, LONG_REPLY[3]!, 15_000);
    expect(clears(caller)).toBe(0);
    expect(e.llm.requests.length).toBe(modelRequests);
    caller.hangUp();
    await callEnded(e.t, callId);
  });

  it('hears the caller under street noise at 5 dB SNR with noise cancellation (bench/voice-detection.ts: the detector alone never ends the turn there)', () =>
    hearsUnderStreetNoise(e));

  it('stops the assistant within 700 ms on the Deepgram transcriber too, on the speech alone', async () => {
    e.llm.reply({ content: LONG_REPLY.join(' ') }, { content: 'Of course, what is the question?' });
    const owner = await ownerWithLine(e.t, {
      assistant: {
        reengagement_interval: 600,
        max_silence_duration: 360,
        enable_noise_cancellation: true,
        allow_interruptions: true,
        min_interrupt_words: 1,
      },
    });
    const listens = e.deepgram.listens.length;
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    const listen = await e.deepgram.nextListen(listens);
    await playedOut(caller);
    listen.results('How much is a large pizza?', { isFinal: true, speechFinal: true });
    await heard(caller, LONG_REPLY[0]!, 15_000);
    const startedAt = performance.now();
    callerSays(caller, 'order');
    await until(() => clears(caller) > 0, 'the line to be cleared', 3_000);
    const stopMs = performance.now() - startedAt;
    console.info(`barge-in at min_interrupt_words 1 (Deepgram): the assistant stopped ${stopMs.toFixed(0)} ms after the caller started`);
    expect(stopMs).toBeLessThan(700);
    caller.hangUp();
    await callEnded(e.t, callId);
  });

  it.each([
    ['ai', ['My number is five five five, one two three four.']],
    // vad cuts in: "My number is" is answered on its own, the number comes as a turn of its own.
    ['vad', ['My number is', 'five five five, one two three four.']],
  ] as const)('endpoint_type %s: "My number is", a 700 ms pause, then the number', async (type, userTurns) => {
    e.llm.reply({ content: 'Thank you.' }, { content: 'Thank you.' });
    const requests = e.llm.requests.length;
    const { callId, caller } = await callWith({ endpoint_type: type });
    caller.say(
      toPhoneLine(
        concatSamples([recordedSpeech('number_start'), silence(700, 16_000), recordedSpeech('number_end'), silence(300, 16_000)]),
      ),
    );
    await until(() => e.llm.requests.length >= requests + userTurns.length, 'the model to be asked', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The model sees every turn the engine answered (a cut-in answers the first half at once).
    expect(e.llm.requests.slice(requests).map((r) => r.body.messages.filter((m) => m.role === 'user').at(-1)?.content)).toEqual(userTurns);
    caller.hangUp();
    await callEnded(e.t, callId);
  });
});

/** The caller asks under street noise at 5 dB SNR; the transcriber gets the question and it is answered. */
async function hearsUnderStreetNoise(app: EngineApp) {
  app.llm.reply({ content: 'We open at ten on Sunday.' });
  const noisy = toPhoneLine(withNoise(concatSamples([silence(600, 16_000), recordedSpeech('hours'), silence(1_500, 16_000)]), 'street', 5));
  const { callId, caller } = await callWith({}, app);
  caller.say(noisy);
  await heard(caller, 'We open at ten on Sunday.', 15_000);
  expect(app.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'What time do you open on Sunday?' });
  caller.hangUp();
  await callEnded(app.t, callId);
}

describe('with RNNoise as the noise suppressor (VOICE_NOISE_SUPPRESSOR=rnnoise)', () => {
  let rnnoise: EngineApp;
  beforeAll(async () => {
    // On the event loop, so that this thread's RNNoise instance is the one the call runs.
    rnnoise = await startEngineApp({
      VOICE_NOISE_SUPPRESSION: 'assistant',
      VOICE_NOISE_SUPPRESSOR: 'rnnoise',
      VOICE_NOISE_SUPPRESSION_THREADS: '0',
    });
    rnnoise.speech.knowRecordedSpeech('hours');
  });
  afterAll(() => rnnoise.close());

  it('hears the caller under street noise at 5 dB SNR', async () => {
    const frames = vi.spyOn(await loadRnnoise(), 'processFrame');
    await hearsUnderStreetNoise(rnnoise);
    // The caller's 3 s or so of audio, two RNNoise frames per 20 ms frame.
    expect(frames.mock.calls.length).toBeGreaterThan(200);
    frames.mockRestore();
  });
});
