import LibAVModule from '@libav.js/variant-opus';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket, useOPUS, usePCMU } from 'werift';
import { decodeMulaw, encodeMulaw } from '../../../src/modules/calls/audio/g711.js';
import { concatSamples } from '../../../src/modules/calls/audio/frames.js';

/**
 * What a phone offers in a user-initiated call, from the platform's "User-initiated sample SDP":
 * `m=audio … 111 126`, Opus with `minptime=10;useinbandfec=1` and telephone-event, nothing else.
 */
const PHONE_CODECS = () => [
  useOPUS({ mimeType: 'audio/opus', payloadType: 111, parameters: 'minptime=10;useinbandfec=1' }),
  new RTCRtpCodecParameters({ mimeType: 'audio/telephone-event', clockRate: 8000, channels: 1, payloadType: 126 }),
];

type Codec = 'opus' | 'pcmu';
const RATES: Record<Codec, number> = { opus: 48_000, pcmu: 8_000 };

/**
 * The customer's phone on a chatapp call, as the platform's media server presents it: a werift
 * peer on loopback with real ICE, DTLS-SRTP and RTP, speaking in real time (20 ms packets) and
 * keeping everything it hears (decoded) so tests can look for known signals in it. By default it
 * speaks Opus at 48 kHz as every real phone does (its own libopus instance, not the service's
 * codec wrapper); `{ codec: 'pcmu' }` makes a peer with PCMU only (a number with G.711 enabled).
 * Written apart from the service's own leg so the two sides cannot share a mistake.
 */
export class FakeChatappCustomer {
  readonly codec: Codec;
  /** The rate of what `say` takes and `heard` returns. */
  readonly sampleRate: number;
  private readonly pc: RTCPeerConnection;
  private readonly track = new MediaStreamTrack({ kind: 'audio' });
  private readonly received: Int16Array[] = [];
  private readonly outgoing: Int16Array[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sequence = 1;
  private timestamp = 1000;
  private opus: Promise<FakeOpus> | null = null;
  /** Payload types of every RTP packet received (tests check what was sent). */
  readonly payloadTypes = new Set<number>();
  packetsReceived = 0;
  state: string = 'new';

  constructor(options: { codec?: Codec } = {}) {
    this.codec = options.codec ?? 'opus';
    this.sampleRate = RATES[this.codec];
    this.pc = new RTCPeerConnection({
      codecs: { audio: this.codec === 'opus' ? PHONE_CODECS() : [usePCMU()] },
      iceServers: [],
      iceUseIpv6: false,
    });
    if (this.codec === 'opus') this.opus = createFakeOpus();
    this.pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => {
        this.packetsReceived += 1;
        this.payloadTypes.add(rtp.header.payloadType);
        void this.hear(rtp.header.payloadType, rtp.payload);
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

  /** Queues samples (at `sampleRate`) to be spoken in 20 ms packets, followed by the given silence. */
  say(samples: Int16Array, trailingSilenceMs = 400): void {
    const frame = this.sampleRate / 50;
    const padded = concatSamples([samples, new Int16Array(Math.round((this.sampleRate * trailingSilenceMs) / 1000))]);
    for (let i = 0; i < padded.length; i += frame) {
      const chunk = new Int16Array(frame);
      chunk.set(padded.subarray(i, i + frame));
      this.outgoing.push(chunk);
    }
  }

  /** Everything heard so far, at `sampleRate`. */
  heard(): Int16Array {
    return concatSamples(this.received);
  }

  async hangUp(): Promise<void> {
    this.stopSending();
    await this.pc.close();
    (await this.opus)?.close();
  }

  private async hear(payloadType: number, payload: Buffer): Promise<void> {
    if (this.codec === 'pcmu' && payloadType === 0) this.received.push(decodeMulaw(payload));
    if (this.codec === 'opus' && payloadType === 111) this.received.push((await this.opus!).decode(payload));
  }

  private startSending(): void {
    if (this.timer) return;
    const frame = this.sampleRate / 50;
    this.timer = setInterval(() => void this.sendNext(frame), 20);
  }

  private async sendNext(frame: number): Promise<void> {
    const samples = this.outgoing.shift() ?? new Int16Array(frame);
    const payload = this.codec === 'opus' ? (await this.opus!).encode(samples) : encodeMulaw(samples);
    const header = new RtpHeader({
      payloadType: this.codec === 'opus' ? 111 : 0,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
    });
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp += frame;
    if (this.timer) this.track.writeRtp(new RtpPacket(header, Buffer.from(payload)));
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

interface FakeOpus {
  encode(samples: Int16Array): Uint8Array;
  decode(packet: Uint8Array): Int16Array;
  close(): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let phoneLibrary: Promise<any> | undefined;

/** The phones' own libopus: one library instance (not the service's) for every fake phone of the process. */
function phoneOpusLibrary() {
  return (phoneLibrary ??= LibAVModule.LibAV({}).then((lib) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (lib as any).av_log_set_level_sync((lib as any).AV_LOG_QUIET);
    return lib;
  }));
}

/** One phone's Opus encoder and decoder (48 kHz mono, 20 ms). */
async function createFakeOpus(): Promise<FakeOpus> {
  const lib = await phoneOpusLibrary();
  const [, enc, encFrame, encPacket] = await lib.ff_init_encoder('libopus', {
    ctx: { bit_rate: 24_000, sample_fmt: lib.AV_SAMPLE_FMT_S16, sample_rate: 48_000, channel_layout: 4, channels: 1 },
    options: { application: 'voip' },
    time_base: [1, 48_000],
  });
  const [, dec, decPacket, decFrame] = await lib.ff_init_decoder('libopus', {
    codecpar: { codec_type: 1, codec_id: 0, format: -1, sample_rate: 48_000, channels: 1, channel_layoutmask: 4 },
  });
  let pts = 0;
  let closed = false;
  return {
    encode(samples) {
      if (closed) return new Uint8Array(0);
      const packets = lib.ff_encode_multi_sync(enc, encFrame, encPacket, [
        {
          data: samples,
          format: lib.AV_SAMPLE_FMT_S16,
          sample_rate: 48_000,
          channel_layout: 4,
          channels: 1,
          pts,
          time_base_num: 1,
          time_base_den: 48_000,
        },
      ]);
      pts += samples.length;
      return packets[0].data;
    },
    decode(packet) {
      if (closed) return new Int16Array(0);
      const frames: Array<{ data: Float32Array }> = lib.ff_decode_multi_sync(dec, decPacket, decFrame, [{ data: packet }]);
      return Int16Array.from(frames.flatMap((f) => Array.from(f.data, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32768))))));
    },
    close() {
      if (closed) return;
      closed = true;
      lib.ff_free_encoder_sync(enc, encFrame, encPacket);
      lib.ff_free_decoder_sync(dec, decPacket, decFrame);
    },
  };
}
