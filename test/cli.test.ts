import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { TEST_SECRET_KEY } from './helpers/test-app.js';
import { newAccountSid, startFakeTwilio } from './helpers/fakes/twilio.js';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** Runs the real CLI as a user would, on the embedded database or on PostgreSQL. */
let dataDir: string;
let database: TestDatabase | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'switchboard-cli-'));
  env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SECRET_KEY: '' };
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
    env = { ...env, DATABASE_URL: database.url, SECRET_KEY: TEST_SECRET_KEY };
  }
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  return cliWith({}, ...args);
}

async function cliWith(extraEnv: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, ['src/cli.ts', ...args], { env: { ...env, ...extraEnv } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin CLI', () => {
  it('creates a user and prints exactly one JSON object with a working key', async () => {
    const res = await cli(
      'users',
      'create',
      '--email',
      'Owner@Example.com',
      '--password',
      'pw-123456',
      '--name',
      'Owner',
      '--balance',
      '12.5',
    );
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]!);
    expect(created).toEqual({
      id: expect.any(Number),
      email: 'owner@example.com',
      name: 'Owner',
      api_key: expect.stringMatching(/^\d+\|.{43}$/),
    });

    const list = JSON.parse((await cli('users', 'list')).stdout);
    expect(list).toEqual([
      { id: created.id, email: 'owner@example.com', name: 'Owner', total_balance: 12.5, created_at: expect.any(String) },
    ]);
  }, 60_000);

  it('credits and debits, never below zero, and refuses a duplicate email', async () => {
    const credit = await cli('users', 'credit', '--email', 'owner@example.com', '--amount', '-2.5', '--reason', 'correction');
    expect(credit.code).toBe(0);
    expect(JSON.parse(credit.stdout)).toMatchObject({ email: 'owner@example.com', total_balance: 10 });

    const overdraw = await cli('users', 'credit', '--email', 'owner@example.com', '--amount', '-10.01', '--reason', 'too much');
    expect(overdraw.code).toBe(1);
    expect(overdraw.stdout).toBe('');
    expect(overdraw.stderr).toContain('The balance of owner@example.com cannot go below zero.');

    const duplicate = await cli('users', 'create', '--email', 'owner@example.com', '--password', 'x');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('The email has already been taken.');
  }, 60_000);

  it('deletes a user: one JSON line counting the revoked tokens, and a clear error for an unknown e-mail', async () => {
    const created = JSON.parse(
      (await cli('users', 'create', '--email', 'leaver@example.com', '--password', 'pw-123456', '--balance', '3')).stdout,
    );
    const res = await cli('users', 'delete', '--email', 'Leaver@Example.com');
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      id: created.id,
      email: 'leaver@example.com',
      deleted_at: expect.any(String),
      tokens_revoked: 1,
    });

    // Deleted means gone for every command: a second delete is the unknown-e-mail error.
    const again = await cli('users', 'delete', '--email', 'leaver@example.com');
    expect([again.code, again.stdout]).toEqual([1, '']);
    expect(again.stderr).toContain('No user with email leaver@example.com.');
  }, 90_000);

  it("grants and revokes the operator's power by a member's e-mail, printing one JSON line", async () => {
    const created = JSON.parse((await cli('users', 'create', '--email', 'runs-it@example.com', '--password', 'pw-123456')).stdout);
    const granted = await cli('operators', 'grant', '--email', 'Runs-It@Example.com');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout.trim().split('\n')).toHaveLength(1);
    const member = JSON.parse(granted.stdout);
    expect(member).toEqual({ id: expect.any(Number), email: 'runs-it@example.com', is_operator: true });
    const revoked = await cli('operators', 'revoke', '--email', 'runs-it@example.com');
    expect([revoked.code, JSON.parse(revoked.stdout)]).toEqual([0, { id: member.id, email: 'runs-it@example.com', is_operator: false }]);
    expect(created.id).toEqual(expect.any(Number));

    const unknown = await cli('operators', 'grant', '--email', 'nobody@example.com');
    expect([unknown.code, unknown.stdout]).toEqual([1, '']);
    expect(unknown.stderr).toContain('No member with email nobody@example.com.');
    expect((await cli('operators', 'grant')).code).toBe(64);
    expect((await cli('--help')).stderr).toContain('operators grant --email E');
  }, 120_000);

  it('explains usage errors with exit code 64', async () => {
    const res = await cli('users', 'credit', '--email', 'owner@example.com', '--amount', 'ten', '--reason', 'x');
    expect(res.code).toBe(64);
    expect(res.stderr).toContain('--amount must be a number of USD');
    expect((await cli('frobnicate')).code).toBe(64);
  }, 60_000);

  it("assigns a number of the service's own Twilio account, which must list it, and moves it only with --reassign", async () => {
    const operatorSid = newAccountSid();
    const twilio = await startFakeTwilio({ [operatorSid]: 'operator-token' });
    try {
      const withTwilio = { TWILIO_ACCOUNT_SID: operatorSid, TWILIO_AUTH_TOKEN: 'operator-token', TWILIO_API_URL: twilio.url };
      twilio.addIncomingNumber(operatorSid, '+14155550123');
      const first = JSON.parse((await cli('users', 'create', '--email', 'line-a@example.com', '--password', 'pw-123456')).stdout);
      const second = JSON.parse((await cli('users', 'create', '--email', 'line-b@example.com', '--password', 'pw-123456')).stdout);

      const assigned = await cliWith(
        withTwilio,
        'phone-numbers',
        'assign',
        '--email',
        'line-a@example.com',
        '--number',
        '+1 (415) 555-0123',
      );
      expect(assigned.code, assigned.stderr).toBe(0);
      expect(JSON.parse(assigned.stdout)).toEqual({
        id: expect.any(Number),
        email: 'line-a@example.com',
        phone_number: '+14155550123',
        claim: 'operator',
        taken_from_user_id: null,
      });
      expect(twilio.lookups().map((r) => r.path)).toEqual([
        `/2010-04-01/Accounts/${operatorSid}/IncomingPhoneNumbers.json?PhoneNumber=%2B14155550123`,
      ]);

      const held = await cliWith(withTwilio, 'phone-numbers', 'assign', '--email', 'line-b@example.com', '--number', '+14155550123');
      expect([held.code, held.stdout]).toEqual([1, '']);
      expect(held.stderr).toContain(`+14155550123 is held by user ${first.id}; assign it again with --reassign to take it from them.`);
      const moved = await cliWith(
        withTwilio,
        'phone-numbers',
        'assign',
        '--email',
        'line-b@example.com',
        '--number',
        '+14155550123',
        '--reassign',
      );
      expect(moved.code, moved.stderr).toBe(0);
      expect(JSON.parse(moved.stdout)).toMatchObject({
        email: 'line-b@example.com',
        phone_number: '+14155550123',
        taken_from_user_id: first.id,
      });
      expect(second.id).not.toBe(first.id);

      const notOurs = await cliWith(withTwilio, 'phone-numbers', 'assign', '--email', 'line-a@example.com', '--number', '+14155550999');
      expect([notOurs.code, notOurs.stdout]).toEqual([1, '']);
      expect(notOurs.stderr).toContain("The service's Twilio account has no phone number +14155550999.");
      const noTwilio = await cli('phone-numbers', 'assign', '--email', 'line-a@example.com', '--number', '+14155550123');
      expect(noTwilio.stderr).toContain('The service has no Twilio account of its own: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
      expect((await cli('phone-numbers', 'assign', '--email', 'line-a@example.com')).code).toBe(64);
    } finally {
      await twilio.close();
    }
  }, 120_000);
});
