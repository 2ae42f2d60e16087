import type WebSocket from 'ws';
import { SampleFramer, samplesPerFrame } from '../audio/frames.js';
import { encodeMulaw } from '../audio/g711.js';
import { createResampler } from '../audio/resampler.js';
import { createBodyDecoder } from './http-audio.js';
import {
  normaliseEvent,
  sessionUpdate,
  type RealtimeDialect,
  type RealtimeServerEvent,
  type RealtimeSessionConfig,
} from './realtime-protocol.js';
import { SpeechProviderError } from './speech-errors.js';
import { ENGINE_SAMPLE_RATE } from './speech.types.js';
import { connectWebSocket, toWebSocketUrl } from './ws-connect.js';

export interface RealtimeClientOptions {
  /** e.g. https://api.openai.com/v1 (the socket goes to wss://.../realtime?model=...). */
  baseUrl: string;
  apiKey?: string;
  dialect: RealtimeDialect;
  timeoutMs: number;
}

export interface RealtimeFunctionCall {
  callId: string;
  name: string;
  /** The model's JSON arguments, as sent (the caller validates them). */
  arguments: string;
}

export interface RealtimeHandlers {
  /** Model speech as engine frames (20 ms, PCM16 16 kHz). */
  onAudio(frame: Int16Array): void;
  /** The text of the model's answer: spoken transcript (audio output) or the text (text output). */
  onAssistantText?(event: { text: string; final: boolean }): void;
  onUserTranscript?(text: string): void;
  /** The caller's words so far in the turn being transcribed (streaming transcription). */
  onUserTranscriptDelta?(textSoFar: string): void;
  /** The caller's turn could not be transcribed. */
  onUserTranscriptFailed?(): void;
  /** The server's VAD ended the caller's turn and committed it to the conversation. */
  onInputCommitted?(): void;
  /** The server's VAD heard the caller start: stop playback (barge-in), then call interrupt(). */
  onSpeechStarted?(): void;
  /** The server's VAD heard the caller stop. */
  onSpeechStopped?(): void;
  onFunctionCall(call: RealtimeFunctionCall): void;
  /** The model started a new response (a cancelled one has ended by then). */
  onResponseCreated?(): void;
  onResponseDone?(response: { id: string; status: string }): void;
  onError(error: Error): void;
  /** The connection ended without close() being called. */
  onClose?(reason: string): void;
}

export interface RealtimeSession {
  /** Sends caller audio (engine frames) to the input buffer. */
  appendAudio(frame: Int16Array): void;
  /** Asks for a response now (e.g. the greeting), optionally with one-off instructions. */
  createResponse(instructions?: string): void;
  /** Returns a tool's result and lets the model continue. */
  sendFunctionResult(callId: string, output: unknown): void;
  /**
   * Barge-in: cancels the response in progress and truncates the assistant's audio item to what
   * the caller actually heard, so the model's memory matches the call.
   */
  interrupt(playedMs: number): void;
  close(): Promise<void>;
}

/** No caller audio is wanted from a cancelled response: a late `response.cancel` error is not a failure. */
const BENIGN_ERROR_CODES = new Set(['response_cancel_not_active']);

export async function openRealtimeSession(
  options: RealtimeClientOptions,
  config: RealtimeSessionConfig,
  handlers: RealtimeHandlers,
): Promise<RealtimeSession> {
  const url = toWebSocketUrl(options.baseUrl, 'realtime');
  url.searchParams.set('model', config.model);
  const headers: Record<string, string> = {};
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  if (options.dialect === 'beta') headers['openai-beta'] = 'realtime=v1';
  const socket = await connectWebSocket('realtime', url, headers, options.timeoutMs);
  const session = createSession(socket, config, handlers);
  socket.send(JSON.stringify(sessionUpdate(options.dialect, config)));
  return session;
}

