import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { decodeMulaw, encodeMulaw } from '../../../src/modules/calls/audio/g711.js';
import { createFakeMessages, type TwilioWebhook } from './twilio-messages.js';
import { createFakeNumbers, type StockNumber } from './twilio-numbers.js';
import { createFakeSip } from './twilio-sip.js';

/**
 * Twilio's side of a voice call, for tests: a fake REST API on 127.0.0.1, request signing exactly
 * as Twilio does it (written here independently of the production code), and a fake caller that
 * opens the media-stream WebSocket the way Twilio does.
 */

export const hex32 = () => randomBytes(16).toString('hex');
export const newAccountSid = () => `AC${hex32()}`;
export const newCallSid = () => `CA${hex32()}`;

export type Form = Record<string, string | string[]>;

/** Twilio's algorithm: URL + each key and value (keys sorted, array values sorted), HMAC-SHA1, base64. */
export function signTwilio(authToken: string, url: string, params: Form = {}): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key]!;
    for (const item of Array.isArray(value) ? [...new Set(value)].sort() : [value]) data += key + item;
  }
  return createHmac('sha1', authToken).update(data).digest('base64');
}

export function formBody(params: Form): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  return body.toString();
}

export interface TwilioRestRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Form;
  /** The SID a successful create answered with. */
  sid?: string;
}

/** Twilio's error bodies, as its API answers them. */
export const twilioErrors = {
  authenticate: {
    code: 20003,
    detail: 'Your AccountSid or AuthToken was incorrect.',
    message: 'Authenticate',
    more_info: 'https://www.twilio.com/docs/errors/20003',
    status: 401,
  },
  notFound: (path: string) => ({
    code: 20404,
    message: `The requested resource ${path.split('?')[0]} was not found`,
    more_info: 'https://www.twilio.com/docs/errors/20404',
    status: 404,
  }),
};

export type AccountStatus = 'active' | 'suspended' | 'closed';

/** The Account resource (GET /2010-04-01/Accounts/{sid}.json), as Twilio answers it. */
function accountResource(sid: string, authToken: string, status: AccountStatus) {
  return {
    auth_token: authToken,
    date_created: 'Thu, 01 Jan 2026 10:00:00 +0000',
    date_updated: 'Thu, 01 Jan 2026 10:00:00 +0000',
    friendly_name: `Account ${sid.slice(2, 8)}`,
    owner_account_sid: sid,
    sid,
    status,
    type: 'Full',
    uri: `/2010-04-01/Accounts/${sid}.json`,
    subresource_uris: {
      calls: `/2010-04-01/Accounts/${sid}/Calls.json`,
      incoming_phone_numbers: `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers.json`,
    },
  };
}

/**
 * The REST API for the accounts it knows, with Basic auth checked: create and update calls,
 * fetch an account, and its phone numbers (twilio-numbers.ts: numbers for sale, and the
 * account's own, listed as Twilio filters PhoneNumber: a number containing the filter's digits).
 */
