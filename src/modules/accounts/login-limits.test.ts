import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOGIN_MAX_FAILURES: '3', LOGIN_IP_MAX_FAILURES: '6', LOGIN_EMAIL_MAX_FAILURES: '8', LOGIN_LOCKOUT_MINUTES: '15' },
  });
});
afterAll(async () => {
  await t.close();
});

let windowNumber = 0;
/** Each test starts at the beginning of its own 15-minute window, so Retry-After is exact. */
function freshWindow() {
  windowNumber += 1;
  t.clock.set(new Date(Date.UTC(2026, 3, 1, windowNumber)).toISOString());
}

const login = (ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });
const statuses = async (ip: string, email: string, password: string, times: number) => {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await login(ip, email, password)).statusCode);
  return codes;
};

describe('login limits', () => {
  it('an attacker failing on IP X locks nothing for the owner on IP Y, however long X keeps trying', async () => {
    freshWindow();
    const owner = await createUser(t.deps);
    expect(await statuses('203.0.113.10', owner.email, 'guess', 3)).toEqual([401, 401, 401]);
    const locked = await login('203.0.113.10', owner.email, owner.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.json()).toEqual({ message: 'Too many login attempts. Please try again in 900 seconds.' });
    // Refused attempts are not counted, so hammering does not fill the account's shared count (8).
    expect(new Set(await statuses('203.0.113.10', owner.email, 'guess', 10))).toEqual(new Set([429]));

    expect((await login('198.51.100.7', owner.email, owner.password)).statusCode).toBe(200);
    // The owner's own slip on another IP is that IP's business only.
    expect((await login('198.51.100.8', owner.email, 'typo')).statusCode).toBe(401);
    expect((await login('198.51.100.8', owner.email, owner.password)).statusCode).toBe(200);
    // X stays locked until its window ends.
    expect((await login('203.0.113.10', owner.email, owner.password)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await login('203.0.113.10', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('limits failures per client IP across e-mails with 429 and Retry-After; other IPs are unaffected', async () => {
    freshWindow();
    const users = await Promise.all(Array.from({ length: 7 }, () => createUser(t.deps)));
    t.clock.advance(5 * 60_000);
    for (const user of users.slice(0, 6)) expect((await login('192.0.2.50', user.email, 'guess')).statusCode).toBe(401);
    const blocked = await login('192.0.2.50', users[6]!.email, users[6]!.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
    expect((await login('192.0.2.51', users[6]!.email, users[6]!.password)).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await login('192.0.2.50', users[6]!.email, users[6]!.password)).statusCode).toBe(200);
  });

  it("does not count successful logins against the IP, and a success does not clear the IP's failures", async () => {
    freshWindow();
    const office = await createUser(t.deps);
    expect(new Set(await statuses('192.0.2.60', office.email, office.password, 10))).toEqual(new Set([200]));

    const attacker = await createUser(t.deps);
    const victims = await Promise.all(Array.from({ length: 6 }, () => createUser(t.deps)));
    for (const victim of victims.slice(0, 5)) expect((await login('192.0.2.70', victim.email, 'guess')).statusCode).toBe(401);
    // Logging into its own account does not reset the address's count of failures on others.
    expect((await login('192.0.2.70', attacker.email, attacker.password)).statusCode).toBe(200);
    expect((await login('192.0.2.70', victims[5]!.email, 'guess')).statusCode).toBe(401);
    expect((await login('192.0.2.70', victims[5]!.email, 'guess')).statusCode).toBe(429);
  });

  it('bounds guessing spread over many IPs with the per-e-mail cap, which then holds for everyone until the window ends', async () => {
    freshWindow();
    const owner = await createUser(t.deps);
    const ips = ['100.0.0.1', '100.0.0.2', '100.0.0.3', '100.0.0.4'];
    for (const ip of ips) expect(await statuses(ip, owner.email, 'guess', 2)).toEqual([401, 401]);
    const capped = await login('100.0.0.5', owner.email, 'guess');
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBe('900');
    expect((await login('100.0.0.6', owner.email, owner.password)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await login('100.0.0.6', owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts parallel guesses from one IP exactly', async () => {
    freshWindow();
    const owner = await createUser(t.deps);
    const results = await Promise.all(Array.from({ length: 12 }, () => login('192.0.2.80', owner.email, 'guess')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
    expect((await login('192.0.2.81', owner.email, owner.password)).statusCode).toBe(200);
  });
});
