import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeRealtime } from '../../../../test/helpers/fakes/realtime.js';
import { to16k } from '../../../../test/helpers/fakes/speech.js';
import { concatSamples, SampleFramer } from '../audio/frames.js';
import { containsSignalForText, signalForText } from '../audio/test-signal.js';
import { openRealtimeSession, type RealtimeFunctionCall, type RealtimeHandlers, type RealtimeSession } from './realtime.js';
import type { RealtimeSessionConfig } from './realtime-protocol.js';
import { SpeechProviderError } from './speech-errors.js';

const config: RealtimeSessionConfig = {
  model: 'gpt-realtime',
  instructions: 'You are the receptionist.',
  voice: 'marin',
  audioFormat: 'pcm',
  output: 'audio',
  transcriptionModel: 'gpt-4o-mini-transcribe',
  language: 'en-US',
  turnDetection: { silenceDurationMs: 600 },
  tools: [
    {
      name: 'book_appointment',
      description: 'Book a slot',
      parameters: { type: 'object', properties: { start: { type: 'string' } }, required: ['start'] },
    },
  ],
  speed: 1.1,
};

function recorder() {
  const audio: Int16Array[] = [];
  const texts: Array<{ text: string; final: boolean }> = [];
  const calls: RealtimeFunctionCall[] = [];
  const errors: Error[] = [];
  const users: string[] = [];
  const done: Array<{ id: string; status: string }> = [];
  let speechStarts = 0;
  const handlers: RealtimeHandlers = {
    onAudio: (f) => audio.push(f),
    onAssistantText: (t) => texts.push(t),
    onUserTranscript: (t) => users.push(t),
    onSpeechStarted: () => (speechStarts += 1),
    onFunctionCall: (c) => calls.push(c),
    onResponseDone: (r) => done.push(r),
    onError: (e) => errors.push(e),
  };
  return { audio, texts, calls, errors, users, done, speechStarts: () => speechStarts, handlers };
}

function sendFrames(session: RealtimeSession, audio: Int16Array) {
  const framer = new SampleFramer(320);
  for (const frame of framer.push(audio)) session.appendAudio(frame);
}

let ga: Awaited<ReturnType<typeof startFakeRealtime>>;
let beta: Awaited<ReturnType<typeof startFakeRealtime>>;
beforeAll(async () => {
  ga = await startFakeRealtime({ apiKey: 'rt-key' });
  beta = await startFakeRealtime({ apiKey: 'rt-key', dialect: 'beta' });
});
afterAll(async () => {
  await Promise.all([ga.close(), beta.close()]);
});

async function openGa(rec = recorder(), apiKey = 'rt-key') {
  const index = ga.connections.length;
  const session = await openRealtimeSession({ baseUrl: ga.baseUrl, apiKey, dialect: 'ga', timeoutMs: 5000 }, config, rec.handlers);
  const fake = await ga.nextConnection(index);
  await fake.waitFor('session.update');
  return { session, fake, rec };
}

