import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeDeepgram } from '../../../../test/helpers/fakes/deepgram.js';
import { startFakeElevenLabs } from '../../../../test/helpers/fakes/elevenlabs.js';
import { startFakeSpeech } from '../../../../test/helpers/fakes/speech.js';
import { concatSamples } from '../audio/frames.js';
import { containsSignalForText, SIGNAL_GAP_MS, SIGNAL_TONE_MS } from '../audio/test-signal.js';
import { createDeepgramTts } from './deepgram-tts.js';
import { createElevenLabsTts } from './elevenlabs-tts.js';
import { createOpenAiTts } from './openai-tts.js';
import { SpeechProviderError } from './speech-errors.js';
import type { TtsProvider, TtsRequest } from './speech.types.js';

async function collect(provider: TtsProvider, request: TtsRequest) {
  const frames: Int16Array[] = [];
  for await (const frame of provider.synthesize(request)) frames.push(frame);
  return frames;
}

/** Four tones and gaps of the test signal, in 20 ms frames (the last one padded). */
const SIGNAL_FRAMES = Math.ceil((4 * (SIGNAL_TONE_MS + SIGNAL_GAP_MS)) / 20);

let eleven: Awaited<ReturnType<typeof startFakeElevenLabs>>;
let speech: Awaited<ReturnType<typeof startFakeSpeech>>;
let deepgram: Awaited<ReturnType<typeof startFakeDeepgram>>;

beforeAll(async () => {
  eleven = await startFakeElevenLabs({ apiKey: 'el-key' });
  speech = await startFakeSpeech({ apiKey: 'sk-speech' });
  deepgram = await startFakeDeepgram({ apiKey: 'dg-key' });
});
afterAll(async () => {
  await Promise.all([eleven.close(), speech.close(), deepgram.close()]);
});

describe('ElevenLabs streaming TTS', () => {
  const tts = (outputFormat: 'pcm_16000' | 'ulaw_8000', apiKey = 'el-key') =>
    createElevenLabsTts({ apiKey, baseUrl: eleven.baseUrl, modelId: 'eleven_flash_v2_5', outputFormat, timeoutMs: 5000 });

  it('sends voice, model, language and voice settings, and yields 20 ms frames of the audio', async () => {
    eleven.setPacing({});
    const frames = await collect(tts('pcm_16000'), {
      text: 'Your table is booked.',
      voice: 'voice 21m',
      language: 'en-US',
      speed: 1.1,
      stability: 0.3,
      similarity: 0.8,
    });
    const request = eleven.requests.at(-1)!;
    expect(request.voiceId).toBe('voice 21m');
    expect(request.query).toEqual({ output_format: 'pcm_16000' });
    expect(request.headers['xi-api-key']).toBe('el-key');
    expect(request.body).toEqual({
      text: 'Your table is booked.',
      model_id: 'eleven_flash_v2_5',
      language_code: 'en',
      voice_settings: { stability: 0.3, similarity_boost: 0.8, speed: 1.1 },
    });
    expect(frames.every((f) => f.length === 320)).toBe(true);
    expect(frames.length).toBe(SIGNAL_FRAMES);
    expect(containsSignalForText(concatSamples(frames), 16000, 'Your table is booked.')).toBe(true);
  });

  it('decodes ulaw_8000 to the engine format', async () => {
    const frames = await collect(tts('ulaw_8000'), { text: 'Phone audio.', voice: 'v1', language: 'en' });
    expect(eleven.requests.at(-1)!.query.output_format).toBe('ulaw_8000');
    expect(containsSignalForText(concatSamples(frames), 16000, 'Phone audio.')).toBe(true);
  });

  it('turns a refused key into a provider error with the status', async () => {
    const error = await collect(tts('pcm_16000', 'wrong'), { text: 'x', voice: 'v1', language: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).status).toBe(401);
    expect((error as Error).message).toBe('elevenlabs: HTTP 401 {"detail":{"status":"invalid_api_key","message":"Invalid API key"}}');
  });

  it('closes the HTTP request at once when aborted mid-stream', async () => {
    eleven.setPacing({ chunkBytes: 640, chunkDelayMs: 15 });
    const controller = new AbortController();
    const frames: Int16Array[] = [];
    for await (const frame of tts('pcm_16000').synthesize({
      text: 'A long sentence.',
      voice: 'v1',
      language: 'en',
      signal: controller.signal,
    })) {
      frames.push(frame);
      if (frames.length === 2) controller.abort();
    }
    expect(frames.length).toBe(2);
    await vi.waitFor(() => expect(eleven.requests.at(-1)!.streamed?.abortedByClient).toBe(true));
    expect(eleven.requests.at(-1)!.streamed!.bytesSent).toBeLessThan(SIGNAL_FRAMES * 640);
    eleven.setPacing({});
  });

  it('yields nothing and sends nothing when already aborted', async () => {
    const before = eleven.requests.length;
    const frames = await collect(tts('pcm_16000'), { text: 'x', voice: 'v1', language: 'en', signal: AbortSignal.abort() });
    expect(frames).toEqual([]);
    expect(eleven.requests.length).toBe(before);
  });
});

describe('OpenAI-compatible TTS', () => {
  it('asks for raw PCM with voice and speed, and resamples its 24 kHz to 16 kHz frames', async () => {
    const tts = createOpenAiTts({ baseUrl: speech.baseUrl, apiKey: 'sk-speech', model: 'gpt-4o-mini-tts', timeoutMs: 5000 });
    const frames = await collect(tts, { text: 'Hello from OpenAI.', voice: 'marin', language: 'en', speed: 0.9 });
    const request = speech.speechRequests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-speech');
    expect(request.body).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hello from OpenAI.',
      voice: 'marin',
      response_format: 'pcm',
      speed: 0.9,
    });
    expect(frames.length).toBe(SIGNAL_FRAMES);
    expect(containsSignalForText(concatSamples(frames), 16000, 'Hello from OpenAI.')).toBe(true);
  });

  it('reports a server that is not listening as a provider error', async () => {
    const tts = createOpenAiTts({ baseUrl: 'http://127.0.0.1:9/v1', model: 'kokoro', timeoutMs: 2000 });
    await expect(collect(tts, { text: 'x', voice: 'af_heart', language: 'en' })).rejects.toThrow(/^openai: request failed/);
  });
});

describe('Deepgram Aura TTS', () => {
  it('asks for linear16 at 16 kHz with the voice as the model', async () => {
    const tts = createDeepgramTts({ apiKey: 'dg-key', baseUrl: deepgram.baseUrl, defaultModel: 'aura-2-thalia-en', timeoutMs: 5000 });
    const frames = await collect(tts, { text: 'Deepgram speaking.', voice: 'aura-2-andromeda-en', language: 'en' });
    const request = deepgram.speaks.at(-1)!;
    expect(request.headers.authorization).toBe('Token dg-key');
    expect(request.query).toEqual({ model: 'aura-2-andromeda-en', encoding: 'linear16', sample_rate: '16000', container: 'none' });
    expect(request.body).toEqual({ text: 'Deepgram speaking.' });
    expect(containsSignalForText(concatSamples(frames), 16000, 'Deepgram speaking.')).toBe(true);
    await collect(tts, { text: 'Default voice.', voice: '', language: 'en' });
    expect(deepgram.speaks.at(-1)!.query.model).toBe('aura-2-thalia-en');
  });
});
