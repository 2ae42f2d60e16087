import { randomInt } from 'node:crypto';
import type { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { FRAME_MS, SampleFramer, samplesPerFrame } from '../../audio/frames.js';
import { preloadOpus } from '../../audio/opus.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import { acceptOnlyAuthenticatedPeers } from './chatapp-webrtc-guard.js';
import { audioCodecsIn, sdpProblem } from './chatapp-sdp.js';
import { createRtpAudioCodec, OPUS_FMTP, OPUS_PAYLOAD_TYPE, type RtpAudioCodec, type RtpCodecName } from './chatapp-webrtc-codec.js';
import type { CallMedia, CallMediaHandlers } from '../media.types.js';

const ENGINE_FRAME = samplesPerFrame(ENGINE_SAMPLE_RATE);

/** The platform's SDP is malformed or has nothing we can use; `problem` says what. */
export class SdpRefused extends Error {
  constructor(
    readonly problem: string,
    what: 'offer' | 'answer',
  ) {
    super(`The call ${what} cannot be used: ${problem}.`);
  }
}
/** After a stall (a busy event loop), at most this many late packets go out at once; the rest are skipped. */
const MAX_BURST = 5;
const ICE_GATHER_TIMEOUT_MS = 5_000;
/**
 * Our DTLS handshake can finish before the far end's: audio sent then is lost and the greeting's
 * first syllables are clipped. Speech waits for the far end's first packet (its keys are up), or this long.
 */
const MAX_WAIT_FOR_FAR_END_MS = 1_000;

export interface WebrtcLegOptions {
  /** STUN/TURN servers; none by default: the platform is ICE-lite and answers our checks from wherever they come. */
  iceServers?: Array<{ urls: string; username?: string; credential?: string }>;
  /** Monotonic milliseconds; the pacer sends one packet per 20 ms of this clock. */
  now?: () => number;
  /**
   * A connected peer that sends no audio for this long is gone (a phone sends a packet every
   * 20 ms, silence included; a peer that vanished sends nothing and may never close DTLS).
   */
  mediaTimeoutMs?: number;
}

const DEFAULT_MEDIA_TIMEOUT_MS = 15_000;

/**
 * CHATAPP_ICE_SERVERS as the leg takes it: a server behind NAT needs a STUN server to offer its
 * public address, or a TURN relay when its UDP cannot be reached at all. The TURN credentials go
 * with the turn: URLs only (a STUN server is sent none).
 */
export function iceServersFromConfig(config: {
  CHATAPP_ICE_SERVERS?: string;
  CHATAPP_TURN_USERNAME?: string;
  CHATAPP_TURN_CREDENTIAL?: string;
}): NonNullable<WebrtcLegOptions['iceServers']> {
  const urls = (config.CHATAPP_ICE_SERVERS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return urls.map((url) =>
    /^turns?:/.test(url)
      ? { urls: url, username: config.CHATAPP_TURN_USERNAME, credential: config.CHATAPP_TURN_CREDENTIAL }
      : { urls: url },
  );
}

type Werift = typeof import('werift');
let loadingWerift: Promise<Werift> | undefined;

/**
 * werift holds about 27 MB once loaded, and most servers never take a chatapp call: it is loaded
 * with the first call's peer instead of at start. Imported (not required) so a process that
 * already holds its ES build, like the tests' fake customer, shares it.
 */
function loadWerift(): Promise<Werift> {
  return (loadingWerift ??= import('werift'));
}

/**
 * One chatapp (WhatsApp Cloud API) call's WebRTC peer as a `CallMedia`: ICE + DTLS-SRTP with
 * werift, 20 ms RTP packets in the codec the two sides agreed on (Opus, which every phone offers,
 * or PCMU when that is all the other side has), PCM16 16 kHz to and from the engine.
 *
 * RTP is real time, so outgoing audio waits in a queue that a pacer drains one packet per 20 ms
 * (silence when the queue is empty, so the platform never sees a media gap). What the customer
 * has heard is what the pacer has sent: `playedMs` counts it, a mark fires when the pacer passes
 * it, and `clear` drops the queue and fires the pending marks at once (unheard), as the other
 * legs do. Frames are encoded as they go out, so the encoder sees the stream in the order sent.
 */
export class ChatappWebrtcLeg implements CallMedia {
  private handlers: CallMediaHandlers | null = null;
  private readonly track: MediaStreamTrack;
  private codec: RtpAudioCodec | null = null;
  private readonly inbound = new SampleFramer(ENGINE_FRAME);
  private readonly outbound = new SampleFramer(ENGINE_FRAME);
  private readonly queue: Int16Array[] = [];
  private readonly pendingMarks: Array<{ name: string; atMs: number }> = [];
  private readonly now: () => number;
  private sentMs = 0;
  private queuedMs = 0;
  private pacer: NodeJS.Timeout | null = null;
  private pacerStartMs = 0;
  private packetsSent = 0;
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0x7fffffff);
  private closed = false;
  private lastPacketAtMs = 0;
  private readonly mediaTimeoutMs: number;
  private connectedResolve!: (connected: boolean) => void;
  /** Resolves true once DTLS-SRTP is up, false if the peer fails or closes first. */
  readonly connected: Promise<boolean>;
  /** Resolves with the reason once the leg has ended, whoever ended it (independent of the engine's handlers). */
  readonly whenEnded: Promise<string>;
  private endedResolve!: (reason: string) => void;
  /** Packets received from the far end (tests and metrics). */
  packetsReceived = 0;

  private constructor(
    private readonly werift: Werift,
    private readonly pc: RTCPeerConnection,
    options: WebrtcLegOptions,
  ) {
    this.track = new werift.MediaStreamTrack({ kind: 'audio' });
    this.now = options.now ?? (() => performance.now());
    this.mediaTimeoutMs = options.mediaTimeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS;
    this.connected = new Promise((resolve) => (this.connectedResolve = resolve));
    this.whenEnded = new Promise((resolve) => (this.endedResolve = resolve));
    // Before any remote description is applied: the answerer's track arrives while it is.
    pc.onTrack.subscribe((remote) => this.listen(remote));
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        this.connectedResolve(true);
        this.startPacer();
      } else if (state === 'failed' || state === 'closed') {
        this.connectedResolve(false);
        this.ended(state === 'failed' ? 'transport_failed' : 'transport_closed');
      }
    });
  }

  /** Business-initiated: our offer (`a=setup:actpass`, Opus first, then PCMU, all candidates gathered) for `connect`. */
  static async offer(options: WebrtcLegOptions = {}): Promise<{ leg: ChatappWebrtcLeg; sdp: string }> {
    // The codec is known only from the answer; loading it meanwhile keeps it off the answer's path.
    preloadOpus();
    const werift = await loadWerift();
    const leg = new ChatappWebrtcLeg(werift, createPeer(werift, options, ['opus', 'pcmu']), options);
    leg.pc.addTransceiver(leg.track, { direction: 'sendrecv' });
    await leg.pc.setLocalDescription(await leg.pc.createOffer());
    await gathered(werift, leg.pc);
    return { leg, sdp: leg.pc.localDescription!.sdp };
  }

  /**
   * User-initiated: our answer to the customer's offer, the same SDP for `pre_accept` and
   * `accept`. Opus when offered, else PCMU; an offer with neither (or no SDP at all) is refused.
   */
  static async answer(offerSdp: string, options: WebrtcLegOptions = {}): Promise<{ leg: ChatappWebrtcLeg; sdp: string }> {
    const problem = sdpProblem(offerSdp);
    if (problem) throw new SdpRefused(problem, 'offer');
    const offered = audioCodecsIn(offerSdp);
    const chosen = (offered.find((c) => c.name === 'opus') ?? offered.find((c) => c.name === 'pcmu'))!;
    const werift = await loadWerift();
    const pc = createPeer(werift, options, [chosen.name], chosen.payloadType);
    const leg = new ChatappWebrtcLeg(werift, pc, options);
    try {
      leg.codec = await createRtpAudioCodec(chosen.name, chosen.payloadType);
      await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
      const transceiver = pc.getTransceivers().find((t) => t.kind === 'audio');
      if (!transceiver) throw new Error('The call offer has no audio.');
      transceiver.setDirection('sendrecv');
      await transceiver.sender.replaceTrack(leg.track);
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(werift, pc);
    } catch (error) {
      await leg.close('offer_refused');
      throw error;
    }
    return { leg, sdp: pc.localDescription!.sdp };
  }

  /** The codec the two sides agreed on; null until the far end's SDP is applied. */
  get codecName(): RtpCodecName | null {
    return this.codec?.name ?? null;
  }

  /** The platform's answer to our offer (the `calls` webhook's `connect`): the codec it lists first is the one spoken. */
  async acceptAnswer(sdp: string): Promise<void> {
    if (this.pc.signalingState !== 'have-local-offer' || this.closed) return;
    const problem = sdpProblem(sdp);
    if (problem) throw new SdpRefused(problem, 'answer');
    const chosen = audioCodecsIn(sdp)[0]!;
    this.codec = await createRtpAudioCodec(chosen.name, chosen.payloadType);
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
  }

  setHandlers(handlers: CallMediaHandlers): void {
    this.handlers = handlers;
  }

  send(frame: Int16Array): void {
    for (const full of this.outbound.push(frame)) this.enqueue(full);
  }

  clear(): void {
    this.outbound.clear();
    this.codec?.resetOutput();
    this.queue.length = 0;
    this.queuedMs = this.sentMs;
    for (const mark of this.pendingMarks.splice(0)) this.handlers?.onMark?.(mark.name);
  }

  mark(name: string): void {
    const partial = this.outbound.flush();
    if (partial) this.enqueue(partial);
    this.pendingMarks.push({ name, atMs: this.queuedMs });
    // Nothing queued: the pacer's next tick confirms it (asynchronously, as a carrier would).
  }

  playedMs(): number {
    return this.sentMs;
  }

  async close(reason: string): Promise<void> {
    this.ended(reason);
  }

  /** Only audio of the agreed codec is heard; anything else on the track (DTMF events, junk) is dropped. */
  private listen(remote: MediaStreamTrack): void {
    remote.onReceiveRtp.subscribe((rtp) => {
      const codec = this.codec;
      if (this.closed || !codec || rtp.header.payloadType !== codec.payloadType || rtp.payload.length === 0) return;
      this.packetsReceived += 1;
      this.lastPacketAtMs = this.now();
      for (const frame of this.inbound.push(codec.decode(rtp.payload))) this.handlers?.onAudio(frame);
    });
  }

  private enqueue(frame: Int16Array): void {
    if (this.closed) return;
    this.queue.push(frame);
    this.queuedMs += FRAME_MS;
  }

  private startPacer(): void {
    if (this.pacer || this.closed) return;
    this.pacerStartMs = this.now();
    this.lastPacketAtMs = this.pacerStartMs;
    this.pacer = setInterval(() => this.tick(), FRAME_MS / 2);
  }

  private tick(): void {
    const due = Math.floor((this.now() - this.pacerStartMs) / FRAME_MS) + 1 - this.packetsSent;
    if (due > MAX_BURST) this.packetsSent += due - MAX_BURST;
    for (let i = 0; i < Math.min(due, MAX_BURST); i++) this.sendPacket();
    this.confirmMarks();
    if (this.now() - this.lastPacketAtMs > this.mediaTimeoutMs) this.ended('media_timeout');
  }

  private sendPacket(): void {
    const codec = this.codec;
    if (!codec || this.closed) return;
    const farEndReady = this.packetsReceived > 0 || this.now() - this.pacerStartMs >= MAX_WAIT_FOR_FAR_END_MS;
    const frame = farEndReady ? this.queue.shift() : undefined;
    if (frame) this.sentMs += FRAME_MS;
    const payload = frame ? codec.encode(frame) : codec.silence();
    const header = new this.werift.RtpHeader({
      payloadType: codec.payloadType,
      sequenceNumber: this.sequence,
      timestamp: this.timestamp,
      marker: this.packetsSent === 0,
    });
    this.track.writeRtp(new this.werift.RtpPacket(header, Buffer.from(payload)));
    this.sequence = (this.sequence + 1) & 0xffff;
    this.timestamp = (this.timestamp + codec.timestampStep) >>> 0;
    this.packetsSent += 1;
  }

  private confirmMarks(): void {
    while (this.pendingMarks.length > 0 && this.pendingMarks[0]!.atMs <= this.sentMs)
      this.handlers?.onMark?.(this.pendingMarks.shift()!.name);
  }

  private ended(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.pacer) clearInterval(this.pacer);
    this.pacer = null;
    this.queue.length = 0;
    this.pendingMarks.length = 0;
    this.codec?.close();
    this.connectedResolve(false);
    this.endedResolve(reason);
    this.handlers?.onClose(reason);
    void this.pc.close().catch(() => {});
  }
}

/** A peer speaking the given codecs, Opus as the platform offers it (payload type 111 unless the offer says otherwise). */
function createPeer(
  werift: Werift,
  options: WebrtcLegOptions,
  codecs: RtpCodecName[],
  opusPayloadType = OPUS_PAYLOAD_TYPE,
): RTCPeerConnection {
  const audio: RTCRtpCodecParameters[] = codecs.map((name) =>
    name === 'opus' ? werift.useOPUS({ payloadType: opusPayloadType, parameters: OPUS_FMTP }) : werift.usePCMU(),
  );
  return new werift.RTCPeerConnection({ codecs: { audio }, iceServers: options.iceServers ?? [], iceUseIpv6: false });
}

/**
 * The platform wants the whole SDP at once (no trickle): wait until every candidate is in it.
 * The ports are bound by then, and guarded before anyone learns them from the SDP.
 */
async function gathered(werift: Werift, pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ICE_GATHER_TIMEOUT_MS);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== 'complete') return;
        clearTimeout(timer);
        resolve();
      });
    });
  }
  acceptOnlyAuthenticatedPeers(werift, pc);
}