describe('OpenAI Realtime client (GA)', () => {
  it('connects with the model and key and configures the session in the GA shape', async () => {
    const { session, fake } = await openGa();
    expect(fake.query).toEqual({ model: 'gpt-realtime' });
    expect(fake.headers.authorization).toBe('Bearer rt-key');
    expect(fake.headers['openai-beta']).toBeUndefined();
    expect(fake.events[0]).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        model: 'gpt-realtime',
        output_modalities: ['audio'],
        instructions: 'You are the receptionist.',
        audio: {
          input: {
            format: { type: 'audio/pcm', rate: 24000 },
            transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
            turn_detection: {
              type: 'server_vad',
              threshold: 0.5,
              prefix_padding_ms: 300,
              silence_duration_ms: 600,
              create_response: true,
              interrupt_response: true,
            },
          },
          output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin', speed: 1.1 },
        },
        tools: [{ type: 'function', name: 'book_appointment', description: 'Book a slot', parameters: config.tools[0]!.parameters }],
        tool_choice: 'auto',
      },
    });
    await session.close();
  });

  it('sends caller audio as 24 kHz PCM and plays the model audio as 16 kHz frames with its transcript', async () => {
    const { session, fake, rec } = await openGa();
    sendFrames(session, signalForText('Caller speaking.', 16000));
    await fake.waitFor('input_audio_buffer.append', 24);
    const input = fake.inputAudio();
    expect(input.sampleRate).toBe(24000);
    expect(containsSignalForText(to16k(input.samples, 24000), 16000, 'Caller speaking.')).toBe(true);

    fake.userTranscript('Caller speaking.');
    fake.speak('Hello caller.', { responseId: 'resp_1' });
    await vi.waitFor(() => expect(rec.done).toEqual([{ id: 'resp_1', status: 'completed' }]));
    expect(rec.users).toEqual(['Caller speaking.']);
    expect(rec.audio.every((f) => f.length === 320)).toBe(true);
    expect(containsSignalForText(concatSamples(rec.audio), 16000, 'Hello caller.')).toBe(true);
    expect(rec.texts.at(-1)).toEqual({ text: 'Hello caller.', final: true });
    expect(rec.texts[0]).toEqual({ text: 'Hello ', final: false });
    await session.close();
  });

  it('hands function calls to the caller and returns their output, then asks for a response', async () => {
    const { session, fake, rec } = await openGa();
    fake.functionCall('book_appointment', { start: '2026-01-20T10:00:00Z' }, 'call_abc');
    await vi.waitFor(() =>
      expect(rec.calls).toEqual([{ callId: 'call_abc', name: 'book_appointment', arguments: '{"start":"2026-01-20T10:00:00Z"}' }]),
    );
    session.sendFunctionResult('call_abc', { booked: true });
    await fake.waitFor('response.create');
    expect(fake.events.slice(-2)).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_abc', output: '{"booked":true}' } },
      { type: 'response.create' },
    ]);
    session.createResponse('Greet the caller.');
    await fake.waitFor('response.create', 2);
    expect(fake.events.at(-1)).toEqual({ type: 'response.create', response: { instructions: 'Greet the caller.' } });
    await session.close();
  });

  it('on barge-in cancels the response, truncates the item to what was played and drops late audio', async () => {
    const { session, fake, rec } = await openGa();
    fake.startSpeaking('A long answer being interrupted.', 0.5, { responseId: 'resp_9', itemId: 'item_9' });
    await vi.waitFor(() => expect(rec.audio.length).toBeGreaterThan(10));
    fake.speechStarted();
    await vi.waitFor(() => expect(rec.speechStarts()).toBe(1));
    session.interrupt(180);
    await fake.waitFor('conversation.item.truncate');
    expect(fake.events.slice(-2)).toEqual([
      { type: 'response.cancel' },
      { type: 'conversation.item.truncate', item_id: 'item_9', content_index: 0, audio_end_ms: 180 },
    ]);
    await vi.waitFor(() => expect(rec.done).toEqual([{ id: 'resp_9', status: 'cancelled' }]));
    const heard = rec.audio.length;
    // A delta of the cancelled response that was already in flight is not played.
    fake.send({
      type: 'response.output_audio.delta',
      response_id: 'resp_9',
      item_id: 'item_9',
      delta: Buffer.alloc(4800).toString('base64'),
    });
    fake.speak('Sure, go ahead.', { responseId: 'resp_10' });
    await vi.waitFor(() => expect(rec.done.at(-1)).toEqual({ id: 'resp_10', status: 'completed' }));
    expect(containsSignalForText(concatSamples(rec.audio.slice(heard)), 16000, 'Sure, go ahead.')).toBe(true);
    expect(rec.audio.length - heard).toBe(Math.ceil(480 / 20));
    await session.close();
  });

  it('never truncates past the audio it received', async () => {
    const { session, fake, rec } = await openGa();
    fake.startSpeaking('Short.', 0.25, { itemId: 'item_short' });
    await vi.waitFor(() => expect(rec.audio.length).toBeGreaterThan(0));
    session.interrupt(60_000);
    await fake.waitFor('conversation.item.truncate');
    const truncate = fake.events.at(-1)!;
    expect(truncate.audio_end_ms).toBe(120);
    await session.close();
  });

  it('refuses a wrong key with 401 and reports server errors', async () => {
    const refused = await openGa(recorder(), 'wrong').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SpeechProviderError);
    expect((refused as SpeechProviderError).status).toBe(401);
    const { session, fake, rec } = await openGa();
    fake.send({
      type: 'error',
      error: { type: 'invalid_request_error', code: 'response_cancel_not_active', message: 'no active response' },
    });
    fake.send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_value', message: 'Invalid voice' } });
    await vi.waitFor(() => expect(rec.errors.map((e) => e.message)).toEqual(['realtime: Invalid voice']));
    await session.close();
  });
});

describe('OpenAI Realtime client (beta dialect, μ-law)', () => {
  it('sends the flat beta session with g711_ulaw and the beta header, and understands beta event names', async () => {
    const rec = recorder();
    const index = beta.connections.length;
    const session = await openRealtimeSession(
      { baseUrl: beta.baseUrl, apiKey: 'rt-key', dialect: 'beta', timeoutMs: 5000 },
      { ...config, audioFormat: 'pcmu', model: 'gpt-4o-realtime-preview' },
      rec.handlers,
    );
    const fake = await beta.nextConnection(index);
    await fake.waitFor('session.update');
    expect(fake.headers['openai-beta']).toBe('realtime=v1');
    expect(fake.events[0]).toEqual({
      type: 'session.update',
      session: {
        modalities: ['audio', 'text'],
        instructions: 'You are the receptionist.',
        voice: 'marin',
        input_audio_format: 'g711_ulaw',
        output_audio_format: 'g711_ulaw',
        input_audio_transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
        turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 600 },
        tools: [{ type: 'function', name: 'book_appointment', description: 'Book a slot', parameters: config.tools[0]!.parameters }],
        tool_choice: 'auto',
      },
    });
    sendFrames(session, signalForText('Phone caller.', 16000));
    await fake.waitFor('input_audio_buffer.append', 24);
    const input = fake.inputAudio();
    expect(input.sampleRate).toBe(8000);
    expect(containsSignalForText(to16k(input.samples, 8000), 16000, 'Phone caller.')).toBe(true);
    fake.speak('Beta hello.', { responseId: 'resp_b' });
    await vi.waitFor(() => expect(rec.done).toEqual([{ id: 'resp_b', status: 'completed' }]));
    expect(containsSignalForText(concatSamples(rec.audio), 16000, 'Beta hello.')).toBe(true);
    expect(rec.texts.at(-1)).toEqual({ text: 'Beta hello.', final: true });
    await session.close();
  });
});

