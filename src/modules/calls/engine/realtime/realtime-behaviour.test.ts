import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesToPcm16 } from '../../audio/frames.js';
import { containsSignalForText, containsSignalUnderNoise, rms, signalForText } from '../../audio/test-signal.js';
import { decodeWav } from '../../audio/wav.js';
import type { FakeRealtimeConnection } from '../../../../../test/helpers/fakes/realtime.js';
import { creates, GREETING, received, sayExactly, speakText, useRealtimePhoneApp } from '../../../../../test/helpers/realtime-phone.js';
import { PUBLIC_URL } from '../../../../../test/helpers/voice.js';
import { callEnded, heard, playedOut, until, type EngineApp } from '../../../../../test/helpers/voice-engine.js';
import { PHRASES } from '../behaviour/phrases.js';
import { SPEECH_MS_PER_WORD } from '../behaviour/endpointing.js';

/**
 * The assistant's call settings on the realtime engine, one by one, on whole phone calls: the
 * fake caller on the Twilio media stream, the fake Realtime server as the model (μ-law both
 * ways), the fake speech server as dualplex's synthesizer. Limits run on hand-moved timers.
 */
const { e, armed, greetedCall } = useRealtimePhoneApp();

/** The model starts a long answer (ten seconds of audio, still streaming) and the caller hears its start. */
async function longAnswer(model: FakeRealtimeConnection, caller: Awaited<ReturnType<EngineApp['answer']>>) {
  const words = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(' ');
  const tone = Buffer.alloc(80_000, 0x2a);
  model.send({ type: 'response.created', response: { id: 'resp_long', status: 'in_progress' } });
  for (let o = 0; o < tone.length; o += 8_000)
    model.send({
      type: 'response.output_audio.delta',
      response_id: 'resp_long',
      item_id: 'item_long',
      delta: tone.subarray(o, o + 8_000).toString('base64'),
    });
  model.send({ type: 'response.output_audio_transcript.delta', item_id: 'item_long', delta: words });
  const before = caller.heard().length;
  await until(() => caller.heard().length >= before + 8 * 600, 'the long answer to play for a while');
  return words;
}

