import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeDeepgram } from '../../../../test/helpers/fakes/deepgram.js';
import { startFakeSpeech } from '../../../../test/helpers/fakes/speech.js';
import { concatSamples, pcm16ToBytes, SampleFramer } from '../audio/frames.js';
import { signalForText, silence, speechLike, tone } from '../audio/test-signal.js';
import { createDeepgramStt } from './deepgram-stt.js';
import { createOpenAiStt } from './openai-stt.js';
import { SpeechProviderError } from './speech-errors.js';
import type { SttSession, TranscriptEvent } from './speech.types.js';
import { createEnergyVad, createVad, PRE_ROLL_MS } from './vad.js';

function recorder() {
  const events: TranscriptEvent[] = [];
  const errors: Error[] = [];
  let speechStarts = 0;
  return {
    events,
    errors,
    speechStarts: () => speechStarts,
    handlers: {
      onTranscript: (e: TranscriptEvent) => events.push(e),
      onSpeechStarted: () => (speechStarts += 1),
      onError: (e: Error) => errors.push(e),
    },
  };
}

function writeFrames(session: SttSession, audio: Int16Array) {
  const framer = new SampleFramer(320);
  for (const frame of [...framer.push(audio), framer.flush()].filter((f): f is Int16Array => !!f)) session.write(frame);
}

let deepgram: Awaited<ReturnType<typeof startFakeDeepgram>>;
let speech: Awaited<ReturnType<typeof startFakeSpeech>>;
beforeAll(async () => {
  deepgram = await startFakeDeepgram({ apiKey: 'dg-key' });
  speech = await startFakeSpeech({ apiKey: 'sk-stt' });
});
afterAll(async () => {
  await Promise.all([deepgram.close(), speech.close()]);
});

describe('Deepgram live STT', () => {
  const stt = (apiKey = 'dg-key', keepAliveMs = 4000) =>
    createDeepgramStt({ apiKey, baseUrl: deepgram.baseUrl, model: 'nova-3', timeoutMs: 5000, keepAliveMs });

  it('opens /v1/listen with the engine format and turn settings, and streams the audio as linear16', async () => {
    const rec = recorder();
    const index = deepgram.listens.length;
    const session = await stt().open({ language: 'en-US', endpointingMs: 450 }, rec.handlers);
    const listen = await deepgram.nextListen(index);
    expect(listen.headers.authorization).toBe('Token dg-key');
    expect(listen.query).toEqual({
      model: 'nova-3',
      language: 'en-US',
      encoding: 'linear16',
      sample_rate: '16000',
      channels: '1',
      interim_results: 'true',
      endpointing: '450',
      utterance_end_ms: '1000',
      vad_events: 'true',
      smart_format: 'true',
      punctuate: 'true',
    });
    const audio = tone(700, 100, 16000);
    writeFrames(session, audio);
    await session.close();
    expect(listen.controls.map((c) => c.type)).toEqual(['CloseStream']);
    expect(Buffer.concat(listen.audio).equals(pcm16ToBytes(audio))).toBe(true);
    expect(rec.errors).toEqual([]);
  });

  it('turns interim, final, speech_final, UtteranceEnd and SpeechStarted into turn events', async () => {
    const rec = recorder();
    const index = deepgram.listens.length;
    const session = await stt().open({ language: 'en' }, rec.handlers);
    const listen = await deepgram.nextListen(index);
    listen.speechStarted();
    listen.results('I would', { isFinal: false });
    listen.results('I would like', { isFinal: true });
    listen.results('a table', { isFinal: false });
    listen.results('a table for two', { isFinal: true, speechFinal: true });
    listen.results('thanks', { isFinal: true });
    listen.utteranceEnd();
    listen.utteranceEnd();
    await vi.waitFor(() => expect(rec.events.length).toBe(6));
    expect(rec.speechStarts()).toBe(1);
    expect(rec.events).toEqual([
      { text: 'I would', isFinal: false, endOfTurn: false },
      { text: 'I would like', isFinal: true, endOfTurn: false },
      { text: 'I would like a table', isFinal: false, endOfTurn: false },
      { text: 'I would like a table for two', isFinal: true, endOfTurn: true },
      { text: 'thanks', isFinal: true, endOfTurn: false },
      { text: 'thanks', isFinal: true, endOfTurn: true },
    ]);
    await session.close();
  });

  it('sends KeepAlive while no audio flows', async () => {
    const index = deepgram.listens.length;
    const session = await stt('dg-key', 30).open({ language: 'en' }, recorder().handlers);
    const listen = await deepgram.nextListen(index);
    await listen.waitForControl('KeepAlive');
    await session.close();
    expect(listen.controls.at(-1)).toEqual({ type: 'CloseStream' });
  });

  it('transcribes the test signal of a known phrase by itself', async () => {
    deepgram.knowPhrases('Book me a table.');
    const rec = recorder();
    const index = deepgram.listens.length;
    const session = await stt().open({ language: 'en' }, rec.handlers);
    await deepgram.nextListen(index);
    writeFrames(session, concatSamples([signalForText('Book me a table.', 16000), silence(300, 16000)]));
    await vi.waitFor(() => expect(rec.events.at(-1)).toEqual({ text: 'Book me a table.', isFinal: true, endOfTurn: true }));
    await session.close();
  });

  it('reports a dropped connection as an error and refuses a wrong key with 401', async () => {
    const rec = recorder();
    const index = deepgram.listens.length;
    const session = await stt().open({ language: 'en' }, rec.handlers);
    (await deepgram.nextListen(index)).socket.close(1011, 'internal');
    await vi.waitFor(() => expect(rec.errors.map((e) => e.message)).toEqual(['deepgram: connection closed (1011 internal)']));
    await session.close();
    const refused = await stt('wrong')
      .open({ language: 'en' }, rec.handlers)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SpeechProviderError);
    expect((refused as SpeechProviderError).status).toBe(401);
  });
});