describe("OpenAI Realtime client: the caller's turns when the engine weighs interruptions", () => {
  it('asks the server neither to answer nor to cancel (GA and beta) and reports speech stops, commits and the words as they are transcribed', async () => {
    const weighing: RealtimeSessionConfig = {
      ...config,
      turnDetection: { silenceDurationMs: 500, createResponse: false },
      interruptResponse: false,
    };
    const seen: string[] = [];
    const handlers: RealtimeHandlers = {
      ...recorder().handlers,
      onSpeechStopped: () => seen.push('stopped'),
      onInputCommitted: () => seen.push('committed'),
      onUserTranscriptDelta: (text) => seen.push(`delta:${text}`),
      onUserTranscript: (text) => seen.push(`final:${text}`),
      onUserTranscriptFailed: () => seen.push('failed'),
    };
    const index = ga.connections.length;
    const session = await openRealtimeSession(
      { baseUrl: ga.baseUrl, apiKey: 'rt-key', dialect: 'ga', timeoutMs: 5000 },
      weighing,
      handlers,
    );
    const fake = await ga.nextConnection(index);
    await fake.waitFor('session.update');
    expect((fake.events[0]!.session as Record<string, any>).audio.input.turn_detection).toEqual({
      type: 'server_vad',
      threshold: 0.5,
      prefix_padding_ms: 300,
      silence_duration_ms: 500,
      create_response: false,
      interrupt_response: false,
    });
    fake.send({ type: 'input_audio_buffer.speech_stopped', item_id: 'item_1', audio_end_ms: 900 });
    fake.send({ type: 'input_audio_buffer.committed', item_id: 'item_1' });
    fake.send({ type: 'conversation.item.input_audio_transcription.delta', item_id: 'item_1', delta: 'Wait, ' });
    fake.send({ type: 'conversation.item.input_audio_transcription.delta', item_id: 'item_1', delta: 'please' });
    fake.userTranscript('Wait, please.', 'item_1');
    fake.send({ type: 'conversation.item.input_audio_transcription.failed', item_id: 'item_2', error: { message: 'unreadable' } });
    await vi.waitFor(() =>
      expect(seen).toEqual(['stopped', 'committed', 'delta:Wait,', 'delta:Wait, please', 'final:Wait, please.', 'failed']),
    );
    await session.close();

    const betaIndex = beta.connections.length;
    const betaSession = await openRealtimeSession(
      { baseUrl: beta.baseUrl, apiKey: 'rt-key', dialect: 'beta', timeoutMs: 5000 },
      weighing,
      recorder().handlers,
    );
    const betaFake = await beta.nextConnection(betaIndex);
    await betaFake.waitFor('session.update');
    expect((betaFake.events[0]!.session as Record<string, any>).turn_detection).toEqual({
      type: 'server_vad',
      threshold: 0.5,
      prefix_padding_ms: 300,
      silence_duration_ms: 500,
      create_response: false,
      interrupt_response: false,
    });
    await betaSession.close();
  });

  it("asks for semantic VAD (endpoint_type ai) and the provider's noise reduction (enable_noise_cancellation), GA and beta", async () => {
    const semantic: RealtimeSessionConfig = {
      ...config,
      turnDetection: { silenceDurationMs: 500, semanticEagerness: 'low' },
      noiseReduction: true,
    };
    const index = ga.connections.length;
    const session = await openRealtimeSession(
      { baseUrl: ga.baseUrl, apiKey: 'rt-key', dialect: 'ga', timeoutMs: 5000 },
      semantic,
      recorder().handlers,
    );
    const fake = await ga.nextConnection(index);
    await fake.waitFor('session.update');
    const input = (fake.events[0]!.session as Record<string, any>).audio.input;
    expect(input.turn_detection).toEqual({ type: 'semantic_vad', eagerness: 'low', create_response: true, interrupt_response: true });
    expect(input.noise_reduction).toEqual({ type: 'near_field' });
    await session.close();

    const betaIndex = beta.connections.length;
    const betaSession = await openRealtimeSession(
      { baseUrl: beta.baseUrl, apiKey: 'rt-key', dialect: 'beta', timeoutMs: 5000 },
      semantic,
      recorder().handlers,
    );
    const betaFake = await beta.nextConnection(betaIndex);
    await betaFake.waitFor('session.update');
    const betaSessionBody = betaFake.events[0]!.session as Record<string, any>;
    expect(betaSessionBody.turn_detection).toEqual({ type: 'semantic_vad', eagerness: 'low' });
    expect(betaSessionBody.input_audio_noise_reduction).toEqual({ type: 'near_field' });
    await betaSession.close();
  });
});