describe('barge-in after min_interrupt_words', () => {
  it('the server neither cancels nor answers; a backchannel is ignored, enough words clear the line, cancel, truncate and get the answer', async () => {
    const { callId, caller, model } = await greetedCall({ min_interrupt_words: 3 });
    const session = model.events.find((ev) => ev.type === 'session.update')!.session as Record<string, any>;
    expect(session.audio.input.turn_detection).toMatchObject({ type: 'server_vad', create_response: false, interrupt_response: false });
    expect(session.audio.input.format).toEqual({ type: 'audio/pcmu' });
    const words = await longAnswer(model, caller);

    // "Uh-huh": too few words, the assistant talks on and the turn is not answered.
    model.speechStarted('item_u1');
    model.send({ type: 'input_audio_buffer.speech_stopped', item_id: 'item_u1', audio_end_ms: 300 });
    model.send({ type: 'input_audio_buffer.committed', item_id: 'item_u1' });
    model.userTranscript('Uh-huh.', 'item_u1');
    const heardAtBackchannel = caller.heard().length;
    await until(() => caller.heard().length > heardAtBackchannel + 8 * 300, 'more of the answer to play');
    expect(received(caller, 'clear')).toBe(0);
    expect(creates(model)).toHaveLength(1);
    expect(model.events.some((ev) => ev.type === 'response.cancel' || ev.type === 'conversation.item.truncate')).toBe(false);

    // Three words, streamed while the turn is transcribed: the line is cleared and the model cut to what was heard.
    model.speechStarted('item_u2');
    model.send({ type: 'input_audio_buffer.speech_stopped', item_id: 'item_u2', audio_end_ms: 900 });
    model.send({ type: 'input_audio_buffer.committed', item_id: 'item_u2' });
    model.send({ type: 'conversation.item.input_audio_transcription.delta', item_id: 'item_u2', delta: 'Wait, I ' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received(caller, 'clear')).toBe(0);
    model.send({ type: 'conversation.item.input_audio_transcription.delta', item_id: 'item_u2', delta: 'need help' });
    await model.waitFor('conversation.item.truncate');
    await until(() => received(caller, 'clear') === 1, 'the line to be cleared');
    model.send({ type: 'response.done', response: { id: 'resp_long', status: 'cancelled' } });
    const sent = model.events
      .filter((ev) => ['response.cancel', 'conversation.item.truncate', 'response.create'].includes(ev.type))
      .slice(1);
    expect(sent.map((ev) => ev.type)).toEqual(['response.cancel', 'conversation.item.truncate', 'response.create']);
    const truncate = sent[1]!;
    expect(truncate).toMatchObject({ item_id: 'item_long', content_index: 0 });
    // Around a second was heard (the line runs 60 ms ahead): far from the ten seconds received.
    expect(truncate.audio_end_ms).toBeGreaterThan(800);
    expect(truncate.audio_end_ms).toBeLessThan(5_000);
    expect(sent[2]).toEqual({ type: 'response.create' });

    model.userTranscript('Wait, I need help.', 'item_u2');
    model.speak('Of course.');
    await heard(caller, 'Of course.');
    await playedOut(caller);
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    const texts = row.transcript.map((entry) => [entry.sender, entry.text]);
    expect(texts.slice(0, 2)).toEqual([
      ['bot', GREETING],
      ['human', 'Uh-huh.'],
    ]);
    // The long answer is kept as far as it was heard: its first words, in order.
    const cut = texts[2]![1]!.split(' ');
    expect(texts[2]![0]).toBe('bot');
    expect(cut.length).toBeGreaterThanOrEqual(3);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(words.startsWith(cut.join(' '))).toBe(true);
    expect(texts.slice(3)).toEqual([
      ['human', 'Wait, I need help.'],
      ['bot', 'Of course.'],
    ]);
  });

  it('dualplex: before the transcript is known, continuous speech of min_interrupt_words x 400 ms interrupts the synthesizer', async () => {
    const { callId, caller, model } = await greetedCall({ min_interrupt_words: 2 }, { dualplex: true });
    const sentences = ['This is the first sentence of a long answer.', 'And here is the second one.', 'A third follows.'];
    speakText(model, sentences.join(' '), 'resp_d');
    await heard(caller, sentences[0]!);
    const requests = e.speech.speechRequests.length;
    model.speechStarted('item_d1');
    await armed(2 * SPEECH_MS_PER_WORD);
    e.timers.advance(2 * SPEECH_MS_PER_WORD - 1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(received(caller, 'clear')).toBe(0);
    e.timers.advance(1);
    await until(() => received(caller, 'clear') === 1, 'the line to be cleared');
    // The answer had finished streaming: there is nothing to cancel (a text answer has no audio to truncate).
    expect(model.events.some((ev) => ev.type === 'response.cancel')).toBe(false);
    // Answered once the turn is committed.
    model.send({ type: 'input_audio_buffer.committed', item_id: 'item_d1' });
    await until(() => creates(model).length === 2, 'the caller to be answered');
    expect(creates(model)[1]).toEqual({ type: 'response.create' });
    expect(e.speech.speechRequests.length).toBe(requests);
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    const kept = row.transcript[1]!;
    expect(kept.sender).toBe('bot');
    expect(sentences.join(' ').startsWith(kept.text)).toBe(true);
    expect(kept.text.length).toBeLessThan(sentences.join(' ').length);
  });
});

describe('silence, duration and voicemail', () => {
  it('re-engages with reengagement_prompt (hidden from the transcript), again after each silence, and ends after max_silence_duration', async () => {
    const { callId, caller, model } = await greetedCall({
      reengagement_interval: 7,
      max_silence_duration: 20,
      reengagement_prompt: 'Ask whether they want to hear our offers.',
    });
    await armed(7_000);
    e.timers.advance(7_000);
    await model.waitFor('response.create', 2);
    expect(creates(model)[1]).toEqual({
      type: 'response.create',
      response: { instructions: '(The caller has said nothing for 7 seconds. Ask whether they want to hear our offers.)' },
    });
    model.speak('Would you like to hear our offers?');
    await heard(caller, 'Would you like to hear our offers?');
    await playedOut(caller);
    await armed(7_000);
    e.timers.advance(7_000);
    await model.waitFor('response.create', 3);
    model.speak('Are you there?');
    await heard(caller, 'Are you there?');
    await playedOut(caller);
    // Re-engaging is not the caller speaking: 6 of the 20 seconds are left. The next re-engagement
    // (7 s) is armed only once the engine has the answer's mark back, so the answer counts as heard.
    await until(
      () => e.timers.nextDueInMs() === 6_000 && e.timers.dueInMs().includes(7_000),
      'the answer to play out, with the silence limit',
    );
    e.timers.advance(6_000);
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'silence' });
    expect(row.transcript.map((entry) => entry.text)).toEqual([GREETING, 'Would you like to hear our offers?', 'Are you there?']);
    expect(e.twilio.updates().at(-1)!.form).toEqual({ Status: 'completed' });
  });

  it('without a prompt it says the default phrase; the caller speaking resets the timers; max_initial_silence_duration ends a call nobody speaks on', async () => {
    const { callId, caller, model } = await greetedCall({ reengagement_interval: 8 });
    await armed(8_000);
    e.timers.advance(8_000);
    await model.waitFor('response.create', 2);
    expect(creates(model)[1]).toEqual(sayExactly(PHRASES.reengage));
    model.speechStarted();
    // Only max_duration is left (1200 s from the start).
    await until(() => e.timers.nextDueInMs() > 1_000_000, 'the silence timers to be cancelled');
    caller.hangUp();
    await callEnded(e.t, callId);

    const silent = await greetedCall({ max_initial_silence_duration: 3 });
    await armed(3_000);
    e.timers.advance(3_000);
    expect(await callEnded(e.t, silent.callId)).toMatchObject({ status: 'ended_by_assistant', end_reason: 'initial_silence' });
  });

  it('max_duration stops the call at once, even mid-answer, keeping what was heard', async () => {
    const { callId, caller, model } = await greetedCall({ max_duration: 30 });
    const words = await longAnswer(model, caller);
    e.timers.advance(30_000);
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'max_duration' });
    expect(received(caller, 'clear')).toBe(1);
    const cut = row.transcript[1]!.text;
    expect(words.startsWith(cut)).toBe(true);
    expect(cut.length).toBeLessThan(words.length);
    expect(e.twilio.updates().at(-1)!.form).toEqual({ Status: 'completed' });
  });

  it('leaves voice_mail_message when a machine answers, then hangs up', async () => {
    const { callId, caller, model } = await greetedCall({
      end_call_on_voicemail: true,
      voice_mail_message: 'Hi {{name}}, please call us back.',
    });
    e.t.deps.services.callsModule.sessions.notifyAnsweredBy(callId, 'machine');
    await model.waitFor('response.create', 2);
    expect(creates(model)[1]).toEqual(sayExactly('Hi Jane, please call us back.'));
    model.speak('Hi Jane, please call us back.');
    await heard(caller, 'Hi Jane, please call us back.');
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'voicemail', answered_by: 'machine' });
    expect(row.transcript.at(-1)).toMatchObject({ sender: 'bot', text: 'Hi Jane, please call us back.' });
  });
});