describe('OpenAI-compatible STT behind the voice-activity detector', () => {
  const stt = () => createOpenAiStt({ baseUrl: speech.baseUrl, apiKey: 'sk-stt', model: 'whisper-1', timeoutMs: 5000 });

  it('uses the WebRTC voice-activity detector (WebAssembly)', async () => {
    const vad = await createVad(
      { onSpeechStart: () => undefined, onSpeechEnd: () => undefined },
      { silenceMs: 500, onError: () => undefined },
    );
    expect(vad.kind).toBe('webrtc');
    await vad.close();
  });

  it('uploads each utterance as a 16 kHz WAV and reports its text as the end of a turn', async () => {
    const rec = recorder();
    const before = speech.transcriptionRequests.length;
    speech.queueTranscripts('I need a plumber.');
    const session = await stt().open({ language: 'en-US', endpointingMs: 400 }, rec.handlers);
    writeFrames(session, concatSamples([silence(300, 16000), speechLike(1200, 16000), silence(900, 16000)]));
    await vi.waitFor(() => expect(rec.events).toEqual([{ text: 'I need a plumber.', isFinal: true, endOfTurn: true }]), { timeout: 5000 });
    expect(rec.speechStarts()).toBe(1);
    const request = speech.transcriptionRequests[before]!;
    expect(request.headers.authorization).toBe('Bearer sk-stt');
    expect(request.fields).toEqual({ model: 'whisper-1', language: 'en', response_format: 'json' });
    expect([request.fileName, request.fileType, request.sampleRate]).toEqual(['utterance.wav', 'audio/wav', 16000]);
    // The utterance holds the speech (1.2 s) plus padding, not the whole 2.4 s stream.
    expect(request.samples.length / 16).toBeGreaterThan(1000);
    expect(request.samples.length / 16).toBeLessThan(2000);
    await session.close();
  });

  it('does not take tones or silence for speech', async () => {
    const before = speech.transcriptionRequests.length;
    const rec = recorder();
    const session = await stt().open({ language: 'en' }, rec.handlers);
    writeFrames(session, concatSamples([silence(500, 16000), tone(700, 1000, 16000), silence(800, 16000)]));
    await session.close();
    expect(speech.transcriptionRequests.length).toBe(before);
    expect(rec.speechStarts()).toBe(0);
  });

  it('delivers transcripts in utterance order when an earlier upload is slower', async () => {
    const rec = recorder();
    speech.queueTranscripts({ text: 'first', delayMs: 300 }, 'second');
    const session = await stt().open({ language: 'en', endpointingMs: 300 }, rec.handlers);
    writeFrames(session, concatSamples([speechLike(800, 16000), silence(700, 16000), speechLike(800, 16000), silence(700, 16000)]));
    await session.close();
    expect(rec.events.map((e) => e.text)).toEqual(['first', 'second']);
  });

  it('reports a failed upload as an error and goes on', async () => {
    const rec = recorder();
    speech.queueTranscripts({ status: 500 });
    const session = await stt().open({ language: 'en', endpointingMs: 300 }, rec.handlers);
    writeFrames(session, concatSamples([speechLike(800, 16000), silence(700, 16000)]));
    await session.close();
    expect(rec.errors.map((e) => [e.message, (e as SpeechProviderError).status])).toEqual([
      ['openai: HTTP 500 {"error":{"message":"Scripted failure"}}', 500],
    ]);
  });
});

describe('energy voice-activity detector (fallback when the WebAssembly detector cannot load)', () => {
  it('finds an utterance with its padding and ends it after the silence', async () => {
    const utterances: Int16Array[] = [];
    let starts = 0;
    const vad = createEnergyVad(
      { onSpeechStart: () => (starts += 1), onSpeechEnd: (u) => utterances.push(u) },
      { silenceMs: 300, onError: () => undefined },
    );
    const framer = new SampleFramer(320);
    for (const frame of framer.push(concatSamples([silence(400, 16000), speechLike(1000, 16000), silence(600, 16000)]))) vad.write(frame);
    await vad.close();
    expect(starts).toBe(1);
    expect(utterances.length).toBe(1);
    // The speech, at least 300 ms from before it started, and the silence that ended it.
    expect(utterances[0]!.length / 16).toBeGreaterThanOrEqual(1000 + 300);
    expect(utterances[0]!.length / 16).toBeLessThanOrEqual(PRE_ROLL_MS + 1000 + 300 + 40);
  });
});
