import { createServer, type IncomingHttpHeaders } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { bytesToPcm16, concatSamples } from '../../../src/modules/calls/audio/frames.js';
import { listen, readBody, recognise, signalBytes, streamAudioBody, type AudioPacing, type StreamedAudio } from './speech.js';

export interface FakeDeepgramListen {
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Binary audio received, in order (linear16 as configured by the client). */
  audio: Buffer[];
  /** Text frames received, parsed (KeepAlive, CloseStream, Finalize). */
  controls: Array<{ type: string }>;
  closed: boolean;
  socket: WebSocket;
  /** Sends a Results message for the channel's first alternative. */
  results(transcript: string, flags: { isFinal: boolean; speechFinal?: boolean }): void;
  utteranceEnd(): void;
  speechStarted(): void;
  /** Received audio as 16 kHz samples. */
  samples(): Int16Array;
  /** Resolves when a control message of this type arrives (at once if it already did). */
  waitForControl(type: string): Promise<void>;
}

export interface FakeDeepgramSpeak {
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: { text: string };
  streamed?: StreamedAudio;
}

/**
 * Deepgram on 127.0.0.1: the live transcription socket (`/v1/listen`, `Authorization: Token`)
 * and Aura (`POST /v1/speak`, answering the test signal of `text` as linear16 16 kHz). Tests
 * drive transcripts with `results`/`utteranceEnd`; with `knowPhrases`, a phrase whose test signal
 * arrives in the audio is transcribed by itself (interim, then final with speech_final) once
 * 200 ms of silence follow it. CloseStream is answered with Metadata and a normal close.
 */
export async function startFakeDeepgram(options: { apiKey: string }) {
  const listens: FakeDeepgramListen[] = [];
  const speaks: FakeDeepgramSpeak[] = [];
  const phrases: string[] = [];
  const connectionWaiters: Array<(l: FakeDeepgramListen) => void> = [];
  let pacing: AudioPacing = {};

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method !== 'POST' || url.pathname !== '/v1/speak') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.authorization !== `Token ${options.apiKey}`) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.' }));
        return;
      }
      const record: FakeDeepgramSpeak = {
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: JSON.parse((await readBody(req)).toString('utf8')) as { text: string },
      };
      speaks.push(record);
      record.streamed = await streamAudioBody(req, res, signalBytes(record.body.text, 16000), 'audio/l16', pacing);
    })();
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/v1/listen' || req.headers.authorization !== `Token ${options.apiKey}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"err_code":"INVALID_AUTH"}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const listen = attach(ws, Object.fromEntries(url.searchParams), req.headers, phrases);
      listens.push(listen);
      connectionWaiters.splice(0).forEach((w) => w(listen));
    });
  });
  const baseUrl = await listen(server);
  return {
    baseUrl,
    listens,
    speaks,
    knowPhrases: (...texts: string[]) => phrases.push(...texts),
    setPacing: (next: AudioPacing) => (pacing = next),
    /** The next (or an already open, not yet taken) listen connection. */
    nextListen: (index = listens.length) =>
      listens[index] ? Promise.resolve(listens[index]) : new Promise<FakeDeepgramListen>((r) => connectionWaiters.push(r)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function attach(ws: WebSocket, query: Record<string, string>, headers: IncomingHttpHeaders, phrases: string[]): FakeDeepgramListen {
  const controlWaiters = new Map<string, Array<() => void>>();
  const sendJson = (payload: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload));
  };
  let pending: Int16Array[] = [];
  let quietSamples = 0;
  const listen: FakeDeepgramListen = {
    query,
    headers,
    audio: [],
    controls: [],
    closed: false,
    socket: ws,
    results: (transcript, flags) =>
      sendJson({
        type: 'Results',
        channel_index: [0, 1],
        duration: 1,
        start: 0,
        is_final: flags.isFinal,
        speech_final: flags.speechFinal ?? false,
        from_finalize: false,
        channel: { alternatives: [{ transcript, confidence: 0.98, words: [] }] },
        metadata: { request_id: 'fake', model_info: { name: 'general-nova-3', version: 'fake', arch: 'nova-3' }, model_uuid: 'fake' },
      }),
    utteranceEnd: () => sendJson({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: 1 }),
    speechStarted: () => sendJson({ type: 'SpeechStarted', channel: [0], timestamp: 0 }),
    samples: () => bytesToPcm16(Buffer.concat(listen.audio)),
    waitForControl: (type) =>
      listen.controls.some((c) => c.type === type)
        ? Promise.resolve()
        : new Promise<void>((r) => controlWaiters.set(type, [...(controlWaiters.get(type) ?? []), r])),
  };
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      const bytes = Buffer.from(data as Buffer);
      listen.audio.push(bytes);
      if (phrases.length > 0) {
        const samples = bytesToPcm16(bytes);
        pending.push(samples);
        const loud = samples.some((s) => Math.abs(s) > 300);
        quietSamples = loud ? 0 : quietSamples + samples.length;
        if (quietSamples >= 3200) {
          const heard = recognise(concatSamples(pending), 16000, phrases);
          pending = [];
          if (heard) {
            listen.results(heard.split(' ')[0]!, { isFinal: false });
            listen.results(heard, { isFinal: true, speechFinal: true });
          }
        }
      }
      return;
    }
    const message = JSON.parse(data.toString()) as { type: string };
    listen.controls.push(message);
    controlWaiters
      .get(message.type)
      ?.splice(0)
      .forEach((w) => w());
    if (message.type === 'CloseStream') {
      sendJson({
        type: 'Metadata',
        transaction_key: 'deprecated',
        request_id: 'fake',
        sha256: 'fake',
        created: new Date().toISOString(),
        duration: 1,
        channels: 1,
      });
      ws.close(1000);
    }
  });
  ws.on('close', () => (listen.closed = true));
  return listen;
}