describe('sound and recording', () => {
  it('mixes the ambient bed under and between answers and records both sides into the WAV served to the owner', async () => {
    const { owner, callId, caller, model } = await greetedCall({ ambient_sound: 'cafe', ambient_sound_volume: 0.5, record: true });
    const before = caller.heard().length;
    await until(() => caller.heard().length >= before + 8 * 400, 'the line between answers');
    const level = rms(caller.heard().subarray(before));
    expect(level).toBeGreaterThan(200);
    expect(level).toBeLessThan(0.05 * 32768);
    caller.say(signalForText('Caller side audio', 8_000));
    // The engine records each caller frame as it forwards it to the model: once the model has it, so has the file.
    await until(() => containsSignalForText(model.inputAudio().samples, 8_000, 'Caller side audio'), 'the caller audio at the model');
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({
      recording_path: join('recordings', `${callId}.wav`),
      recording_url: `${PUBLIC_URL}/api/user/calls/${callId}/recording`,
    });
    const wav = decodeWav(readFileSync(join(e.dataDir, row.recording_path!)));
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, format: 'pcm16' });
    const samples = bytesToPcm16(wav.data);
    // The café bed is mixed under both sides: its noise in a signal's gaps may decode as a stray symbol.
    expect(containsSignalUnderNoise(samples, 16_000, GREETING)).toBe(true);
    expect(containsSignalUnderNoise(samples, 16_000, 'Caller side audio')).toBe(true);
    const res = await owner.api.get(`/api/user/calls/${callId}/recording`);
    expect(res.statusCode).toBe(200);
  });
});
