import type { WebSocket } from 'ws';
import { FRAME_MS, Pcm16Decoder, pcm16ToBytes, SampleFramer, samplesPerFrame } from '../../audio/frames.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import type { CallMedia, CallMediaHandlers } from '../media.types.js';
import { INVALID_JSON, onMessages, parseJsonObject, refuseInput } from '../socket-guard.js';

const ENGINE_FRAME = samplesPerFrame(ENGINE_SAMPLE_RATE);
/** A browser that stopped reading (tab frozen, network gone) must not grow our memory without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** TCP can keep a dead peer's socket open for minutes; a missed pong ends the call sooner. */
const PING_EVERY_MS = 15_000;

export interface WebMediaOptions {
  /** Monotonic milliseconds (performance.now by default); playback is estimated on this clock. */
  now?: () => number;
  pingEveryMs?: number;
}

/**
 * A browser call's WebSocket as a `CallMedia`: binary PCM16LE 16 kHz mono frames both ways, JSON
 * text events beside them.
 *
 * We send audio as fast as it is produced and the browser plays it in order, so what the caller
 * has heard is estimated by real time since each frame was sent: a frame starts playing when the
 * one before it ends. `clear` tells the browser to drop its queue (a JSON `clear` event) and
 * resets the estimate to what had played by then. Marks fire when their audio should have
 * played; after a clear, pending marks fire at once (as Twilio echoes them), counting as unheard.
 */
export class WebCallMedia implements CallMedia {
  private handlers: CallMediaHandlers | null = null;
  private readonly decoder = new Pcm16Decoder();
  private readonly inbound = new SampleFramer(ENGINE_FRAME);
  private readonly outbound = new SampleFramer(ENGINE_FRAME);
  private readonly now: () => number;
  /** Clock time at which everything sent so far will have played. */
  private queuedUntilMs = 0;
  private sentMs = 0;
  /** Audio proven played: a mark's timer fired at its position (timers may fire a hair early). */
  private confirmedMs = 0;
  private readonly pendingMarks = new Map<string, NodeJS.Timeout>();
  private readonly pinger: NodeJS.Timeout;
  private alive = true;
  private endSent = false;
  /** Why the call's socket ended, once it has (handlers set later still hear it). */
  private closedReason: string | null = null;

  constructor(
    private readonly socket: WebSocket,
    options: WebMediaOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    onMessages(socket, (data, isBinary) => (isBinary ? this.receiveAudio(data) : this.receiveText(data.toString())));
    socket.on('close', () => this.ended('hangup'));
    socket.on('error', () => this.ended('transport_error'));
    socket.on('pong', () => void (this.alive = true));
    this.pinger = setInterval(() => this.ping(), options.pingEveryMs ?? PING_EVERY_MS);
    this.pinger.unref();
  }

  setHandlers(handlers: CallMediaHandlers): void {
    this.handlers = handlers;
    // The socket may have closed while the call was being attached to it.
    const closedReason = this.closedReason;
    if (closedReason !== null) queueMicrotask(() => handlers.onClose(closedReason));
  }

  send(frame: Int16Array): void {
    for (const full of this.outbound.push(frame)) this.sendFrame(full);
  }

  clear(): void {
    this.outbound.clear();
    this.sentMs = this.playedMs();
    this.queuedUntilMs = this.now();
    this.write({ type: 'clear' });
    const names = [...this.pendingMarks.keys()];
    for (const timer of this.pendingMarks.values()) clearTimeout(timer);
    this.pendingMarks.clear();
    for (const name of names) this.handlers?.onMark?.(name);
  }

  mark(name: string): void {
    const partial = this.outbound.flush();
    if (partial) this.sendFrame(partial);
    const previous = this.pendingMarks.get(name);
    if (previous) clearTimeout(previous);
    const dueInMs = Math.max(0, this.queuedUntilMs - this.now());
    const position = this.sentMs;
    const timer = setTimeout(() => {
      this.pendingMarks.delete(name);
      this.confirmedMs = Math.max(this.confirmedMs, position);
      this.handlers?.onMark?.(name);
    }, dueInMs);
    this.pendingMarks.set(name, timer);
  }

  playedMs(): number {
    return Math.max(this.confirmedMs, this.sentMs - Math.max(0, this.queuedUntilMs - this.now()));
  }

  event(payload: Record<string, unknown>): void {
    if (payload.type === 'end') {
      if (this.endSent) return;
      this.endSent = true;
    }
    this.write(payload);
  }

  async close(reason: string): Promise<void> {
    this.event({ type: 'end', reason });
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    this.ended('closed_by_us');
  }

  private sendFrame(frame: Int16Array): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(pcm16ToBytes(frame), { binary: true });
    const now = this.now();
    this.queuedUntilMs = Math.max(this.queuedUntilMs, now) + FRAME_MS;
    this.sentMs += FRAME_MS;
  }

  private write(message: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receiveAudio(data: Buffer): void {
    for (const frame of this.inbound.push(this.decoder.push(data))) this.handlers?.onAudio(frame);
  }

  /** Message types a newer page may send are ignored; text that is not a JSON object closes the socket. */
  private receiveText(text: string): void {
    const message = parseJsonObject(text);
    if (!message) {
      refuseInput(this.socket, INVALID_JSON);
      this.ended('bad_input');
      return;
    }
    // The caller hung up from the page; the engine ends the call as ended by the customer.
    if (message.type === 'end') this.ended('hangup');
    // A key of the page's keypad, one per message, as Twilio reports a phone's keys.
    else if (message.type === 'dtmf' && typeof message.digit === 'string' && /^[0-9*#A-D]$/.test(message.digit))
      this.handlers?.onDtmf?.(message.digit);
  }

  private ping(): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  private ended(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    clearInterval(this.pinger);
    for (const timer of this.pendingMarks.values()) clearTimeout(timer);
    this.pendingMarks.clear();
    this.handlers?.onClose(reason);
    if (this.socket.readyState === this.socket.OPEN) {
      this.event({ type: 'end', reason });
      this.socket.close(1000);
    }
  }
}
