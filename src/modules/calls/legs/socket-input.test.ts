import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalForText } from '../audio/test-signal.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database.js';
import { startFakeDeepgram } from '../../../../test/helpers/fakes/deepgram.js';
import { startFakeElevenLabs } from '../../../../test/helpers/fakes/elevenlabs.js';
import { startFakeOpenAi } from '../../../../test/helpers/fakes/openai.js';
import { connectFakeCaller, newAccountSid, signTwilio, startFakeTwilio, type FakeCaller } from '../../../../test/helpers/fakes/twilio.js';
import { connectRaw, OPCODE, type RawWebSocket } from '../../../../test/helpers/raw-websocket.js';
import { startServerProcess, type ServerProcess } from '../../../../test/helpers/server-process.js';
import { TEST_SECRET_KEY } from '../../../../test/helpers/test-app.js';
import { heard, until } from '../../../../test/helpers/voice-engine.js';
import { assistantBody } from '../../../../test/helpers/assistants.js';

/**
 * Every malformed input a peer can send on each call leg's WebSocket, against a real server
 * process, while one phone call runs on it the whole time: each bad socket is closed alone
 * (with the close code and reason asserted, and the reason logged), the process stays up, and
 * the running call still hears the caller and answers before it ends normally.
 */
const PUBLIC_HOST = 'voice.switchboard.test';
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const TWILIO_PATH = '/api/voice/twilio/stream';
const TWILIO_LIMIT = 64 * 1024;
const WEB_LIMIT = 256 * 1024;

let server: ServerProcess;
let database: TestDatabase | undefined;
let dataDir: string;
let stopFakes: () => Promise<void>;
let accountSid: string;
let authToken: string;
let apiKey: string;
let assistantId: number;
let assistantUuid: string;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let healthy: FakeCaller;
let healthyCallId: number;
let llm: Awaited<ReturnType<typeof startFakeOpenAi>>;
const port = () => Number(new URL(server.url).port);

async function api(method: string, path: string, body?: unknown, token = apiKey) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function alive(): Promise<void> {
  expect(server.process.exitCode).toBeNull();
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
}

/** A phone call placed through the server; resolves its id and the CallSid the fake Twilio gave it. */
async function placeCall(): Promise<{ callId: number; callSid: string }> {
  const res = await api('POST', '/api/user/make_call', { phone_number: '+14155550199', assistant_id: assistantId });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const callId = res.json.call_id as number;
  const create = twilio.creates().find((c) => String(c.form.Twiml).includes(`value="${callId}"`))!;
  return { callId, callSid: create.sid! };
}

const twilioSocket = () =>
  connectRaw({
    port: port(),
    path: TWILIO_PATH,
    headers: { 'x-twilio-signature': signTwilio(authToken, `wss://${PUBLIC_HOST}${TWILIO_PATH}`) },
  });

