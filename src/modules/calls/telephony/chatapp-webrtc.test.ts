import { afterEach, describe, expect, it } from 'vitest';
import { concatSamples } from '../audio/frames.js';
import { containsSignalForText, signalForText } from '../audio/test-signal.js';
import { FakeChatappCustomer } from '../../../../test/helpers/fake-chatapp-customer.js';
import { until } from '../../../../test/helpers/voice-engine.js';
import { startFakeStunServer } from '../../../../test/helpers/fake-stun-server.js';
import { ChatappWebrtcLeg, iceServersFromConfig, offersPcmu } from './chatapp-webrtc.js';

/**
 * The chatapp WebRTC leg against a separate werift peer on loopback: real ICE, DTLS-SRTP and
 * PCMU RTP both ways, decoded on each side and checked for known signals.
 */
const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

async function connectedPair(direction: 'business' | 'customer', mediaTimeoutMs?: number) {
  const customer = new FakeChatappCustomer();
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
  leg.setHandlers({ onAudio: (frame) => void heard.push(frame), onMark: (name) => void marks.push(name), onClose: (reason) => void closed.push(reason) });
  expect(await leg.connected).toBe(true);
  return { leg, customer, heard: () => concatSamples(heard), marks, closed };
}

describe('chatapp WebRTC leg', () => {
  it.each(['business', 'customer'] as const)('carries audio both ways when the %s offers, and marks fire as the pacer plays', async (direction) => {
    const { leg, customer, heard, marks } = await connectedPair(direction);
    customer.say(signalForText('Hello from the customer', 8_000));
    const greeting = signalForText('Hello from the assistant', 16_000);
    for (let i = 0; i < greeting.length; i += 320) leg.send(greeting.slice(i, i + 320));
    leg.mark('greeting');
    expect(marks).toEqual([]);
    await until(() => marks.includes('greeting'), 'the greeting mark');
    // The mark fires when the pacer has sent the greeting: real time, not how fast it was queued.
    expect(leg.playedMs()).toBeGreaterThanOrEqual(Math.floor(greeting.length / 320) * 20);
    await until(() => containsSignalForText(customer.heard(), 8_000, 'Hello from the assistant'), 'the customer to hear the greeting');
    await until(() => containsSignalForText(heard(), 16_000, 'Hello from the customer'), 'the leg to hear the customer');
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

  it('refuses an offer without PCMU', async () => {
    const opusOnly = 'v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';
    expect(offersPcmu(opusOnly)).toBe(false);
    await expect(ChatappWebrtcLeg.answer(opusOnly)).rejects.toThrow('no PCMU audio');
    expect(offersPcmu('m=audio 3482 UDP/TLS/RTP/SAVPF 111 0 126\r\n')).toBe(true);
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
    expect(iceServersFromConfig({ CHATAPP_ICE_SERVERS: 'stun:stun.example.com:3478, turns:turn.example.com:5349?transport=tcp', CHATAPP_TURN_USERNAME: 'u', CHATAPP_TURN_CREDENTIAL: 'p' })).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: 'turns:turn.example.com:5349?transport=tcp', username: 'u', credential: 'p' },
    ]);
    expect(iceServersFromConfig({})).toEqual([]);
  });
});
