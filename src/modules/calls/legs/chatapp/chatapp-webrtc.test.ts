import { afterEach, describe, expect, it } from 'vitest';
import { concatSamples } from '../../audio/frames.js';
import { containsSignalForText, signalForText } from '../../audio/test-signal.js';
import { FakeChatappCustomer } from '../../../../../test/helpers/fakes/chatapp-customer.js';
import { until } from '../../../../../test/helpers/voice-engine.js';
import { startFakeStunServer } from '../../../../../test/helpers/fakes/stun-server.js';
import { ChatappWebrtcLeg, iceServersFromConfig } from './chatapp-webrtc.js';
import { audioCodecsIn } from './chatapp-sdp.js';

/**
 * The chatapp WebRTC leg against a separate werift peer on loopback: real ICE, DTLS-SRTP and
 * RTP both ways (Opus as phones send it, or PCMU), decoded on each side and checked for known signals.
 */
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

async function connectedPair(direction: 'business' | 'customer', mediaTimeoutMs?: number, codec: 'opus' | 'pcmu' = 'opus') {
  const customer = new FakeChatappCustomer({ codec });
  open.push({ close: () => customer.hangUp() });
  let leg: ChatappWebrtcLeg;
  if (direction === 'business') {
    const offered = await ChatappWebrtcLeg.offer({ mediaTimeoutMs });
    leg = offered.leg;
    await leg.acceptAnswer(await customer.answer(offered.sdp));
  } else {
    const answered = await ChatappWebrtcLeg.answer(await customer.offer(), { mediaTimeoutMs });
    leg = answered.leg;
    await customer.acceptAnswer(answered.sdp);
  }
  open.push({ close: () => leg.close('test_done') });
  const heard: Int16Array[] = [];
  const marks: string[] = [];
  const closed: string[] = [];
  leg.setHandlers({
    onAudio: (frame) => void heard.push(frame),
    onMark: (name) => void marks.push(name),
    onClose: (reason) => void closed.push(reason),
  });
  expect(await leg.connected).toBe(true);
  return { leg, customer, heard: () => concatSamples(heard), marks, closed };
}

