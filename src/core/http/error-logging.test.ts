import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFor, assistantBody, createAssistant } from '../../../test/helpers/assistants.js';
import { bearer, createUser } from '../../../test/helpers/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { installErrorHandling } from './error-handler.js';
import { AppError } from './errors.js';
import type { App } from './fastify-types.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/** A pino logger at info level whose lines land in `lines`, parsed. */
function capturingLogger() {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

const WARN = 40;

describe("the error handler's log", () => {
  const { logger, lines } = capturingLogger();
  let app: App;

  beforeAll(async () => {
    app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) }) as unknown as App;
    installErrorHandling(app);
    app.get('/refused', async () => {
      throw new AppError(404, 'Thing not found');
    });
    app.get('/unavailable', async () => {
      throw new AppError(503, 'The synthesizer needs SPEECH_API_KEY to be set.', { code: 'PROVIDER_UNAVAILABLE' });
    });
    app.get('/broken', async () => {
      throw new Error('the database went away');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs nothing for a refusal the code chose', async () => {
    expect((await app.inject({ url: '/refused' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it('logs a deliberate 5xx as one warning with its reason and no stack', async () => {
    expect((await app.inject({ url: '/unavailable' })).statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: WARN,
      msg: 'request refused',
      statusCode: 503,
      code: 'PROVIDER_UNAVAILABLE',
      reason: 'The synthesizer needs SPEECH_API_KEY to be set.',
    });
    expect(lines[0]!.err).toBeUndefined();
  });

  it('logs an unexpected error as "unhandled error" with its stack, and answers a generic 500', async () => {
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'unhandled error' });
    expect(lines[0]!.err?.stack).toContain('the database went away');
  });
});

describe('ordinary refusals of the real app', () => {
  const { logger, lines } = capturingLogger();
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ logger, env: { LOGIN_MAX_FAILURES: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('write nothing at warning level or above: 400, 401, 403, 404, 422, 429', async () => {
    const owner = await createUser(t.deps);
    const api = apiFor(t, owner.token);
    const inactive = await createAssistant(api);
    lines.length = 0;
    const json = { 'content-type': 'application/json' };
    const answers = [
      await t.app.inject({ url: '/api/user/me' }),
      await t.app.inject({ url: '/api/user/me', headers: bearer('1|not-a-key') }),
      await api.get('/api/user/assistant/999999'),
      await t.app.inject({ url: '/api/no-such-route' }),
      await api.post('/api/user/assistant', { ...assistantBody(), voice_id: 999_999 }),
      await t.app.inject({ method: 'POST', url: '/api/user/api-keys', headers: { ...bearer(owner.token), ...json }, payload: '{"name":' }),
      await t.app.inject({ method: 'POST', url: '/api/conversations', headers: json, payload: { assistant_id: inactive.uuid } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: json,
        payload: { email: owner.email, password: 'wrong password' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: json,
        payload: { email: owner.email, password: 'wrong password' },
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 404, 404, 422, 400, 403, 401, 429]);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);

    // This server has no speech provider: a browser call is refused with 503, for the operator to read once.
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/calls/web',
      headers: { ...bearer(owner.token), ...json },
      payload: { assistant_id: inactive.uuid },
    });
    expect(call.statusCode).toBe(503);
    expect(lines.map(({ level, msg, reason, err }) => ({ level, msg, reason, err }))).toEqual([
      { level: WARN, msg: 'request refused', reason: call.json().error, err: undefined },
    ]);
  });
});
