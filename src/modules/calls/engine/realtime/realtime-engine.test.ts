import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcm16ToBytes } from '../../audio/frames.js';
import { containsSignalForText, speechLike, tone } from '../../audio/test-signal.js';
import { apiFor, assistantBody, createAssistant, multimodalBody, SEED_VOICE_IDS } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { startFakeRealtime } from '../../../../../test/helpers/fakes/realtime.js';
import { startFakeSpeech } from '../../../../../test/helpers/fakes/speech.js';
import { buildTestApp, type TestApp } from '../../../../../test/helpers/test-app.js';
import { connectWebCaller, type WebCaller } from '../../../../../test/helpers/web-caller.js';

/**
 * The multimodal and dualplex engines, end to end: a browser call (real socket) on the real app,
 * whose realtime model is the fake Realtime server and whose dualplex voice is the fake speech
 * server. What reached the fakes and what the caller heard and saw are asserted.
 */
let t: TestApp;
let port: number;
let realtime: Awaited<ReturnType<typeof startFakeRealtime>>;
let speech: Awaited<ReturnType<typeof startFakeSpeech>>;
const callers: WebCaller[] = [];

beforeAll(async () => {
  realtime = await startFakeRealtime({ apiKey: 'rt-key' });
  speech = await startFakeSpeech({ apiKey: 'sp-key' });
  t = await buildTestApp({
    env: {
      REALTIME_BASE_URL: realtime.baseUrl,
      REALTIME_API_KEY: 'rt-key',
      SPEECH_BASE_URL: speech.baseUrl,
      SPEECH_API_KEY: 'sp-key',
      WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '1000',
      VOICE_PRICE_PER_MINUTE_USD: '0.12',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const caller of callers) caller.ws.terminate();
  await t.close();
  await realtime.close();
  await speech.close();
});

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startCall(assistant: Record<string, unknown>) {
  const owner = await createUser(t.deps, { balanceUsd: 1 });
  const created = await createAssistant(apiFor(t, owner.token), { status: 'active', ...assistant });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/calls/web',
    payload: { assistant_id: created.uuid, variables: { name: 'Ana' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().websocket_url);
  const connection = realtime.nextConnection();
  const result = await connectWebCaller(`ws://127.0.0.1:${port}${url.pathname}${url.search}`);
  if (!('caller' in result)) throw new Error(`refused ${result.status}`);
  callers.push(result.caller);
  return { callId: res.json().call_id as number, caller: result.caller, model: await connection, owner };
}

const receivedMs = (caller: WebCaller) => caller.frames.reduce((n, f) => n + f.length, 0) / 16;
/** The whole answer reached the caller and its last frame has played (the line runs ~60 ms ahead). */
async function heardToEnd(caller: WebCaller, sinceMs: number, answerMs: number) {
  await until(() => receivedMs(caller) >= sinceMs + answerMs, 'the whole answer to reach the caller');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const callRow = (id: number) => t.deps.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ended = (id: number) =>
  until(async () => {
    const row = await callRow(id);
    return !['initiated', 'ringing', 'in-progress'].includes(row.status) && row;
  }, `call ${id} to end`);

describe('the realtime engine (multimodal)', () => {
  it('configures the session, greets, keeps both transcripts, answers end_call through the chat registry and hangs up after the goodbye', async () => {
    const greeting = 'Hello Ana, this is the shop.';
    const { callId, caller, model } = await startCall(
      multimodalBody({
        initial_message: 'Hello {{name}}, this is the shop.',
        system_prompt: 'You sell tea to {{name}}.',
        tools: [{ type: 'end_call' }],
      }),
    );
    await model.waitFor('response.create');
    expect(model.query).toEqual({ model: 'gpt-4o-realtime-preview' });
    const update = model.events.find((e) => e.type === 'session.update')!.session as Record<string, any>;
    expect(update.instructions).toMatch(
      /^You sell tea to Ana\.\n\nCurrent date and time: .* This is a phone call: everything you write is spoken aloud by a voice\. Speak English\./,
    );
    expect(update).toMatchObject({
      type: 'realtime',
      model: 'gpt-4o-realtime-preview',
      output_modalities: ['audio'],
      audio: {
        input: {
          format: { type: 'audio/pcm', rate: 24000 },
          transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
          turn_detection: { type: 'server_vad', silence_duration_ms: 500, create_response: true, interrupt_response: true },
        },
        output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'alloy', speed: 1 },
      },
    });
    expect(update.tools.map((tool: { name: string }) => tool.name)).toEqual(['end_conversation']);
    expect(model.events.find((e) => e.type === 'response.create')).toEqual({
      type: 'response.create',
      response: { instructions: `Greet the caller by saying exactly: "${greeting}"` },
    });

    model.speak(greeting);
    await caller.waitForEvent((e) => e.type === 'transcript' && e.role === 'assistant' && e.final === true);
    await caller.waitForAudioMs(480);
    expect(containsSignalForText(caller.heard(), 16_000, greeting)).toBe(true);
    expect(caller.events.slice(0, 1)).toEqual([{ type: 'speaking', role: 'assistant' }]);

    // The caller's audio reaches the model at 24 kHz.
    const spoken = speechLike(200, 16_000);
    caller.sendAudio(spoken);
    await until(() => model.inputAudio().samples.length >= 4_800, 'the caller audio at the model');
    expect(model.inputAudio().sampleRate).toBe(24_000);
    // The caller speaks once the greeting has played (no barge-in: see below).
    model.userTranscript('Goodbye, thanks!');
    await caller.waitForEvent((e) => e.type === 'transcript' && e.role === 'user');

    model.functionCall('end_conversation', { reason: 'caller is done' }, 'call_1');
    await model.waitFor('conversation.item.create');
    expect(model.events.filter((e) => e.type === 'conversation.item.create')).toEqual([
      { type: 'conversation.item.create', item: { type: 'function_call_output', call_id: 'call_1', output: '{"ended":true}' } },
    ]);
    await caller.waitForEvent((e) => e.type === 'function_call');
    model.speak('Goodbye!');
    expect(await caller.waitForEvent((e) => e.type === 'end')).toEqual({ type: 'end', reason: 'end_call' });
    const row = await ended(callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'end_call' });
    expect(row.transcript.map((e) => [e.sender, e.text])).toEqual([
      ['bot', greeting],
      ['human', 'Goodbye, thanks!'],
      ['bot', 'Goodbye!'],
    ]);
    // The function the goodbye answered is kept on it, as the pipeline keeps a turn's functions.
    expect(row.transcript.map((e) => e.function_calls)).toEqual([
      undefined,
      undefined,
      [{ name: 'end_conversation', arguments: { reason: 'caller is done' }, result: { ended: true } }],
    ]);
    expect(caller.events.filter((e) => e.type !== 'speaking')).toEqual([
      { type: 'transcript', role: 'assistant', text: 'Hello Ana, thi', final: false },
      { type: 'transcript', role: 'assistant', text: greeting, final: false },
      { type: 'transcript', role: 'assistant', text: greeting, final: true },
      { type: 'transcript', role: 'user', text: 'Goodbye, thanks!', final: true },
      { type: 'function_call', name: 'end_conversation', arguments: { reason: 'caller is done' }, result: { ended: true } },
      { type: 'transcript', role: 'assistant', text: 'Good', final: false },
      { type: 'transcript', role: 'assistant', text: 'Goodbye!', final: false },
      { type: 'transcript', role: 'assistant', text: 'Goodbye!', final: true },
      { type: 'end', reason: 'end_call' },
    ]);
  });

  it('barge-in: clears the browser queue, cancels and truncates the model to what was heard, and keeps only the heard words', async () => {
    const { callId, caller, model } = await startCall(multimodalBody());
    await model.waitFor('response.create');
    const answer = Array.from({ length: 50 }, (_, i) => `word${i + 1}`).join(' ');
    // Five seconds of answer at once (the model is faster than real time): the caller hears it over seconds.
    const audio = pcm16ToBytes(tone(600, 5_000, 24_000));
    model.send({ type: 'response.created', response: { id: 'resp_a', status: 'in_progress' } });
    for (let o = 0; o < audio.length; o += 48_000)
      model.send({
        type: 'response.output_audio.delta',
        response_id: 'resp_a',
        item_id: 'item_answer',
        delta: audio.subarray(o, o + 48_000).toString('base64'),
      });
    model.send({ type: 'response.output_audio.done', item_id: 'item_answer' });
    model.send({ type: 'response.output_audio_transcript.done', item_id: 'item_answer', transcript: answer });
    model.send({ type: 'response.done', response: { id: 'resp_a', status: 'completed' } });
    await caller.waitForAudioMs(400);
    model.speechStarted();
    await caller.waitForEvent((e) => e.type === 'clear');
    await model.waitFor('conversation.item.truncate');
    const truncate = model.events.find((e) => e.type === 'conversation.item.truncate')!;
    expect(truncate).toMatchObject({ item_id: 'item_answer', content_index: 0 });
    // The line runs 60 ms ahead of playback: 400 ms received is at least 300 ms heard, far from all 5 s.
    expect(truncate.audio_end_ms).toBeGreaterThanOrEqual(300);
    expect(truncate.audio_end_ms).toBeLessThan(2_500);
    // The answer had finished streaming, so there is nothing to cancel.
    expect(model.events.some((e) => e.type === 'response.cancel')).toBe(false);
    caller.hangUp();
    const row = await ended(callId);
    expect(row.status).toBe('ended_by_customer');
    const heard = row.transcript[0]!.text.split(' ');
    expect(heard.length).toBeGreaterThan(0);
    // 300-2500 ms of a 5 s answer: between 3 and 25 of its 50 words.
    expect(heard.length).toBeGreaterThanOrEqual(3);
    expect(heard.length).toBeLessThanOrEqual(25);
    expect(answer.startsWith(heard.join(' '))).toBe(true);
  });

  it('a barge-in during a streaming answer cancels it and drops its late audio and text', async () => {
    const { callId, caller, model } = await startCall(multimodalBody());
    await model.waitFor('response.create');
    model.startSpeaking('a long answer the caller will not wait for', 0.5, { itemId: 'item_long' });
    await caller.waitForAudioMs(100);
    model.speechStarted();
    await model.waitFor('response.cancel');
    const msAtCancel = receivedMs(caller);
    // The cancelled answer's tail still arrives: it must not be played or stored.
    model.send({
      type: 'response.output_audio_transcript.done',
      item_id: 'item_long',
      transcript: 'a long answer the caller will not wait for',
    });
    model.userTranscript('Stop, please.');
    await caller.waitForEvent((e) => e.type === 'transcript' && e.role === 'user');
    model.speak('Sure.');
    await caller.waitForEvent((e) => e.type === 'transcript' && e.text === 'Sure.' && e.final === true);
    // Heard to the end: a hang-up mid-answer would keep only the words heard.
    await heardToEnd(caller, msAtCancel, 480);
    caller.hangUp();
    const row = await ended(callId);
    expect(row.transcript.map((e) => e.text)).toEqual(['Stop, please.', 'Sure.']);
  });
});

describe('the realtime engine (dualplex)', () => {
  it("asks the model for text and speaks it with the assistant's own synthesizer voice", async () => {
    const { callId, caller, model } = await startCall(
      assistantBody({ mode: 'dualplex', voice_id: SEED_VOICE_IDS.novaPipeline, initial_message: 'Welcome to the shop.' }),
    );
    await model.waitFor('response.create');
    const update = model.events.find((e) => e.type === 'session.update')!.session as Record<string, any>;
    expect(model.query).toEqual({ model: 'gpt-realtime' });
    expect(update.output_modalities).toEqual(['text']);
    // The fake answers in text (dualplex): two sentences, each sent to the synthesizer when complete.
    model.send({ type: 'response.created', response: { id: 'resp_t', status: 'in_progress' } });
    model.send({ type: 'response.output_text.delta', item_id: 'item_t', delta: 'Welcome to the shop. How ' });
    model.send({ type: 'response.output_text.delta', item_id: 'item_t', delta: 'can I help?' });
    model.send({ type: 'response.output_text.done', item_id: 'item_t', text: 'Welcome to the shop. How can I help?' });
    model.send({ type: 'response.done', response: { id: 'resp_t', status: 'completed' } });
    await until(() => speech.speechRequests.length >= 2, 'two sentences synthesised');
    expect(speech.speechRequests.map((r) => [r.body.input, r.body.voice])).toEqual([
      ['Welcome to the shop.', 'nova'],
      ['How can I help?', 'nova'],
    ]);
    await heardToEnd(caller, 0, 960);
    const heard = caller.heard();
    expect(containsSignalForText(heard, 16_000, 'Welcome to the shop.')).toBe(true);
    expect(containsSignalForText(heard, 16_000, 'How can I help?')).toBe(true);
    caller.hangUp();
    const row = await ended(callId);
    expect(row.transcript.map((e) => [e.sender, e.text])).toEqual([['bot', 'Welcome to the shop. How can I help?']]);
  });
});
