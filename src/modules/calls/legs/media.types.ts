/**
 * One live call leg as the engine sees it, whatever carries it (a Twilio media stream, a browser
 * WebSocket, a WebRTC peer). Audio is PCM16 mono 16 kHz in both directions (see speech.types.ts).
 */
export interface CallMediaHandlers {
  onAudio(frame: Int16Array): void;
  onDtmf?(digit: string): void;
  /** A mark sent with `mark()` was reached in playback (the audio before it was played). */
  onMark?(name: string): void;
  /** The far end hung up or the transport closed. */
  onClose(reason: string): void;
}

export interface CallMedia {
  /** Queues audio for playback, in order. */
  send(frame: Int16Array): void;
  /** Drops every queued, not yet played frame (barge-in). */
  clear(): void;
  /** Asks to be told (onMark) when everything queued so far has been played. */
  mark(name: string): void;
  /** Milliseconds of audio actually played so far, for truncating an interrupted turn. */
  playedMs(): number;
  /** Optional side channel for text events (the browser leg shows a live transcript). */
  event?(payload: Record<string, unknown>): void;
  close(reason: string): Promise<void>;
  setHandlers(handlers: CallMediaHandlers): void;
}