describe('chatapp WebRTC leg', () => {
  it.each([
    ['business', 'opus'],
    ['customer', 'opus'],
    ['business', 'pcmu'],
    ['customer', 'pcmu'],
  ] as const)(
    'carries audio both ways when the %s offers and the phone speaks %s, and marks fire as the pacer plays',
    async (direction, codec) => {
      const { leg, customer, heard, marks } = await connectedPair(direction, undefined, codec);
      expect(leg.codecName).toBe(codec);
      customer.say(signalForText('Hello from the customer', customer.sampleRate));
      const greeting = signalForText('Hello from the assistant', 16_000);
      for (let i = 0; i < greeting.length; i += 320) leg.send(greeting.slice(i, i + 320));
      leg.mark('greeting');
      expect(marks).toEqual([]);
      await until(() => marks.includes('greeting'), 'the greeting mark');
      // The mark fires when the pacer has sent the greeting: real time, not how fast it was queued.
      expect(leg.playedMs()).toBeGreaterThanOrEqual(Math.floor(greeting.length / 320) * 20);
      await until(
        () => containsSignalForText(customer.heard(), customer.sampleRate, 'Hello from the assistant'),
        'the customer to hear the greeting',
      );
      await until(() => containsSignalForText(heard(), 16_000, 'Hello from the customer'), 'the leg to hear the customer');
      // Only the agreed codec went to the phone (111 for Opus, 0 for PCMU).
      expect([...customer.payloadTypes]).toEqual([codec === 'opus' ? 111 : 0]);
    },
  );

  it("answers the platform's user-initiated sample offer (Opus 111 and telephone-event only) with Opus 111 alone", async () => {
    const customer = new FakeChatappCustomer();
    open.push({ close: () => customer.hangUp() });
    const offer = await customer.offer();
    expect(offer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 111 126\r$/m);
    expect(offer.match(/^a=rtpmap:.*$/gm)).toEqual(['a=rtpmap:111 opus/48000/2', 'a=rtpmap:126 telephone-event/8000']);
    expect(offer).toMatch(/^a=fmtp:111 minptime=10;useinbandfec=1\r$/m);
    const { leg, sdp } = await ChatappWebrtcLeg.answer(offer);
    open.push({ close: () => leg.close('test_done') });
    expect(sdp).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF 111\r$/m);
    expect(sdp).toMatch(/^a=fmtp:111 minptime=10;useinbandfec=1\r$/m);
    expect(audioCodecsIn(sdp)).toEqual([{ name: 'opus', payloadType: 111 }]);
  });

  it('offers Opus first and PCMU after it on business calls', async () => {
    const { leg, sdp } = await ChatappWebrtcLeg.offer();
    open.push({ close: () => leg.close('test_done') });
    expect(audioCodecsIn(sdp)).toEqual([
      { name: 'opus', payloadType: 111 },
      { name: 'pcmu', payloadType: 0 },
    ]);
  });

  it('clear drops unplayed audio and fires pending marks at once', async () => {
    const { leg, marks } = await connectedPair('business');
    const long = signalForText('A long sentence that will be cut', 16_000);
    for (let n = 0; n < 5; n++) for (let i = 0; i < long.length; i += 320) leg.send(long.slice(i, i + 320));
    leg.mark('long');
    await until(() => leg.playedMs() >= 100, 'some audio to play');
    leg.clear();
    expect(marks).toEqual(['long']);
    const played = leg.playedMs();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leg.playedMs()).toBe(played);
  });

  it('tells the engine, once, when the customer vanishes (no audio for the media timeout)', async () => {
    const { customer, closed } = await connectedPair('customer', 600);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(closed).toEqual([]);
    await customer.hangUp();
    await until(() => closed.length > 0, 'the leg to close');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toEqual(['media_timeout']);
  });

  it('refuses an offer with neither Opus nor PCMU, and reads codecs by rtpmap or static type', async () => {
    const g722Only = 'v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 9\r\na=rtpmap:9 G722/8000\r\n';
    await expect(ChatappWebrtcLeg.answer(g722Only)).rejects.toThrow('no audio we can speak');
    await expect(ChatappWebrtcLeg.answer('not an SDP at all')).rejects.toThrow(
      'The call offer cannot be used: the SDP does not start with v=0.',
    );
    expect(audioCodecsIn('m=audio 3482 UDP/TLS/RTP/SAVPF 111 0 126\r\na=rtpmap:111 OPUS/48000/2\r\n')).toEqual([
      { name: 'opus', payloadType: 111 },
      { name: 'pcmu', payloadType: 0 },
    ]);
  });

  it('offers the public address a STUN server reports (CHATAPP_ICE_SERVERS), beside its host candidates', async () => {
    const stun = await startFakeStunServer({ address: '203.0.113.7', port: 41000 });
    open.push(stun);
    const { leg, sdp } = await ChatappWebrtcLeg.offer({ iceServers: iceServersFromConfig({ CHATAPP_ICE_SERVERS: stun.url }) });
    open.push({ close: () => leg.close('test_done') });
    expect(stun.requests().length).toBeGreaterThan(0);
    expect(sdp).toMatch(/a=candidate:\S+ 1 udp \d+ 203\.0\.113\.7 41000 typ srflx raddr \S+ rport \d+/);
    expect(sdp).toMatch(/typ host/);
  });

  it('gives the TURN credentials to turn: URLs only', () => {
    expect(
      iceServersFromConfig({
        CHATAPP_ICE_SERVERS: 'stun:stun.example.com:3478, turns:turn.example.com:5349?transport=tcp',
        CHATAPP_TURN_USERNAME: 'u',
        CHATAPP_TURN_CREDENTIAL: 'p',
      }),
    ).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: 'turns:turn.example.com:5349?transport=tcp', username: 'u', credential: 'p' },
    ]);
    expect(iceServersFromConfig({})).toEqual([]);
  });
});
