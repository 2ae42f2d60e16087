import { describe, expect, it } from 'vitest';
import { windowInWords } from './chat-window.js';

describe('windowInWords', () => {
  it('counts hours, then minutes, and says when a closed window opens again', () => {
    expect(windowInWords({ is_open: true, minutes_remaining: 1439, message: '' })).toBe('You can write freely for 23 more hours.');
    expect(windowInWords({ is_open: true, minutes_remaining: 60, message: '' })).toBe('You can write freely for 1 more hour.');
    expect(windowInWords({ is_open: true, minutes_remaining: 1, message: '' })).toBe('You can write freely for 1 more minute.');
    expect(windowInWords({ is_open: false, message: '' })).toBe('You can answer again once the customer writes.');
  });
});
