import { describe, expect, it } from 'vitest';
import { detectDtmf } from '../../audio/dtmf.js';
import { signalForText } from '../../audio/test-signal.js';
import { makeCall, ownerWithLine } from '../../../../../test/helpers/voice.js';
import { callEnded, heard, playedOut, until, useEngineApp } from '../../../../../test/helpers/voice-engine.js';

/**
 * The keypad on whole Twilio calls: the caller's `dtmf` events answer collect_keypad, and
 * send_dtmf's keys reach the line as touch tones the caller's side can decode.
 */
const e = useEngineApp();

const calm = { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200 };
const toolResult = (index: number) => {
  const messages = e.llm.requests[index]!.body.messages;
  return JSON.parse(messages.filter((m) => m.role === 'tool').at(-1)!.content!) as Record<string, unknown>;
};

async function callAsking(tools: Array<Record<string, unknown>>, ask: string) {
  const owner = await ownerWithLine(e.t, { assistant: { ...calm, tools } });
  e.deepgram.knowPhrases(ask);
  const callId = await makeCall(owner.api, owner.assistant.id);
  const caller = await e.answer(callId);
  await heard(caller, 'Hello! How can I help you today?');
  caller.say(signalForText(ask, 8_000));
  return { owner, callId, caller };
}

describe('collect_keypad', () => {
  it("speaks the model's prompt, collects the caller's keys until the stop key, and hands them to the model", async () => {
    e.llm.reply(
      { content: 'Please type your order number, then press pound.', toolCalls: [{ name: 'collect_keypad', arguments: {} }] },
      { content: 'Thank you, order 4711 is on its way.' },
    );
    const { owner, callId, caller } = await callAsking(
      [{ type: 'collect_keypad', timeout: 5, stop_key: '#' }, { type: 'end_call' }],
      'Where is my order',
    );
    await heard(caller, 'Please type your order number, then press pound.');
    const tool = e.llm.requests[0]!.body.tools!.find((t) => t.function.name === 'collect_keypad')!;
    expect(tool.function.description).toContain('finish with the pound key (#)');
    for (const key of '4711#') caller.dtmf(key);
    await heard(caller, 'Thank you, order 4711 is on its way.');
    expect(toolResult(1)).toEqual({ digits: '4711', ended_by: 'stop_key' });
    // No filler while the caller types.
    expect(e.elevenlabs.requests.map((r) => r.body.text)).toEqual([
      'Hello! How can I help you today?',
      'Please type your order number, then press pound.',
      'Thank you, order 4711 is on its way.',
    ]);
    await playedOut(caller);
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    expect(row.transcript.at(-1)).toMatchObject({
      sender: 'bot',
      text: 'Please type your order number, then press pound. Thank you, order 4711 is on its way.',
      function_calls: [{ name: 'collect_keypad', arguments: {}, result: { digits: '4711', ended_by: 'stop_key' } }],
    });
    const item = await owner.api.get(`/api/user/calls/${callId}`);
    expect(item.json().transcript.at(-1).function_calls).toEqual([
      { name: 'collect_keypad', arguments: {}, result: { digits: '4711', ended_by: 'stop_key' } },
    ]);
  });

  it('ends the collection after the tool timeout without a key, counted from the last key, with the star stop key', async () => {
    e.llm.reply(
      { content: 'Type your PIN and press star.', toolCalls: [{ name: 'collect_keypad', arguments: {} }] },
      { content: 'I only got two digits.' },
    );
    const { caller } = await callAsking([{ type: 'collect_keypad', timeout: 3, stop_key: '*' }], 'I want to log in');
    await heard(caller, 'Type your PIN and press star.');
    await until(() => e.timers.nextDueInMs() === 3_000, 'the keypad timer');
    e.timers.advance(2_000);
    caller.dtmf('1');
    caller.dtmf('#');
    // Each key starts the timeout again.
    await until(() => e.timers.nextDueInMs() === 3_000, 'the keys to arrive');
    e.timers.advance(2_999);
    expect(e.llm.requests).toHaveLength(1);
    e.timers.advance(1);
    await heard(caller, 'I only got two digits.');
    expect(toolResult(1)).toEqual({ digits: '1#', ended_by: 'timeout' });
  });
});

describe('dtmf_input', () => {
  it('send_dtmf plays the keys as touch tones after the words before them, and tells the model what was sent', async () => {
    e.llm.reply(
      { content: 'Choosing the billing menu.', toolCalls: [{ name: 'send_dtmf', arguments: { digits: '2w9#' } }] },
      { content: 'Done.' },
    );
    const { caller } = await callAsking([{ type: 'dtmf_input', description: 'Navigate phone menus' }], 'Press two for billing');
    await heard(caller, 'Done.');
    const tool = e.llm.requests[0]!.body.tools!.find((t) => t.function.name === 'send_dtmf')!;
    expect(tool.function.description).toContain('When: Navigate phone menus');
    expect(toolResult(1)).toEqual({ sent: '2w9#' });
    // Decoded from what the caller's side heard: μ-law at 8 kHz, after the greeting and the words.
    expect(detectDtmf(caller.heard(), 8_000)).toBe('29#');
  });

  it('refuses keys the keypad does not have, as a result the model reads', async () => {
    e.llm.reply({ toolCalls: [{ name: 'send_dtmf', arguments: { digits: '12x' } }] }, { content: 'Sorry about that.' });
    const { caller } = await callAsking([{ type: 'dtmf_input' }], 'Dial the extension');
    await heard(caller, 'Sorry about that.');
    expect(toolResult(1)).toEqual({ error: 'digits must be 1 to 32 of 0-9, *, #, A-D or w.' });
    expect(detectDtmf(caller.heard(), 8_000)).toBe('');
  });
});
