import { describe, expect, it } from 'vitest';
import { parseApiTime, secondsBetween } from './format.js';

describe('times as the API writes them', () => {
  it('reads list-style times as UTC and ISO times as they say', () => {
    expect(parseApiTime('2026-01-15 10:00:00').toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(parseApiTime('2026-01-15T10:00:00.000000Z').toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(parseApiTime('2026-01-15T12:00:00+02:00').toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });

  it('counts whole seconds between two of them, none when one is missing', () => {
    expect(secondsBetween('2026-01-15 10:00:00', '2026-01-15 10:01:05')).toBe(65);
    expect(secondsBetween('2026-01-15 10:00:00', null)).toBeNull();
  });
});
