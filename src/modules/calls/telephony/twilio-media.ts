import type { WebSocket } from 'ws';
import { createPhoneAudioIn, createPhoneAudioOut } from '../audio/phone-codec.js';
import { FRAME_MS, SampleFramer, samplesPerFrame } from '../audio/frames.js';
import { ENGINE_SAMPLE_RATE } from '../speech/speech.types.js';
import type { CallMedia, CallMediaHandlers } from './media.types.js';

/** What the `start` message told us about the stream. */
export interface TwilioStreamStart {
  streamSid: string;
  callSid: string;
  accountSid: string;
  customParameters: Record<string, string>;
}

const ENGINE_FRAME = samplesPerFrame(ENGINE_SAMPLE_RATE);

/**
 * One Twilio media stream as a `CallMedia`: 20 ms μ-law frames at 8 kHz on the wire, PCM16 at
 * 16 kHz to and from the engine.
 *
 * Twilio queues what we send and plays it in order, so what the caller has heard is estimated on
 * Twilio's own stream clock (the inbound `media.timestamp`s, which advance in real time): audio
 * queued behind earlier audio starts when that ends. A mark echo proves everything before it has
 * played (except after `clear`, when Twilio echoes pending marks at once), so the estimate never
 * drops below the last mark confirmed before a clear.
 */
export class TwilioMediaStream implements CallMedia {
  private handlers: CallMediaHandlers | null = null;
  private readonly audioIn = createPhoneAudioIn();
  private readonly audioOut = createPhoneAudioOut();
  private readonly framer = new SampleFramer(ENGINE_FRAME);
  /** Twilio's stream clock: the latest inbound media timestamp, ms since the stream started. */
  private streamNowMs = 0;
  /** Stream-clock time at which everything sent so far will have played. */
  private queuedUntilMs = 0;
  private sentMs = 0;
  private confirmedMs = 0;
  private readonly pendingMarks = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    readonly start: TwilioStreamStart,
  ) {
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.receive(data.toString());
    });
    socket.on('close', () => this.ended('transport_closed'));
    socket.on('error', () => this.ended('transport_error'));
  }

  setHandlers(handlers: CallMediaHandlers): void {
    this.handlers = handlers;
  }

  send(frame: Int16Array): void {
    for (const engineFrame of this.framer.push(frame)) this.sendFrame(engineFrame);
  }

  clear(): void {
    this.framer.clear();
    this.audioOut.reset();
    this.sentMs = this.playedMs();
    this.queuedUntilMs = this.streamNowMs;
    // Twilio echoes the pending marks at once: those echoes prove nothing about what was heard.
    this.pendingMarks.clear();
    this.write({ event: 'clear', streamSid: this.start.streamSid });
  }

  mark(name: string): void {
    const partial = this.framer.flush();
    if (partial) this.sendFrame(partial);
    this.pendingMarks.set(name, this.sentMs);
    this.write({ event: 'mark', streamSid: this.start.streamSid, mark: { name } });
  }

  playedMs(): number {
    const stillQueued = Math.max(0, this.queuedUntilMs - this.streamNowMs);
    return Math.max(this.confirmedMs, this.sentMs - stillQueued);
  }

  async close(_reason: string): Promise<void> {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
    this.ended('closed_by_us');
  }

  private sendFrame(frame: Int16Array): void {
    const payload = Buffer.from(this.audioOut.encode(frame)).toString('base64');
    this.write({ event: 'media', streamSid: this.start.streamSid, media: { payload } });
    const startsAt = Math.max(this.queuedUntilMs, this.streamNowMs);
    this.queuedUntilMs = startsAt + FRAME_MS;
    this.sentMs += FRAME_MS;
  }

  private write(message: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(text: string): void {
    let message: TwilioInbound;
    try {
      message = JSON.parse(text) as TwilioInbound;
    } catch {
      return;
    }
    switch (message.event) {
      case 'media': {
        const timestamp = Number(message.media?.timestamp);
        if (Number.isFinite(timestamp)) this.streamNowMs = Math.max(this.streamNowMs, timestamp + FRAME_MS);
        if (!message.media?.payload || (message.media.track && message.media.track !== 'inbound')) return;
        this.handlers?.onAudio(this.audioIn.decode(Buffer.from(message.media.payload, 'base64')));
        return;
      }
      case 'mark': {
        const name = message.mark?.name;
        if (name === undefined) return;
        const sentAt = this.pendingMarks.get(name);
        if (sentAt !== undefined) {
          this.pendingMarks.delete(name);
          this.confirmedMs = Math.max(this.confirmedMs, sentAt);
        }
        this.handlers?.onMark?.(name);
        return;
      }
      case 'dtmf':
        if (message.dtmf?.digit) this.handlers?.onDtmf?.(message.dtmf.digit);
        return;
      case 'stop':
        this.ended('hangup');
        return;
    }
  }

  private ended(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers?.onClose(reason);
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
  }
}

export interface TwilioInbound {
  event?: string;
  streamSid?: string;
  start?: { streamSid?: string; callSid?: string; accountSid?: string; customParameters?: Record<string, string> };
  media?: { track?: string; chunk?: string; timestamp?: string; payload?: string };
  mark?: { name?: string };
  dtmf?: { digit?: string };
}

/**
 * Waits for Twilio's `connected` and `start` (the first two messages of a stream); resolves the
 * start's details, or null if the socket closes or sends something else first or time runs out.
 */
export function awaitStreamStart(socket: WebSocket, timeoutMs: number): Promise<TwilioStreamStart | null> {
  return new Promise((resolve) => {
    const finish = (value: TwilioStreamStart | null) => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const onClose = () => finish(null);
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (isBinary) return finish(null);
      let message: TwilioInbound;
      try {
        message = JSON.parse(data.toString()) as TwilioInbound;
      } catch {
        return finish(null);
      }
      if (message.event === 'connected') return;
      const start = message.start;
      if (message.event !== 'start' || !start?.callSid || !start.accountSid) return finish(null);
      finish({
        streamSid: start.streamSid ?? message.streamSid ?? '',
        callSid: start.callSid,
        accountSid: start.accountSid,
        customParameters: start.customParameters ?? {},
      });
    };
    socket.on('message', onMessage);
    socket.on('close', onClose);
  });
}
