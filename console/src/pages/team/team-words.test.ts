import { describe, expect, it } from 'vitest';
import { canManage, expiresInWords, grantableRoles } from './team-words.js';

describe('team words', () => {
  const now = new Date('2026-01-15T10:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('says when a link expires in days, hours or minutes', () => {
    expect(expiresInWords(later(72 * 3_600_000), now)).toBe('in 3 days');
    expect(expiresInWords(later(47 * 3_600_000), now)).toBe('in 47 hours');
    expect(expiresInWords(later(90 * 60_000), now)).toBe('in 90 minutes');
    expect(expiresInWords(later(30_000), now)).toBe('in less than a minute');
    expect(expiresInWords(later(0), now)).toBe('expired');
  });

  it('offers roles up to the caller’s own, and owners only to owners', () => {
    expect(grantableRoles('owner')).toEqual(['viewer', 'editor', 'admin', 'owner']);
    expect(grantableRoles('admin')).toEqual(['viewer', 'editor', 'admin']);
    expect(grantableRoles(undefined)).toEqual([]);
    expect(canManage('admin', 'editor')).toBe(true);
    expect(canManage('admin', 'owner')).toBe(false);
    expect(canManage('owner', 'owner')).toBe(true);
    expect(canManage('editor', 'viewer')).toBe(false);
  });
});