export async function startFakeTwilio(accounts: Record<string, string>, options: { stock?: StockNumber[] } = {}) {
  const requests: TwilioRestRequest[] = [];
  const statuses = new Map<string, AccountStatus>();
  const numbers = createFakeNumbers(options.stock);
  const messages = createFakeMessages(numbers);
  let failNext: { status: number; body: Record<string, unknown> } | null = null;
  const sip = createFakeSip();
  const pathFailures: Array<{ matches: (path: string) => boolean; answer: { status: number; body: Record<string, unknown> } }> = [];
  /** What happens to the next requests' connections: dropped unanswered, or dropped once answered. */
  const connectionFailures: Array<'drop' | 'lose-answer'> = [];
  const updateListeners: Array<(callSid: string, form: Form) => void> = [];

  /** The account a request authenticates as, or null when Twilio would not accept it. */
  function authenticated(req: IncomingMessage, sid: string): boolean {
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    return user === sid && Object.hasOwn(accounts, sid) && accounts[sid] === pass;
  }

  /** The queued failure for this request, if any: the next one, or the next matching a path. */
  function takeFailure(path: string) {
    const index = pathFailures.findIndex((f) => f.matches(path));
    if (index !== -1) return pathFailures.splice(index, 1)[0]!.answer;
    const failure = failNext;
    failNext = null;
    return failure;
  }

  /** voice.twilio.com/v1: BYOC trunks, authenticated by the account's SID and token. */
  function answerVoice(req: IncomingMessage, url: URL, record: TwilioRestRequest) {
    const sid = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')[0]!;
    if (!authenticated(req, sid)) return { status: 401, body: twilioErrors.authenticate };
    const failure = takeFailure(url.pathname);
    if (failure) return failure;
    const answered = sip.answerVoice(req.method ?? '', sid, url.pathname, record.form);
    if (answered?.status === 201 && answered.body) record.sid = String(answered.body.sid);
    return answered ?? { status: 404, body: twilioErrors.notFound(record.path) };
  }

  function answer(req: IncomingMessage, record: TwilioRestRequest): { status: number; body: Record<string, unknown> | null } {
    const url = new URL(record.path, 'http://twilio.test');
    if (url.pathname.startsWith('/v1/')) return answerVoice(req, url, record);
    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/Calls\.json|\/Calls\/(CA[0-9a-f]{32})\.json|\/.+)$/.exec(
      url.pathname,
    );
    const route = match && `${req.method} ${match[2]!.replace(/CA[0-9a-f]{32}/, '{sid}')}`;
    const isSip = match?.[2]?.startsWith('/SIP/') ?? false;
    const known =
      route &&
      (['GET .json', 'POST /Calls.json', 'POST /Calls/{sid}.json'].includes(route) ||
        numbers.handles(url.pathname) ||
        messages.handles(url.pathname) ||
        isSip);
    if (!match || !known) return { status: 404, body: twilioErrors.notFound(record.path) };
    const sid = match[1]!;
    if (!authenticated(req, sid)) return { status: 401, body: twilioErrors.authenticate };
    const failure = takeFailure(url.pathname);
    if (failure) return failure;
    if (isSip) {
      const answered = sip.answerApi(req.method ?? '', sid, match[2]!.slice('/SIP'.length), record.form, url.pathname);
      if (answered?.status === 201 && answered.body) record.sid = String(answered.body.sid);
      return answered ?? { status: 404, body: twilioErrors.notFound(record.path) };
    }
    if (route === 'GET .json') return { status: 200, body: accountResource(sid, accounts[sid]!, statuses.get(sid) ?? 'active') };
    const numbersAnswer = numbers.answer(req.method ?? '', sid, url.pathname, url, record.form);
    if (numbersAnswer) {
      if (numbersAnswer.status === 201 && numbersAnswer.body) record.sid = String(numbersAnswer.body.sid);
      return numbersAnswer;
    }
    const messagesAnswer = messages.answer(req.method ?? '', sid, url.pathname, record.form);
    if (messagesAnswer) {
      if (messagesAnswer.status === 201 && messagesAnswer.body) record.sid = String(messagesAnswer.body.sid);
      return messagesAnswer;
    }
    if (!route.startsWith('POST /Calls')) return { status: 404, body: twilioErrors.notFound(record.path) };
    const callSid = match[3];
    if (callSid) {
      for (const listener of updateListeners) listener(callSid, record.form);
      return { status: 200, body: { sid: callSid, status: record.form.Status === 'completed' ? 'completed' : 'in-progress' } };
    }
    record.sid = newCallSid();
    return {
      status: 201,
      body: { sid: record.sid, account_sid: sid, status: 'queued', direction: 'outbound-api', to: record.form.To, from: record.form.From },
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString())) {
        const existing = form[key];
        form[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
      const record: TwilioRestRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, form };
      requests.push(record);
      const failure = connectionFailures.shift();
      if (failure === 'drop') return req.socket.destroy();
      const { status, body } = answer(req, record);
      if (failure === 'lose-answer') return req.socket.destroy();
      if (body === null) return res.writeHead(status).end();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    creates: () => requests.filter((r) => r.path.endsWith('/Calls.json')),
    updates: () => requests.filter((r) => /\/Calls\/CA[0-9a-f]{32}\.json$/.test(r.path)),
    /** Account fetches and number lookups, the checks of a registration. */
    lookups: () => requests.filter((r) => r.method === 'GET' && !r.path.includes('/AvailablePhoneNumbers/')),
    /** Searches of numbers for sale, with their query. */
    searches: () => requests.filter((r) => r.path.includes('/AvailablePhoneNumbers/')),
    /** Purchases (IncomingPhoneNumbers creates), answered or refused. */
    purchases: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/IncomingPhoneNumbers.json')),
    /** Numbers given back (IncomingPhoneNumbers deletes). */
    releases: () => requests.filter((r) => r.method === 'DELETE' && r.path.includes('/IncomingPhoneNumbers/')),
    numbers,
    /** SIP trunking: BYOC trunks, SIP domains and what authorizes their calls. */
    sip,
    /** BYOC trunk and SIP resource requests (creates, updates, deletes), in order. */
    sipRequests: () => requests.filter((r) => r.path.startsWith('/v1/') || r.path.includes('/SIP/')),
    /** SMS sent (Messages creates), answered or refused. */
    smsRequests: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json')),
    messages,
    /** A webhook about messages (messages.statusCallback, messages.inbound) signed as Twilio signs it, with the account's token. */
    sign(webhook: TwilioWebhook): TwilioWebhook & { signature: string } {
      const token = accounts[webhook.accountSid];
      if (token === undefined) throw new Error(`unknown account ${webhook.accountSid}`);
      return { ...webhook, signature: signTwilio(token, webhook.url, webhook.params) };
    },
    failNext(status: number, body: Record<string, unknown>) {
      failNext = { status, body };
    },
    /** The next authenticated request whose path matches is answered with this failure. */
    failOn(path: RegExp, status: number, body: Record<string, unknown>) {
      pathFailures.push({ matches: (candidate) => path.test(candidate), answer: { status, body } });
    },
    /** The next request's connection is dropped without an answer, as a network failure would. */
    dropNext() {
      connectionFailures.push('drop');
    },
    /** The next request is carried out, but its answer is lost on the way back (after the one dropNext queued, if any). */
    loseNextAnswer() {
      connectionFailures.push('lose-answer');
    },
    /** Another account Twilio knows (a tenant's own). */
    addAccount(sid: string, authToken: string, status: AccountStatus = 'active') {
      accounts[sid] = authToken;
      statuses.set(sid, status);
    },
    /** A number the account has (it shows in its IncomingPhoneNumbers). */
    addIncomingNumber(sid: string, phoneNumber: string) {
      numbers.addIncomingNumber(sid, phoneNumber);
    },
    /** Called for each call update (hang-up, new TwiML), as Twilio would act on the live call. */
    onUpdate(listener: (callSid: string, form: Form) => void) {
      updateListeners.push(listener);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

export interface FakeCallerOptions {
  /** Where the real server listens. */
  port: number;
  /** PUBLIC_URL's host: the stream URL Twilio signs is wss://{host}/api/voice/twilio/stream. */
  publicHost: string;
  authToken: string;
  accountSid: string;
  callSid: string;
  callId: number | string;
  /** Override the signature (to test refusal). */
  signature?: string;
}

const FRAME_BYTES = 160;
const FRAME_MS = 20;

/**
 * A caller on the other end of a Twilio media stream: `connected`, `start` with the call id as a
 * custom parameter, then 20 ms μ-law `media` frames in real time (silence unless told to say
 * something). What we send back is "played" in real time too: marks are echoed when the audio
 * queued before them has played, `clear` drops the queue and echoes pending marks at once.
 */
export async function connectFakeCaller(options: FakeCallerOptions) {
  const url = `ws://127.0.0.1:${options.port}/api/voice/twilio/stream`;
  const signature = options.signature ?? signTwilio(options.authToken, `wss://${options.publicHost}/api/voice/twilio/stream`);
  const ws = new WebSocket(url, { headers: { 'x-twilio-signature': signature } });
  const streamSid = `MZ${hex32()}`;
  const heard: number[] = [];
  const queue: Array<{ kind: 'audio'; samples: Int16Array } | { kind: 'mark'; name: string }> = [];
  const received: Array<Record<string, any>> = [];
  const echoedMarks: string[] = [];
  let outgoing: Int16Array[] = [];
  let sequence = 0;
  let chunk = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const closedPromise = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      closed = true;
      if (timer) clearInterval(timer);
      resolve(code);
    }),
  );
  const send = (message: Record<string, unknown>) =>
    ws.readyState === ws.OPEN && ws.send(JSON.stringify({ ...message, sequenceNumber: String(++sequence) }));
  const echo = (name: string) => {
    echoedMarks.push(name);
    send({ event: 'mark', streamSid, mark: { name } });
  };

  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, any>;
    received.push(message);
    if (message.event === 'media') queue.push({ kind: 'audio', samples: decodeMulaw(Buffer.from(message.media.payload, 'base64')) });
    else if (message.event === 'mark') queue.push({ kind: 'mark', name: message.mark.name });
    else if (message.event === 'clear') {
      for (const item of queue.splice(0)) if (item.kind === 'mark') echo(item.name);
    }
  });

  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('unexpected-response', (_req, res) => resolve(Boolean(res.statusCode === 101)));
    ws.once('error', () => resolve(false));
  });

  const echoLeadingMarks = () => {
    for (let head = queue[0]; head?.kind === 'mark'; head = queue[0]) {
      queue.shift();
      echo(head.name);
    }
  };

  /** One 20 ms tick of the phone line: play what we queued, send our next frame. */
  const tick = () => {
    echoLeadingMarks();
    const next = queue.shift();
    if (next?.kind === 'audio') for (const s of next.samples) heard.push(s);
    echoLeadingMarks();
    const frame = outgoing.shift() ?? new Int16Array(FRAME_BYTES);
    chunk += 1;
    send({
      event: 'media',
      streamSid,
      media: {
        track: 'inbound',
        chunk: String(chunk),
        timestamp: String((chunk - 1) * FRAME_MS),
        payload: Buffer.from(encodeMulaw(frame)).toString('base64'),
      },
    });
  };

  return {
    opened,
    streamSid,
    received,
    echoedMarks,
    closed: closedPromise,
    isClosed: () => closed,
    /** PCM16 at 8 kHz of everything played to the caller so far. */
    heard: () => Int16Array.from(heard),
    /** connected + start, then media in real time. */
    start(customParameters: Record<string, string> = { call_id: String(options.callId) }) {
      ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
      send({
        event: 'start',
        streamSid,
        start: {
          accountSid: options.accountSid,
          streamSid,
          callSid: options.callSid,
          tracks: ['inbound'],
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          customParameters,
        },
      });
      timer = setInterval(tick, FRAME_MS);
    },
    /** Queues caller audio (PCM16 8 kHz), sent in 20 ms frames. */
    say(samples: Int16Array) {
      const frames: Int16Array[] = [];
      for (let i = 0; i < samples.length; i += FRAME_BYTES) {
        const frame = new Int16Array(FRAME_BYTES);
        frame.set(samples.subarray(i, i + FRAME_BYTES));
        frames.push(frame);
      }
      outgoing = [...outgoing, ...frames];
    },
    dtmf(digit: string) {
      send({ event: 'dtmf', streamSid, dtmf: { track: 'inbound_track', digit } });
    },
    /** The caller hangs up: Twilio sends `stop` and closes. */
    hangUp() {
      if (timer) clearInterval(timer);
      send({ event: 'stop', streamSid, stop: { accountSid: options.accountSid, callSid: options.callSid } });
      ws.close(1000);
    },
    close() {
      if (timer) clearInterval(timer);
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.terminate();
    },
  };
}

export type FakeCaller = Awaited<ReturnType<typeof connectFakeCaller>>;
