import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesToPcm16 } from '../../audio/frames.js';
import { rms, speechLike } from '../../audio/test-signal.js';
import { decodeWav } from '../../audio/wav.js';
import { apiFor } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { makeCall, ownerWithLine, PUBLIC_URL } from '../../../../../test/helpers/voice.js';
import {
  callEnded,
  heard,
  playedOut,
  recordedBothSides,
  shortRecordedCall,
  until,
  useEngineApp,
} from '../../../../../test/helpers/voice-engine.js';
import { PHRASES } from '../behaviour/phrases.js';

/**
 * The assistant's call settings, one by one, on whole calls (real adapters, fake providers, the
 * fake caller on the Twilio media stream). Silence and duration limits run on hand-moved timers.
 */
const e = useEngineApp();

/** Quiet settings: no limit fires unless the test sets it. */
const calm = { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200 };
const spokenTexts = () => e.elevenlabs.requests.map((r) => r.body.text);
/** The engine armed its next timer this far ahead: the assistant finished speaking and waits. */
const armed = (ms: number) => until(() => e.timers.nextDueInMs() === ms, `a timer due in ${ms} ms`);

describe('silence', () => {
  it('re-engages after reengagement_interval, again after each silence, and ends after max_silence_duration', async () => {
    const owner = await ownerWithLine(e.t, { assistant: { ...calm, reengagement_interval: 10, max_silence_duration: 25 } });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    await armed(10_000);
    e.timers.advance(9_999);
    expect(spokenTexts()).toEqual(['Hello! How can I help you today?']);
    e.timers.advance(1);
    await heard(caller, PHRASES.reengage);
    await armed(10_000);
    e.timers.advance(10_000);
    await until(() => spokenTexts().length === 3, 'the second re-engagement');
    // Re-engaging is not the caller speaking: max_silence_duration counts on, 5 s are left.
    await until(() => e.timers.pendingCount() === 3 && e.timers.nextDueInMs() === 5_000, 'the second re-engagement to play');
    e.timers.advance(5_000);
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'silence' });
    expect(row.transcript.map((t) => t.text)).toEqual(['Hello! How can I help you today?', PHRASES.reengage, PHRASES.reengage]);
    expect(e.twilio.updates().at(-1)!.form).toEqual({ Status: 'completed' });
  });

  it("asks the model with reengagement_prompt, without storing the prompt as the caller's words", async () => {
    const owner = await ownerWithLine(e.t, {
      assistant: { ...calm, reengagement_interval: 7, reengagement_prompt: 'Ask whether they want to hear our offers.' },
    });
    e.llm.reply({ content: 'Would you like to hear our offers?' });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    await armed(7_000);
    e.timers.advance(7_000);
    await heard(caller, 'Would you like to hear our offers?');
    const messages = e.llm.requests[0]!.body.messages;
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: '(The caller has said nothing for 7 seconds. Ask whether they want to hear our offers.)',
    });
    await playedOut(caller);
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    expect(row.transcript.map(({ sender, text }) => ({ sender, text }))).toEqual([
      { sender: 'bot', text: 'Hello! How can I help you today?' },
      { sender: 'bot', text: 'Would you like to hear our offers?' },
    ]);
  });

  it('hangs up after max_initial_silence_duration when the caller never speaks', async () => {
    const owner = await ownerWithLine(e.t, { assistant: { ...calm, max_initial_silence_duration: 3 } });
    const callId = await makeCall(owner.api, owner.assistant.id);
    await e.answer(callId);
    await armed(3_000);
    e.timers.advance(3_000);
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_assistant', end_reason: 'initial_silence' });
  });

  it('stops the call at max_duration, even mid-sentence', async () => {
    const owner = await ownerWithLine(e.t, { assistant: { ...calm, max_duration: 20 } });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    await heard(caller, 'Hello! How can I help you today?');
    e.timers.advance(20_000);
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_assistant', end_reason: 'max_duration' });
  });
});