function createSession(socket: WebSocket, config: RealtimeSessionConfig, handlers: RealtimeHandlers): RealtimeSession {
  const inputRate = config.audioFormat === 'pcmu' ? 8000 : 24000;
  const toProvider = createResampler(ENGINE_SAMPLE_RATE, inputRate);
  const outputFormat =
    config.audioFormat === 'pcmu' ? ({ encoding: 'mulaw' } as const) : ({ encoding: 'pcm16', sampleRate: 24000 } as const);
  let fromProvider = createBodyDecoder(outputFormat);
  const framer = new SampleFramer(samplesPerFrame(ENGINE_SAMPLE_RATE));
  let responseActive = false;
  // The assistant audio item being played, and how much of it arrived (truncate must not exceed it).
  let audioItem: { id: string; receivedMs: number } | undefined;
  let assistantText = '';
  // The caller's words as they are transcribed, per input item.
  const userText = new Map<string, string>();
  // After a barge-in, deltas of the cancelled response still in flight are dropped.
  let muted = false;
  let closing = false;

  const send = (event: Record<string, unknown>) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };
  const flushAudio = () => {
    const last = framer.flush();
    if (last) handlers.onAudio(last);
  };

  const onEvent = (event: RealtimeServerEvent) => {
    switch (event.type) {
      case 'response.created':
        responseActive = true;
        muted = false;
        assistantText = '';
        handlers.onResponseCreated?.();
        break;
      case 'response.output_audio.delta': {
        if (muted) break;
        const bytes = Buffer.from(String(event.delta ?? ''), 'base64');
        const itemId = String(event.item_id ?? '');
        if (audioItem?.id !== itemId) audioItem = { id: itemId, receivedMs: 0 };
        audioItem.receivedMs += bytes.length / (config.audioFormat === 'pcmu' ? 8 : 48);
        for (const frame of framer.push(fromProvider(bytes))) handlers.onAudio(frame);
        break;
      }
      case 'response.output_audio.done':
        flushAudio();
        break;
      case 'response.output_audio_transcript.delta':
      case 'response.output_text.delta':
        // The cancelled answer's words, like its audio, were never heard.
        if (muted) break;
        assistantText += String(event.delta ?? '');
        handlers.onAssistantText?.({ text: assistantText, final: false });
        break;
      case 'response.output_audio_transcript.done':
      case 'response.output_text.done':
        if (muted) break;
        assistantText = String(event.transcript ?? event.text ?? assistantText);
        handlers.onAssistantText?.({ text: assistantText, final: true });
        break;
      case 'conversation.item.input_audio_transcription.delta': {
        const itemId = String(event.item_id ?? '');
        const text = (userText.get(itemId) ?? '') + String(event.delta ?? '');
        userText.set(itemId, text);
        handlers.onUserTranscriptDelta?.(text.trim());
        break;
      }
      case 'conversation.item.input_audio_transcription.completed':
        userText.delete(String(event.item_id ?? ''));
        handlers.onUserTranscript?.(String(event.transcript ?? '').trim());
        break;
      case 'conversation.item.input_audio_transcription.failed':
        userText.delete(String(event.item_id ?? ''));
        handlers.onUserTranscriptFailed?.();
        break;
      case 'input_audio_buffer.committed':
        handlers.onInputCommitted?.();
        break;
      case 'input_audio_buffer.speech_started':
        handlers.onSpeechStarted?.();
        break;
      case 'input_audio_buffer.speech_stopped':
        handlers.onSpeechStopped?.();
        break;
      case 'response.function_call_arguments.done':
        handlers.onFunctionCall({ callId: String(event.call_id), name: String(event.name), arguments: String(event.arguments ?? '{}') });
        break;
      case 'response.done': {
        responseActive = false;
        flushAudio();
        const response = (event.response ?? {}) as { id?: string; status?: string };
        handlers.onResponseDone?.({ id: String(response.id ?? ''), status: String(response.status ?? 'completed') });
        break;
      }
      case 'error': {
        const error = (event.error ?? {}) as { message?: string; code?: string };
        if (!BENIGN_ERROR_CODES.has(String(error.code)))
          handlers.onError(new SpeechProviderError('realtime', error.message ?? 'error event'));
        break;
      }
    }
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    try {
      onEvent(normaliseEvent(JSON.parse(data.toString()) as RealtimeServerEvent));
    } catch (error) {
      handlers.onError(error instanceof Error ? error : new Error(String(error)));
    }
  });
  const closed = new Promise<void>((resolve) => {
    socket.once('close', (code, reason) => {
      if (!closing) handlers.onClose?.(`${code} ${reason.toString()}`.trim());
      resolve();
    });
  });
  socket.on('error', (error) => {
    if (!closing) handlers.onError(new SpeechProviderError('realtime', `connection error (${error.message})`));
  });

  return {
    appendAudio(frame) {
      const converted = toProvider.process(frame);
      const payload =
        config.audioFormat === 'pcmu'
          ? Buffer.from(encodeMulaw(converted))
          : Buffer.from(converted.buffer, converted.byteOffset, converted.byteLength);
      // 50 times a second per call: the event written out directly (base64 needs no JSON escaping),
      // the same text JSON.stringify would give without it scanning the audio.
      if (socket.readyState === socket.OPEN) socket.send(`{"type":"input_audio_buffer.append","audio":"${payload.toString('base64')}"}`);
    },
    createResponse(instructions) {
      send(instructions ? { type: 'response.create', response: { instructions } } : { type: 'response.create' });
    },
    sendFunctionResult(callId, output) {
      send({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: callId, output: typeof output === 'string' ? output : JSON.stringify(output) },
      });
      send({ type: 'response.create' });
    },
    interrupt(playedMs) {
      if (responseActive) send({ type: 'response.cancel' });
      if (audioItem) {
        send({
          type: 'conversation.item.truncate',
          item_id: audioItem.id,
          content_index: 0,
          audio_end_ms: Math.max(0, Math.min(Math.round(playedMs), Math.floor(audioItem.receivedMs))),
        });
        audioItem = undefined;
      }
      // Audio still in flight for the cancelled response must not reach the caller.
      muted = responseActive;
      framer.clear();
      fromProvider = createBodyDecoder(outputFormat);
    },
    async close() {
      if (closing) return closed;
      closing = true;
      socket.close(1000);
      const timer = setTimeout(() => socket.terminate(), 2000);
      await closed;
      clearTimeout(timer);
    },
  };
}
