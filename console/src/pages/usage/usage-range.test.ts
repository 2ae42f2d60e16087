import { describe, expect, it } from 'vitest';
import { defaultRange, localDay } from './usage-range.js';

describe('the usage page range', () => {
  it('is the last 30 days, today included, in local days', () => {
    expect(defaultRange(new Date(2026, 2, 15, 23, 30))).toEqual(['2026-02-14', '2026-03-15']);
    expect(defaultRange(new Date(2026, 0, 5))).toEqual(['2025-12-07', '2026-01-05']);
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
