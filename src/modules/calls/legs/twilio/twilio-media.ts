import type { WebSocket } from 'ws';
import { createPhoneAudioIn, createPhoneAudioOut } from '../../audio/phone-codec.js';
import { FRAME_MS, SampleFramer, samplesPerFrame } from '../../audio/frames.js';
import { ENGINE_SAMPLE_RATE } from '../../speech/speech.types.js';
import type { CallMedia, CallMediaHandlers } from '../media.types.js';
import { CLOSE, INVALID_JSON, isObject, onMessages, parseJsonObject, refuseInput, type InputViolation } from '../socket-guard.js';

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
  /** Why the stream ended, once it has (handlers set later still hear it). */
  private closedReason: string | null = null;

  constructor(
    private readonly socket: WebSocket,
    readonly start: TwilioStreamStart,
  ) {
    onMessages(socket, (data, isBinary) => {
      if (isBinary) return this.refuse(BINARY_FRAME);
      const message = parseJsonObject(data.toString());
      if (!message) return this.refuse(INVALID_JSON);
      this.receive(message);
    });
    socket.on('close', () => this.ended('transport_closed'));
    socket.on('error', () => this.ended('transport_error'));
  }

  setHandlers(handlers: CallMediaHandlers): void {
    this.handlers = handlers;
    // The stream may have closed while the call was being attached to it.
    const closedReason = this.closedReason;
    if (closedReason !== null) queueMicrotask(() => handlers.onClose(closedReason));
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

  private refuse(violation: InputViolation): void {
    refuseInput(this.socket, violation);
    this.ended('bad_input');
  }

  /** Events Twilio may add later are ignored: a new kind of message must not drop live calls. */
  private receive(message: Record<string, unknown>): void {
    switch (message.event) {
      case 'media': {
        const timestamp = Number(stringField(message.media, 'timestamp'));
        if (Number.isFinite(timestamp)) this.streamNowMs = Math.max(this.streamNowMs, timestamp + FRAME_MS);
        const payload = stringField(message.media, 'payload');
        const track = stringField(message.media, 'track');
        if (!payload || (track && track !== 'inbound')) return;
        this.handlers?.onAudio(this.audioIn.decode(Buffer.from(payload, 'base64')));
        return;
      }
      case 'mark': {
        const name = stringField(message.mark, 'name');
        if (name === undefined) return;
        const sentAt = this.pendingMarks.get(name);
        if (sentAt !== undefined) {
          this.pendingMarks.delete(name);
          this.confirmedMs = Math.max(this.confirmedMs, sentAt);
        }
        this.handlers?.onMark?.(name);
        return;
      }
      case 'dtmf': {
        const digit = stringField(message.dtmf, 'digit');
        if (digit) this.handlers?.onDtmf?.(digit);
        return;
      }
      case 'stop':
        this.ended('hangup');
        return;
    }
  }

  private ended(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    this.handlers?.onClose(reason);
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000);
  }
}

const BINARY_FRAME: InputViolation = { code: CLOSE.unsupportedData, reason: 'a media stream carries JSON text messages only' };
const NOT_STARTED: InputViolation = { code: CLOSE.policyViolation, reason: "expected Twilio's connected and start messages" };
const START_TIMEOUT: InputViolation = { code: CLOSE.policyViolation, reason: 'no start message in time' };

/** A string field of a JSON object, or undefined (a peer's JSON may hold anything anywhere). */
function stringField(value: unknown, key: string): string | undefined {
  const field = isObject(value) ? value[key] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/**
 * Waits for Twilio's `connected` and `start` (the first two messages of a stream); resolves the
 * start's details, or null when the socket closed, sent something else first (closed here with
 * the reason) or time ran out (closed likewise).
 */
export function awaitStreamStart(socket: WebSocket, timeoutMs: number): Promise<TwilioStreamStart | null> {
  return new Promise((resolve) => {
    const finish = (value: TwilioStreamStart | null, violation?: InputViolation) => {
      clearTimeout(timer);
      socket.off('message', onMessage);
      socket.off('close', onClose);
      if (violation) refuseInput(socket, violation);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null, START_TIMEOUT), timeoutMs);
    const onClose = () => finish(null);
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (isBinary) return finish(null, BINARY_FRAME);
      const message = parseJsonObject(data.toString());
      if (!message) return finish(null, INVALID_JSON);
      if (message.event === 'connected') return;
      const { start } = message;
      const callSid = stringField(start, 'callSid');
      const accountSid = stringField(start, 'accountSid');
      if (message.event !== 'start' || !isObject(start) || !callSid || !accountSid) return finish(null, NOT_STARTED);
      finish({
        streamSid: stringField(start, 'streamSid') ?? stringField(message, 'streamSid') ?? '',
        callSid,
        accountSid,
        customParameters: isObject(start.customParameters) ? stringValues(start.customParameters) : {},
      });
    };
    socket.on('message', onMessage);
    socket.on('close', onClose);
  });
}

function stringValues(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
