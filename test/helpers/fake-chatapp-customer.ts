import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from 'werift';
import { decodeMulaw, encodeMulaw } from '../../src/modules/calls/audio/g711.js';
import { concatSamples } from '../../src/modules/calls/audio/frames.js';

const FRAME_BYTES = 160;

/**
 * The customer's phone on a chatapp call, as the platform's media server presents it: a werift
 * peer on loopback with real ICE, DTLS-SRTP and PCMU RTP, speaking 8 kHz audio in real time and
 * keeping everything it hears (decoded) so tests can look for known signals in it. Written apart
 * from the service's own leg so the two sides cannot share a mistake.
 */
export class FakeChatappCustomer {
  private readonly pc = new RTCPeerConnection({ codecs: { audio: [usePCMU()] }, iceServers: [], iceUseIpv6: false });
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private readonly received: Int16Array[] = [];
  private readonly outgoing: Uint8Array[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sequence = 1;
  private timestamp = 1000;
  packetsReceived = 0;
  state: string = 'new';

  constructor() {
    this.pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => {
        this.packetsReceived += 1;
        if (rtp.header.payloadType === 0) this.received.push(decodeMulaw(rtp.payload));
      });
    });
    this.pc.connectionStateChange.subscribe((state) => {
      this.state = state;
      if (state === 'connected') this.startSending();
      if (state === 'closed' || state === 'failed') this.stopSending();
    });
  }

  /** The customer's phone answering our offer (business-initiated); the answer goes back in the `connect` webhook. */
  async answer(offerSdp: string): Promise<string> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
    const transceiver = this.pc.getTransceivers()[0]!;
    transceiver.setDirection('sendrecv');
    await transceiver.sender.replaceTrack(this.track);
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await this.gathered();
    return this.pc.localDescription!.sdp;
  }

  /** The customer calling the business (user-initiated): the offer the `connect` webhook carries. */
  async offer(): Promise<string> {
    this.pc.addTransceiver(this.track, { direction: 'sendrecv' });
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await this.gathered();
    return this.pc.localDescription!.sdp;
  }

  async acceptAnswer(sdp: string): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
  }

  /** Queues 8 kHz samples to be spoken in 20 ms packets, followed by the given silence. */
  say(samples: Int16Array, trailingSilenceMs = 400): void {
    const padded = concatSamples([samples, new Int16Array((8 * trailingSilenceMs) | 0)]);
    for (let i = 0; i < padded.length; i += FRAME_BYTES) {
      const chunk = new Int16Array(FRAME_BYTES);
      chunk.set(padded.subarray(i, i + FRAME_BYTES));
      this.outgoing.push(encodeMulaw(chunk));
    }
  }

  /** Everything heard so far, 8 kHz. */
  heard(): Int16Array {
    return concatSamples(this.received);
  }

  async hangUp(): Promise<void> {
    this.stopSending();
    await this.pc.close();
  }

  private startSending(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const payload = this.outgoing.shift() ?? new Uint8Array(FRAME_BYTES).fill(0xff);
      const header = new RtpHeader({ payloadType: 0, sequenceNumber: this.sequence, timestamp: this.timestamp });
      this.sequence = (this.sequence + 1) & 0xffff;
      this.timestamp += FRAME_BYTES;
      this.track.writeRtp(new RtpPacket(header, Buffer.from(payload)));
    }, 20);
  }

  private stopSending(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => this.pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()));
  }
}
