import { describe, expect, it } from 'vitest';
import { currentReturnPath, safeReturnPath } from './return-path.js';

describe('the page to return to after sign-in', () => {
  it('accepts only a path of this console', () => {
    expect(safeReturnPath('/assistants/7?tab=basics')).toBe('/assistants/7?tab=basics');
    for (const value of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'assistants',
      '/sign-in',
      '/sign-in?redirect=%2F',
      42,
      undefined,
    ]) {
      expect(safeReturnPath(value)).toBeUndefined();
    }
  });

  it('is the address without the /app base', () => {
    expect(currentReturnPath({ pathname: '/app/account', search: '?page=2' })).toBe('/account?page=2');
    expect(currentReturnPath({ pathname: '/app', search: '' })).toBe('/');
  });
});
