import { describe, expect, it } from 'vitest';
import { detectDtmf } from '../../audio/dtmf.js';
import { containsSignalForText } from '../../audio/test-signal.js';
import type { FakeRealtimeConnection } from '../../../../../test/helpers/fakes/realtime.js';
import { useRealtimePhoneApp } from '../../../../../test/helpers/realtime-phone.js';
import { callEnded, heard, playedOut, until } from '../../../../../test/helpers/voice-engine.js';

/**
 * The keypad on realtime phone calls: the fake Realtime server calls collect_keypad / send_dtmf,
 * the fake Twilio caller types keys (`dtmf` events) and decodes the touch tones it heard.
 */
const { e, greetedCall } = useRealtimePhoneApp();

const outputs = (model: FakeRealtimeConnection) =>
  model.events.filter((ev) => ev.type === 'conversation.item.create').map((ev) => ev.item as Record<string, unknown>);
const toolNames = (model: FakeRealtimeConnection) =>
  (model.events.find((ev) => ev.type === 'session.update')!.session as { tools: Array<{ name: string }> }).tools.map((t) => t.name);

describe('collect_keypad on the realtime engine', () => {
  it("collects the caller's keys until the stop key and answers the function with them", async () => {
    const { callId, caller, model } = await greetedCall({ tools: [{ type: 'collect_keypad', timeout: 5, stop_key: '#' }] });
    expect(toolNames(model)).toContain('collect_keypad');
    model.speak('Please type your order number, then press pound.');
    model.functionCall('collect_keypad', {}, 'call_k1');
    await heard(caller, 'Please type your order number, then press pound.');
    // The collection waits for keys: nothing is answered yet.
    await until(() => e.timers.nextDueInMs() === 5_000, 'the keypad timer');
    expect(outputs(model)).toEqual([]);
    for (const key of '4711#') caller.dtmf(key);
    await model.waitFor('conversation.item.create');
    expect(outputs(model)).toEqual([
      { type: 'function_call_output', call_id: 'call_k1', output: '{"digits":"4711","ended_by":"stop_key"}' },
    ]);
    // The function output is followed by a request for the model's answer.
    await model.waitFor('response.create', 2);
    model.speak('Thank you, order 4711 is on its way.');
    await heard(caller, 'Thank you, order 4711 is on its way.');
    await playedOut(caller);
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    expect(row.transcript.at(-1)).toMatchObject({
      sender: 'bot',
      text: 'Thank you, order 4711 is on its way.',
      function_calls: [{ name: 'collect_keypad', arguments: {}, result: { digits: '4711', ended_by: 'stop_key' } }],
    });
  });

  it('ends the collection after the timeout without a key, counted again from each key', async () => {
    const { caller, model } = await greetedCall({ tools: [{ type: 'collect_keypad', timeout: 3, stop_key: '*' }] });
    model.functionCall('collect_keypad', {}, 'call_k2');
    await until(() => e.timers.nextDueInMs() === 3_000, 'the keypad timer');
    e.timers.advance(2_000);
    caller.dtmf('1');
    caller.dtmf('#');
    await until(() => e.timers.nextDueInMs() === 3_000, 'the keys to arrive');
    e.timers.advance(2_999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outputs(model)).toEqual([]);
    e.timers.advance(1);
    await model.waitFor('conversation.item.create');
    expect(outputs(model)).toEqual([{ type: 'function_call_output', call_id: 'call_k2', output: '{"digits":"1#","ended_by":"timeout"}' }]);
  });
});

describe('send_dtmf on the realtime engine', () => {
  it('plays the keys as touch tones after the answer audio before them and answers the function', async () => {
    const { caller, model } = await greetedCall({ tools: [{ type: 'dtmf_input', description: 'Navigate phone menus' }] });
    expect(toolNames(model)).toContain('send_dtmf');
    const before = caller.heard().length;
    model.speak('Choosing the billing menu.');
    model.functionCall('send_dtmf', { digits: '2w9#' }, 'call_d1');
    await model.waitFor('conversation.item.create');
    expect(outputs(model)).toEqual([{ type: 'function_call_output', call_id: 'call_d1', output: '{"sent":"2w9#"}' }]);
    // Decoded from what the caller's side heard: μ-law at 8 kHz.
    await until(() => detectDtmf(caller.heard(), 8_000) === '29#', 'the touch tones to play');
    // In order: the words are complete before the first tone.
    const heardNow = caller.heard().subarray(before);
    const firstTone = firstToneSample(heardNow);
    expect(firstTone).toBeGreaterThan(0);
    expect(containsSignalForText(heardNow.subarray(0, firstTone), 8_000, 'Choosing the billing menu.')).toBe(true);
  });

  it('refuses keys the keypad does not have, as an output the model reads, and plays nothing', async () => {
    const { caller, model } = await greetedCall({ tools: [{ type: 'dtmf_input' }] });
    model.functionCall('send_dtmf', { digits: '12x' }, 'call_d2');
    await model.waitFor('conversation.item.create');
    expect(outputs(model)).toEqual([
      { type: 'function_call_output', call_id: 'call_d2', output: '{"error":"digits must be 1 to 32 of 0-9, *, #, A-D or w."}' },
    ]);
    expect(detectDtmf(caller.heard(), 8_000)).toBe('');
  });
});

/** The first sample of the first 20 ms window where a touch tone is detected (-1: none). */
function firstToneSample(samples: Int16Array): number {
  for (let i = 0; i + 800 <= samples.length; i += 160) if (detectDtmf(samples.subarray(0, i + 800), 8_000) !== '') return i;
  return -1;
}
