import { describe, expect, it } from 'vitest';
import { rememberReturnPath, sessionOf, takeReturnPath, tokenFromFragment } from './single-sign-on.js';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('coming back from single sign-on', () => {
  it('takes the session token from the fragment the server sent', () => {
    const token = '42|abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456-_';
    expect(tokenFromFragment(`#token=${encodeURIComponent(token)}`)).toBe(token);
    expect(tokenFromFragment(`#token=${token}`)).toBe(token);
    for (const hash of ['', '#', '#token=', '#token=not-a-token', '#other=1', '#token=42|short', `#token=x${token}`]) {
      expect(tokenFromFragment(hash), hash).toBeNull();
    }
  });

  it('returns to the page the person came from, once, and only inside the console', () => {
    const store = memoryStore();
    rememberReturnPath('/assistants/7?tab=voice', store);
    expect(takeReturnPath(store)).toBe('/assistants/7?tab=voice');
    expect(takeReturnPath(store)).toBeUndefined();
    store.setItem('switchboard.sign-in-return', '//evil.example');
    expect(takeReturnPath(store)).toBeUndefined();
    rememberReturnPath('/calls', store);
    rememberReturnPath(undefined, store);
    expect(store.values.size).toBe(0);
  });

  it("keeps the signed-in member's name and e-mail, like a password sign-in", () => {
    const me = { id: 3, name: 'Acme', email: 'owner@acme.example', member: { name: 'Ada', email: 'ada@acme.example' } };
    expect(sessionOf('3|x', me)).toEqual({ token: '3|x', expiresAt: null, user: { id: 3, name: 'Ada', email: 'ada@acme.example' } });
    expect(sessionOf('3|x', { ...me, member: null }).user).toEqual({ id: 3, name: 'Acme', email: 'owner@acme.example' });
  });
});