describe('voicemail, balance and recording', () => {
  it('leaves voice_mail_message when a machine answers, then hangs up', async () => {
    const owner = await ownerWithLine(e.t, {
      assistant: { ...calm, end_call_on_voicemail: true, voice_mail_message: 'Hi {{name}}, please call us back.' },
    });
    const callId = await makeCall(owner.api, owner.assistant.id, '+14155550199', { name: 'Jane' });
    const caller = await e.answer(callId);
    await until(() => e.elevenlabs.requests.length > 0, 'the greeting to start');
    e.t.deps.services.callsModule.sessions.notifyAnsweredBy(callId, 'machine');
    await heard(caller, 'Hi Jane, please call us back.');
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'voicemail', answered_by: 'machine' });
    expect(row.transcript.at(-1)).toMatchObject({ sender: 'bot', text: 'Hi Jane, please call us back.' });
    expect(caller.received.some((m) => m.event === 'clear')).toBe(true);
  });

  it('says goodbye and hangs up when the balance cannot pay another minute', async () => {
    const owner = await ownerWithLine(e.t, { balanceUsd: 0.15, assistant: calm });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    await playedOut(caller);
    e.t.clock.advance(50_000);
    await e.t.deps.services.callsModule.sessions.tick();
    await heard(caller, PHRASES.goodbye);
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'balance' });
    expect(row.transcript.at(-1)!.text).toBe(PHRASES.goodbye);
  });

  it('records both sides into a WAV served to the owner only', async () => {
    const { owner, callId, row } = await shortRecordedCall(e);
    expect(row).toMatchObject({
      recording_path: join('recordings', `${callId}.wav`),
      recording_url: `${PUBLIC_URL}/api/user/calls/${callId}/recording`,
    });
    const wav = decodeWav(readFileSync(join(e.dataDir, row.recording_path!)));
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, format: 'pcm16' });
    expect(recordedBothSides(bytesToPcm16(wav.data))).toBe(true);

    const res = await owner.api.get(`/api/user/calls/${callId}/recording`);
    expect(res.statusCode).toBe(200);
    expect((res as unknown as { headers: Record<string, string> }).headers['content-type']).toBe('audio/wav');
    expect((res as unknown as { rawPayload: Buffer }).rawPayload.equals(readFileSync(join(e.dataDir, row.recording_path!)))).toBe(true);
    const stranger = apiFor(e.t, (await createUser(e.t.deps)).token);
    expect(await stranger.get(`/api/user/calls/${callId}/recording`)).toMatchObject({
      statusCode: 404,
      body: JSON.stringify({ message: 'Call not found' }),
    });
  });
});

describe('sound', () => {
  it('plays an ambient bed at ambient_sound_volume under and between the speech; none when off', async () => {
    const withBed = await ownerWithLine(e.t, { assistant: { ...calm, ambient_sound: 'office', ambient_sound_volume: 0.5 } });
    const callId = await makeCall(withBed.api, withBed.assistant.id);
    const caller = await e.answer(callId);
    await heard(caller, 'Hello! How can I help you today?');
    await armed(360_000);
    const before = caller.heard().length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const gap = caller.heard().subarray(before);
    expect(gap.length).toBeGreaterThan(8 * 300);
    const level = rms(gap);
    expect(level).toBeGreaterThan(200);
    expect(level).toBeLessThan(0.05 * 32768);
    caller.hangUp();
    await callEnded(e.t, callId);

    const quiet = await ownerWithLine(e.t, { assistant: { ...calm, ambient_sound: 'office', ambient_sound_volume: 0 } });
    const quietCall = await makeCall(quiet.api, quiet.assistant.id);
    const quietCaller = await e.answer(quietCall);
    await armed(360_000);
    const sent = quietCaller.received.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing to say and no bed: nothing is sent.
    expect(quietCaller.received.length).toBe(sent);
    quietCaller.hangUp();
    await callEnded(e.t, quietCall);
  });

  it('works with OpenAI-compatible transcription behind the voice-activity detector and OpenAI-compatible speech', async () => {
    const owner = await ownerWithLine(e.t, {
      assistant: { ...calm, voice_id: 11, synthesizer_provider_id: 4, transcriber_provider_id: 5, speech_speed: 0.9 },
    });
    e.speech.queueTranscripts('Do you deliver?');
    e.llm.reply({ content: 'Yes, we deliver every day.' });
    const callId = await makeCall(owner.api, owner.assistant.id);
    const caller = await e.answer(callId);
    await playedOut(caller);
    caller.say(speechLike(900, 8_000));
    await heard(caller, 'Yes, we deliver every day.', 12_000);
    expect(e.speech.transcriptionRequests.at(-1)!.fields).toMatchObject({ language: 'en' });
    expect(e.speech.speechRequests.map((r) => r.body)).toEqual([
      expect.objectContaining({ input: 'Hello! How can I help you today?', voice: 'nova', speed: 0.9, response_format: 'pcm' }),
      expect.objectContaining({ input: 'Yes, we deliver every day.', voice: 'nova', speed: 0.9 }),
    ]);
    expect(e.llm.requests[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Do you deliver?' });
    caller.hangUp();
    await callEnded(e.t, callId);
  });
});
