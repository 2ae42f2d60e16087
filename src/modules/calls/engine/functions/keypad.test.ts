import { describe, expect, it } from 'vitest';
import { manualTimers } from '../../../../../test/helpers/manual-timers.js';
import { KeypadInput } from './keypad.js';

describe('KeypadInput', () => {
  it('collects until the stop key, which is not part of the digits', async () => {
    const m = manualTimers();
    const keypad = new KeypadInput(m.timers);
    const result = keypad.collect({ stopKey: '#', timeoutMs: 5_000 });
    for (const key of '4711#') keypad.press(key);
    await expect(result).resolves.toEqual({ digits: '4711', ended_by: 'stop_key' });
    expect(keypad.collecting).toBe(false);
    expect(m.pendingCount()).toBe(0);
  });

  it('times out after the timeout without a key, counted again from each key', async () => {
    const m = manualTimers();
    const keypad = new KeypadInput(m.timers);
    let settled: unknown = null;
    void keypad.collect({ stopKey: '*', timeoutMs: 3_000 }).then((r) => (settled = r));
    m.advance(2_900);
    keypad.press('1');
    m.advance(2_900);
    keypad.press('#');
    m.advance(2_900);
    await Promise.resolve();
    expect(settled).toBeNull();
    m.advance(100);
    await Promise.resolve();
    expect(settled).toEqual({ digits: '1#', ended_by: 'timeout' });
  });

  it('counts keys typed ahead of the prompt, forgets them on a new caller turn, ignores non-keys', async () => {
    const m = manualTimers();
    const keypad = new KeypadInput(m.timers);
    keypad.press('9');
    keypad.press('x');
    keypad.press('8');
    const first = keypad.collect({ stopKey: '#', timeoutMs: 1_000 });
    keypad.press('#');
    await expect(first).resolves.toEqual({ digits: '98', ended_by: 'stop_key' });
    keypad.press('5');
    keypad.forgetTypeAhead();
    const next = keypad.collect({ stopKey: '#', timeoutMs: 1_000 });
    keypad.cancel();
    await expect(next).resolves.toEqual({ digits: '', ended_by: 'cancelled' });
  });

  it('a typed-ahead stop key ends the collection at once', async () => {
    const keypad = new KeypadInput(manualTimers().timers);
    for (const key of '12#') keypad.press(key);
    await expect(keypad.collect({ stopKey: '#', timeoutMs: 1_000 })).resolves.toEqual({ digits: '12', ended_by: 'stop_key' });
  });

  it('starts the timeout when the prompt has been heard; keys during the prompt count', async () => {
    const m = manualTimers();
    const keypad = new KeypadInput(m.timers);
    let promptHeard!: () => void;
    const promptPlayed = new Promise<void>((resolve) => (promptHeard = resolve));
    let settled: unknown = null;
    void keypad.collect({ stopKey: '#', timeoutMs: 3_000, promptPlayed }).then((r) => (settled = r));
    keypad.press('7');
    m.advance(10_000);
    await Promise.resolve();
    expect(settled).toBeNull();
    expect(m.pendingCount()).toBe(0);
    promptHeard();
    await promptPlayed;
    await Promise.resolve();
    m.advance(2_900);
    await Promise.resolve();
    expect(settled).toBeNull();
    m.advance(100);
    await Promise.resolve();
    expect(settled).toEqual({ digits: '7', ended_by: 'timeout' });
  });
});
