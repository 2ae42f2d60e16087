import { createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { concatSamples } from '../../audio/frames.js';
import { containsSignalForText, signalForText } from '../../audio/test-signal.js';
import { FakeChatappCustomer } from '../../../../../test/helpers/fakes/chatapp-customer.js';
import { until } from '../../../../../test/helpers/voice-engine.js';
import { ChatappWebrtcLeg } from './chatapp-webrtc.js';

/**
 * Anyone can send datagrams to the UDP port a chatapp call's peer offers (it is in the SDP the
 * platform relays). Each kind of junk goes to that port before the DTLS handshake and again
 * after it: the call goes on, both ways, and so does another call on the same process.
 */
const crashes: unknown[] = [];
const onCrash = (error: unknown) => void crashes.push(error);
beforeAll(() => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
});
afterAll(() => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
});
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

const STUN_MAGIC = 0x2112a442;
const ICE_CONTROLLED = 0x8029;
const ICE_CONTROLLING = 0x802a;

/** A STUN Binding Request with the given attributes (type, value), header length filled in. */
function stunRequest(attributes: Array<[number, Buffer]>): Buffer {
  const body = Buffer.concat(
    attributes.map(([type, value]) => {
      const header = Buffer.alloc(4);
      header.writeUInt16BE(type, 0);
      header.writeUInt16BE(value.length, 2);
      return Buffer.concat([header, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(0x0001, 0);
  header.writeUInt16BE(body.length, 2);
  header.writeUInt32BE(STUN_MAGIC, 4);
  randomBytes(12).copy(header, 8);
  return Buffer.concat([header, body]);
}

/**
 * A Binding Request signed with the leg's password (MESSAGE-INTEGRITY, then FINGERPRINT, RFC 8489
 * §14.5/§14.7): the leg answers it, which shows the junk goes where the platform's packets go.
 */
function signedStunRequest(username: string, password: string, role: number): Buffer {
  const unsigned = stunRequest([
    [0x0006, Buffer.from(username)],
    [0x0024, Buffer.alloc(4, 1)],
    [role, randomBytes(8)],
  ]);
  const withIntegrityLength = Buffer.from(unsigned);
  withIntegrityLength.writeUInt16BE(unsigned.readUInt16BE(2) + 24, 2);
  const integrity = Buffer.concat([
    Buffer.from([0x00, 0x08, 0x00, 0x14]),
    createHmac('sha1', password).update(withIntegrityLength).digest(),
  ]);
  const signed = Buffer.concat([withIntegrityLength, integrity]);
  signed.writeUInt16BE(signed.readUInt16BE(2) + 8, 2);
  const fingerprint = Buffer.alloc(8);
  fingerprint.writeUInt16BE(0x8028, 0);
  fingerprint.writeUInt16BE(4, 2);
  fingerprint.writeUInt32BE((crc32(signed) ^ 0x5354554e) >>> 0, 4);
  return Buffer.concat([signed, fingerprint]);
}

/** Sends a signed Binding Request and resolves with the STUN message type of the answer. */
async function probe(target: { address: string; port: number }, username: string, password: string, role: number): Promise<number> {
  const socket = createSocket('udp4');
  try {
    const answered = new Promise<number>((resolve) => socket.on('message', (message) => resolve(message.readUInt16BE(0))));
    socket.send(signedStunRequest(username, password, role), target.port, target.address);
    return await Promise.race([answered, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 2_000))]);
  } finally {
    socket.close();
  }
}

/** RTP header (12 bytes) with a version and payload type, then a payload. */
function rtp(version: number, payloadType: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header[0] = version << 6;
  header[1] = payloadType & 0x7f;
  header.writeUInt16BE(4242, 2);
  header.writeUInt32BE(123456, 4);
  header.writeUInt32BE(0xdeadbeef, 8);
  return Buffer.concat([header, payload]);
}

/** Every kind of junk, named; `username` is the ICE username the leg expects (its ufrag:the peer's). */
function junk(username: string): Array<[string, Buffer]> {
  const goodLooking = stunRequest([
    [0x0006, Buffer.from(username)],
    [0x0024, Buffer.alloc(4, 1)],
  ]);
  const badIntegrity = stunRequest([
    [0x0006, Buffer.from(username)],
    [0x0024, Buffer.alloc(4, 1)],
    [0x0008, createHmac('sha1', 'not the password').update(goodLooking).digest()],
  ]);
  return [
    ['random bytes', randomBytes(97)],
    ['a single byte', Buffer.of(0x00)],
    ['an empty datagram', Buffer.alloc(0)],
    ['a truncated STUN message', stunRequest([[0x0006, Buffer.from(username)]]).subarray(0, 13)],
    [
      'a STUN message whose length overruns it',
      Buffer.concat([stunRequest([]).subarray(0, 2), Buffer.from([0x04, 0x00]), stunRequest([]).subarray(4)]),
    ],
    ['a STUN request with a bad MESSAGE-INTEGRITY', badIntegrity],
    [
      'a STUN request for another username',
      stunRequest([
        [0x0006, Buffer.from('someone:else')],
        [0x0008, randomBytes(20)],
      ]),
    ],
    [
      'a malformed DTLS record',
      Buffer.concat([Buffer.from([22, 0xfe, 0xfd, 0, 0]), randomBytes(6), Buffer.from([0xff, 0xff]), randomBytes(40)]),
    ],
    ['a DTLS ClientHello cut short', Buffer.from([22, 0xfe, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x30, 1, 0, 0, 0x24])],
    ['a DTLS alert', Buffer.from([21, 0xfe, 0xfd, 0, 1, 0, 0, 0, 0, 0, 9, 0, 2, 2, 40])],
    ['RTP with a bad version', rtp(1, 111, randomBytes(60))],
    ['RTP with an unknown payload type', rtp(2, 99, randomBytes(60))],
    ['RTP of the agreed payload type, not encrypted', rtp(2, 111, randomBytes(60))],
    ['RTCP, not encrypted', Buffer.concat([Buffer.from([0x80, 200, 0, 6]), randomBytes(24)])],
    ['an oversized datagram', randomBytes(65_000)],
    // Large junk in the DTLS range parses into records werift acts on without authentication;
    // a burst of it ended the DTLS session before the leg's guard (see chatapp-webrtc-guard.ts).
    ...Array.from({ length: 60 }, (_, i): [string, Buffer] => {
      const datagram = randomBytes(65_000);
      datagram[0] = 20 + (datagram[0]! % 44);
      return [`oversized junk in the DTLS range #${i + 1}`, datagram];
    }),
  ];
}

async function sendAll(target: { address: string; port: number }, datagrams: Array<[string, Buffer]>): Promise<void> {
  const socket = createSocket('udp4');
  try {
    for (const [, datagram] of datagrams) {
      await new Promise<void>((resolve, reject) =>
        socket.send(datagram, target.port, target.address, (error) => (error ? reject(error) : resolve())),
      );
    }
  } finally {
    socket.close();
  }
}

/** The leg's own host candidates: where the platform (and anyone else) sends to. */
function hostCandidates(sdp: string): Array<{ address: string; port: number }> {
  return [...sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\d+\.\d+\.\d+\.\d+) (\d+) typ host/gm)].map((m) => ({
    address: m[1]!,
    port: Number(m[2]),
  }));
}

const ufrag = (sdp: string) => /^a=ice-ufrag:(\S+)/m.exec(sdp)![1]!;

/**
 * A call whose leg has its SDP out (its port bound) but no DTLS yet; `connect` completes the
 * exchange. `customer`: the phone offers and the leg answers (the leg is the DTLS client);
 * `business`: the leg offers (it is the DTLS server).
 */
async function openCall(direction: 'customer' | 'business') {
  const customer = new FakeChatappCustomer();
  open.push({ close: () => customer.hangUp() });
  let leg: ChatappWebrtcLeg;
  let legSdp: string;
  let customerSdp: string;
  let connect: () => Promise<void>;
  if (direction === 'customer') {
    customerSdp = await customer.offer();
    ({ leg, sdp: legSdp } = await ChatappWebrtcLeg.answer(customerSdp));
    connect = () => customer.acceptAnswer(legSdp);
  } else {
    ({ leg, sdp: legSdp } = await ChatappWebrtcLeg.offer());
    customerSdp = await customer.answer(legSdp);
    connect = () => leg.acceptAnswer(customerSdp);
  }
  open.push({ close: () => leg.close('test_done') });
  const heard: Int16Array[] = [];
  const closed: string[] = [];
  leg.setHandlers({ onAudio: (frame) => void heard.push(frame), onClose: (reason) => void closed.push(reason) });
  // The far end's checks carry its ICE role: controlling when it offered, controlled when it answered.
  const role = direction === 'customer' ? ICE_CONTROLLING : ICE_CONTROLLED;
  return {
    customer,
    leg,
    sdp: legSdp,
    username: `${ufrag(legSdp)}:${ufrag(customerSdp)}`,
    role,
    connect,
    heard: () => concatSamples(heard),
    closed,
  };
}

/** Both ways on a connected call: the customer's words reach the leg, the leg's reach the customer. */
async function talks(call: Awaited<ReturnType<typeof openCall>>, words: string): Promise<void> {
  const before = { leg: call.heard().length, customer: call.customer.heard().length };
  call.customer.say(signalForText(`${words} from the customer`, call.customer.sampleRate));
  const reply = signalForText(`${words} from the assistant`, 16_000);
  for (let i = 0; i < reply.length; i += 320) call.leg.send(reply.slice(i, i + 320));
  await until(
    () => containsSignalForText(call.heard().subarray(before.leg), 16_000, `${words} from the customer`),
    `the leg to hear "${words}"`,
  );
  await until(
    () => containsSignalForText(call.customer.heard().subarray(before.customer), call.customer.sampleRate, `${words} from the assistant`),
    `the customer to hear "${words}"`,
  );
}

describe("the chatapp leg's UDP port", () => {
  it.each(['customer', 'business'] as const)(
    'takes every kind of junk before and after the DTLS handshake (%s call): the call goes on, and another call on the process too',
    async (direction) => {
      const other = await openCall('customer');
      await other.connect();
      expect(await other.leg.connected).toBe(true);

      const target = await openCall(direction);
      const ports = hostCandidates(target.sdp);
      expect(ports.length).toBeGreaterThan(0);
      // The port is the one the platform's checks reach: a request signed with the leg's password is answered (Binding Success).
      expect(await probe(ports[0]!, target.username, /^a=ice-pwd:(\S+)/m.exec(target.sdp)![1]!, target.role)).toBe(0x0101);
      // One signed with anything else is not even answered (it could otherwise become the media's path).
      expect(await probe(ports[0]!, target.username, 'not the password', target.role)).toBe(-1);
      const datagrams = junk(target.username);
      for (const port of ports) await sendAll(port, datagrams);

      await target.connect();
      expect(await target.leg.connected).toBe(true);
      await talks(target, 'Before the junk');
      for (const port of ports) await sendAll(port, datagrams);
      await talks(target, 'After the junk');
      await talks(other, 'Meanwhile');

      expect(target.closed).toEqual([]);
      expect(other.closed).toEqual([]);
      expect(crashes).toEqual([]);
    },
  );
});
