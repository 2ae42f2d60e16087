import type WebSocket from 'ws';
import { pcm16ToBytes } from '../audio/frames.js';
import { SpeechProviderError } from './speech-errors.js';
import type { SttOptions, SttProvider, SttSession, SttSessionHandlers } from './speech.types.js';
import { connectWebSocket, toWebSocketUrl } from './ws-connect.js';

export interface DeepgramSttOptions {
  apiKey: string;
  /** e.g. https://api.deepgram.com (the socket goes to wss://.../v1/listen). */
  baseUrl: string;
  model: string;
  timeoutMs: number;
  /** Deepgram closes a socket that gets nothing for 10 s; a KeepAlive goes after this much quiet. */
  keepAliveMs?: number;
  /** Gap after the last final word that ends the turn even in noise (UtteranceEnd). */
  utteranceEndMs?: number;
  /** How long close() waits for Deepgram to flush and close after CloseStream. */
  closeTimeoutMs?: number;
}

interface DeepgramMessage {
  type?: string;
  is_final?: boolean;
  speech_final?: boolean;
  channel?: { alternatives?: Array<{ transcript?: string }> };
  description?: string;
  message?: string;
}

/**
 * Deepgram live transcription (`/v1/listen` WebSocket) of engine audio (linear16, 16 kHz).
 * Every TranscriptEvent carries the caller's whole turn so far: the finalised segments plus the
 * current interim one. A turn ends on `speech_final` (endpointing) or `UtteranceEnd`.
 */
export function createDeepgramStt(options: DeepgramSttOptions): SttProvider {
  return {
    name: 'deepgram',
    async open(sttOptions: SttOptions, handlers: SttSessionHandlers): Promise<SttSession> {
      const url = toWebSocketUrl(options.baseUrl, '/v1/listen');
      const query: Record<string, string> = {
        model: options.model,
        language: sttOptions.language,
        encoding: 'linear16',
        sample_rate: '16000',
        channels: '1',
        interim_results: 'true',
        endpointing: String(sttOptions.endpointingMs ?? 300),
        utterance_end_ms: String(options.utteranceEndMs ?? 1000),
        vad_events: 'true',
        smart_format: 'true',
        punctuate: 'true',
      };
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      const socket = await connectWebSocket('deepgram', url, { authorization: `Token ${options.apiKey}` }, options.timeoutMs);
      return startSession(socket, options, handlers);
    },
  };
}

function startSession(socket: WebSocket, options: DeepgramSttOptions, handlers: SttSessionHandlers): SttSession {
  let finals: string[] = [];
  let closing = false;
  let lastSentAt = Date.now();
  const keepAliveMs = options.keepAliveMs ?? 4000;
  const keepAlive = setInterval(
    () => {
      if (Date.now() - lastSentAt >= keepAliveMs && socket.readyState === socket.OPEN) send(JSON.stringify({ type: 'KeepAlive' }));
    },
    Math.max(10, Math.floor(keepAliveMs / 2)),
  );
  keepAlive.unref();

  const send = (data: string | Buffer) => {
    lastSentAt = Date.now();
    socket.send(data);
  };
  const turnText = (interim = '') => [...finals, interim].filter(Boolean).join(' ');
  const endTurn = () => {
    const text = turnText();
    finals = [];
    if (text) handlers.onTranscript({ text, isFinal: true, endOfTurn: true });
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: DeepgramMessage;
    try {
      message = JSON.parse(data.toString()) as DeepgramMessage;
    } catch {
      return;
    }
    if (message.type === 'Results') {
      const transcript = message.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
      if (!message.is_final) {
        if (transcript) handlers.onTranscript({ text: turnText(transcript), isFinal: false, endOfTurn: false });
        return;
      }
      if (transcript) finals.push(transcript);
      if (message.speech_final) endTurn();
      else if (transcript) handlers.onTranscript({ text: turnText(), isFinal: true, endOfTurn: false });
    } else if (message.type === 'UtteranceEnd') {
      endTurn();
    } else if (message.type === 'SpeechStarted') {
      handlers.onSpeechStarted?.();
    } else if (message.type === 'Error') {
      handlers.onError(new SpeechProviderError('deepgram', message.description ?? message.message ?? 'error message'));
    }
  });
  const closed = new Promise<void>((resolve) => {
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      if (!closing) handlers.onError(new SpeechProviderError('deepgram', `connection closed (${code} ${reason.toString()})`.trim()));
      resolve();
    });
  });
  socket.on('error', (error) => {
    if (!closing) handlers.onError(new SpeechProviderError('deepgram', `connection error (${error.message})`));
  });

  return {
    write(frame) {
      if (!closing && socket.readyState === socket.OPEN) send(pcm16ToBytes(frame));
    },
    async close() {
      if (closing) return closed;
      closing = true;
      clearInterval(keepAlive);
      if (socket.readyState === socket.OPEN) {
        // Deepgram answers CloseStream with the last results and Metadata, then closes.
        send(JSON.stringify({ type: 'CloseStream' }));
        const timer = setTimeout(() => socket.terminate(), options.closeTimeoutMs ?? 2000);
        await closed;
        clearTimeout(timer);
      } else {
        socket.terminate();
        await closed;
      }
      endTurn();
    },
  };
}