/** A Twilio media stream that has sent connected and start for a live call, and heard the greeting begin. */
async function startedStream(): Promise<RawWebSocket> {
  const { callId, callSid } = await placeCall();
  const socket = await twilioSocket();
  socket.sendJson({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  socket.sendJson({
    event: 'start',
    sequenceNumber: '1',
    streamSid: 'MZ1',
    start: { accountSid, streamSid: 'MZ1', callSid, tracks: ['inbound'], customParameters: { call_id: String(callId) } },
  });
  await socket.waitForFrame((f) => f.opcode === OPCODE.text && f.payload.toString().includes('"media"'));
  return socket;
}

async function webCallUrl(): Promise<string> {
  const res = await api('POST', '/api/calls/web', { assistant_id: assistantUuid });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const url = new URL(res.json.websocket_url);
  return `${url.pathname}${url.search}`;
}

const webSocket = async () => connectRaw({ port: port(), path: await webCallUrl() });

/** A browser call socket whose call is attached: its greeting's audio has begun to arrive. */
async function attachedWebCall(): Promise<RawWebSocket> {
  const socket = await webSocket();
  await socket.waitForFrame((f) => f.opcode === OPCODE.binary);
  return socket;
}

interface Variant {
  name: string;
  send(socket: RawWebSocket): void;
}

const invalidUtf8 = Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
const VARIANTS: Record<string, Variant> = {
  invalidJson: { name: 'invalid JSON', send: (s) => s.sendFrame(OPCODE.text, '{"event": "media", oops') },
  notAnObject: { name: 'JSON that is not an object', send: (s) => s.sendFrame(OPCODE.text, '[1, "two", null]') },
  binary: { name: 'a binary frame', send: (s) => s.sendFrame(OPCODE.binary, Buffer.from([1, 2, 3])) },
  unknownEvent: { name: 'an unknown event', send: (s) => s.sendJson({ event: 'surprise', type: 'surprise', streamSid: 'MZ1' }) },
  wrongTypes: {
    name: 'fields of the wrong type',
    send: (s) => s.sendJson({ event: 'media', type: 'dtmf', digit: 7, media: { payload: 12, timestamp: {} }, start: [] }),
  },
  huge: { name: 'a frame over the size limit', send: (s) => s.sendFrame(OPCODE.text, `"${'x'.repeat(WEB_LIMIT + 10)}"`) },
  invalidUtf8: { name: 'invalid UTF-8 in a text frame', send: (s) => s.sendFrame(OPCODE.text, invalidUtf8) },
  badOpcode: { name: 'a reserved opcode', send: (s) => s.sendFrame(OPCODE.reserved, Buffer.from('x')) },
};

const closedWith = (code: number, reason: string) => ({ code, reason });
const STAYS_OPEN = null;

/** What each leg answers to each variant: a close code and reason, or STAYS_OPEN (input the leg may ignore). */
const TWILIO_BEFORE_START = {
  invalidJson: closedWith(1007, 'a text message must be a JSON object'),
  notAnObject: closedWith(1007, 'a text message must be a JSON object'),
  binary: closedWith(1003, 'a media stream carries JSON text messages only'),
  unknownEvent: closedWith(1008, "expected Twilio's connected and start messages"),
  wrongTypes: closedWith(1008, "expected Twilio's connected and start messages"),
  huge: closedWith(1009, `message larger than ${TWILIO_LIMIT} bytes`),
  invalidUtf8: closedWith(1007, 'invalid UTF-8 in a text message'),
  badOpcode: closedWith(1002, 'WebSocket protocol error'),
};
const TWILIO_AFTER_START = { ...TWILIO_BEFORE_START, unknownEvent: STAYS_OPEN, wrongTypes: STAYS_OPEN };
const WEB = {
  invalidJson: closedWith(1007, 'a text message must be a JSON object'),
  notAnObject: closedWith(1007, 'a text message must be a JSON object'),
  binary: STAYS_OPEN,
  unknownEvent: STAYS_OPEN,
  wrongTypes: STAYS_OPEN,
  huge: closedWith(1009, `message larger than ${WEB_LIMIT} bytes`),
  invalidUtf8: closedWith(1007, 'invalid UTF-8 in a text message'),
  badOpcode: closedWith(1002, 'WebSocket protocol error'),
};

beforeAll(async () => {
  accountSid = newAccountSid();
  authToken = `token-${accountSid.slice(2, 10)}`;
  twilio = await startFakeTwilio({ [accountSid]: authToken });
  const deepgram = await startFakeDeepgram({ apiKey: 'dg-key' });
  const elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-key' });
  llm = await startFakeOpenAi();
  stopFakes = async () => void (await Promise.all([twilio.close(), deepgram.close(), elevenlabs.close(), llm.close()]));
  deepgram.knowPhrases('Are you still there?');
  dataDir = mkdtempSync(join(tmpdir(), 'switchboard-sockets-'));
  if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_URL: twilio.url,
    VOICE_PRICE_PER_MINUTE_USD: '0.12',
    DEEPGRAM_API_KEY: 'dg-key',
    DEEPGRAM_API_URL: deepgram.baseUrl,
    ELEVENLABS_API_KEY: 'xi-key',
    ELEVENLABS_API_URL: elevenlabs.baseUrl,
    LLM_BASE_URL: llm.baseUrl,
    LLM_MAX_RETRIES: '0',
  };
  const created = await promisify(execFile)(
    TSX,
    ['src/cli.ts', 'users', 'create', '--email', 'owner@example.com', '--password', 'pw-123456', '--balance', '20'],
    { env: { ...process.env, ...env } },
  );
  apiKey = JSON.parse(created.stdout).api_key;
  server = await startServerProcess(env, true);
  const line = await api('POST', '/api/user/phone-numbers', { phone_number: '+14155550100' });
  expect(line.status, JSON.stringify(line.json)).toBe(201);
  const assistant = await api(
    'POST',
    '/api/user/assistant',
    assistantBody({
      phone_number_id: line.json.data.id,
      reengagement_interval: 600,
      max_silence_duration: 360,
      max_duration: 1200,
    }),
  );
  expect(assistant.status, JSON.stringify(assistant.json)).toBe(201);
  assistantId = assistant.json.data.id;
  assistantUuid = assistant.json.data.uuid;

  // The call that runs through everything below.
  const placed = await placeCall();
  healthyCallId = placed.callId;
  healthy = await connectFakeCaller({
    port: port(),
    publicHost: PUBLIC_HOST,
    authToken,
    accountSid,
    callSid: placed.callSid,
    callId: placed.callId,
  });
  healthy.start();
  await heard(healthy, 'Hello! How can I help you today?', 15_000);
}, 240_000);

afterAll(async () => {
  healthy?.close();
  await server?.stop();
  await stopFakes?.();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const logLine = (expected: { code: number; reason: string }) => `"closeCode":${expected.code},"closeReason":"${expected.reason}"`;
const timesLogged = (line: string) => server.output().split(line).length - 1;

/** Sends a variant and checks the answer: the close (and one more log line giving its reason), or a socket still open. */
async function expectAnswer(
  socket: RawWebSocket,
  variant: Variant,
  expected: { code: number; reason: string } | null,
  label: string,
): Promise<void> {
  const loggedBefore = expected === STAYS_OPEN ? 0 : timesLogged(logLine(expected));
  variant.send(socket);
  if (expected === STAYS_OPEN) {
    // Given time to act on it, the socket is still open and still answers a ping.
    socket.sendFrame(OPCODE.ping, 'still there?');
    await socket.waitForFrame((f) => f.opcode === 0xa && f.payload.toString() === 'still there?');
    expect(socket.isClosed(), label).toBe(false);
    socket.sendFrame(OPCODE.close, Buffer.from([0x03, 0xe8]));
    return;
  }
  expect(await socket.closed, label).toEqual(expected);
  // The log line may reach the process's stdout a moment after the close frame reached us.
  await until(() => timesLogged(logLine(expected)) > loggedBefore, `${label}: the log line ${logLine(expected)}`);
}

describe('malformed input on every call socket, with a call running on the same process', () => {
  for (const [key, variant] of Object.entries(VARIANTS)) {
    it(`Twilio media stream, ${variant.name}: before start and after start`, async () => {
      const before = await twilioSocket();
      expect(before.status).toBe(101);
      await expectAnswer(before, variant, TWILIO_BEFORE_START[key as keyof typeof TWILIO_BEFORE_START], 'before start');
      await alive();

      const after = await startedStream();
      await expectAnswer(after, variant, TWILIO_AFTER_START[key as keyof typeof TWILIO_AFTER_START], 'after start');
      await alive();
    }, 60_000);

    it(`browser call socket, ${variant.name}: at once on open and after the call is attached`, async () => {
      const before = await webSocket();
      expect(before.status).toBe(101);
      await expectAnswer(before, variant, WEB[key as keyof typeof WEB], 'before attach');
      await alive();

      const after = await attachedWebCall();
      await expectAnswer(after, variant, WEB[key as keyof typeof WEB], 'after attach');
      await alive();
    }, 60_000);
  }

  it('a connection reset during the upgrade check, right after the handshake, and mid-call, on both legs', async () => {
    const signature = signTwilio(authToken, `wss://${PUBLIC_HOST}${TWILIO_PATH}`);
    await connectRaw({ port: port(), path: TWILIO_PATH, headers: { 'x-twilio-signature': signature }, resetAfterRequest: true });
    await connectRaw({ port: port(), path: await webCallUrl(), resetAfterRequest: true });
    await alive();
    (await twilioSocket()).reset();
    (await webSocket()).reset();
    await alive();
    (await startedStream()).reset();
    (await attachedWebCall()).reset();
    await alive();
  }, 60_000);

  it('the call that ran through all of it still hears the caller, answers, and ends normally', async () => {
    expect(healthy.isClosed()).toBe(false);
    llm.reply({ content: 'Yes, I am here.' });
    healthy.say(signalForText('Are you still there?', 8_000));
    await heard(healthy, 'Yes, I am here.', 15_000);
    healthy.hangUp();
    const row = await until(
      async () => {
        const call = (await api('GET', `/api/user/calls/${healthyCallId}`)).json;
        return call.status !== 'in-progress' && call;
      },
      'the call to end',
      15_000,
    );
    expect(row).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
    await alive();
    // Every log line the checks above counted is still in the captured output (it keeps the last 20,000 characters).
    expect(server.output().length).toBeLessThan(20_000);
  }, 60_000);
});
