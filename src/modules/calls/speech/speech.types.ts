/**
 * The contracts between a call's engine and its speech providers. Inside the engine, audio is
 * always PCM16 little-endian mono at 16 kHz in `Int16Array` frames (20 ms = 320 samples); each
 * adapter converts to and from its provider's format, and each telephony leg converts to and from
 * its wire format, so the engine never sees μ-law, 8 kHz or 24 kHz.
 */

export const ENGINE_SAMPLE_RATE = 16_000;

export interface TranscriptEvent {
  text: string;
  /** The provider will not revise this text any more. */
  isFinal: boolean;
  /** The speaker finished a turn (endpointing, UtteranceEnd or the local VAD's speech end). */
  endOfTurn: boolean;
}

export interface SttSessionHandlers {
  onTranscript(event: TranscriptEvent): void;
  /** The caller started speaking (used for barge-in before any text arrives). */
  onSpeechStarted?(): void;
  onError(error: Error): void;
}

export interface SttSession {
  /** Feeds one frame of caller audio; never blocks. */
  write(frame: Int16Array): void;
  /** Flushes what is buffered and closes the provider connection. */
  close(): Promise<void>;
}

export interface SttOptions {
  language: string;
  /** Endpointing silence, ms: how long a pause ends the caller's turn. */
  endpointingMs?: number;
}

export interface SttProvider {
  readonly name: string;
  open(options: SttOptions, handlers: SttSessionHandlers): Promise<SttSession>;
}

export interface TtsRequest {
  text: string;
  voice: string;
  language: string;
  /** 0.7 to 1.2 (the assistant's speech_speed). */
  speed?: number;
  stability?: number;
  similarity?: number;
  signal?: AbortSignal;
}

export interface TtsProvider {
  readonly name: string;
  /** Audio frames as they arrive from the provider, already at 16 kHz PCM16. */
  synthesize(request: TtsRequest): AsyncIterable<Int16Array>;
}
