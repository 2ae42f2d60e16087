import { createServer, type IncomingHttpHeaders } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { bytesToPcm16, pcm16ToBytes } from '../../../src/modules/calls/audio/frames.js';
import { decodeMulaw, encodeMulaw } from '../../../src/modules/calls/audio/g711.js';
import { signalForText } from '../../../src/modules/calls/audio/test-signal.js';
import { listen } from './speech.js';

export type FakeRealtimeDialect = 'ga' | 'beta';

export interface FakeRealtimeConnection {
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Client events received, parsed, in order (input_audio_buffer.append included). */
  events: Array<{ type: string; [key: string]: unknown }>;
  socket: WebSocket;
  send(event: Record<string, unknown>): void;
  /** Decoded input audio (from the formats of the last session.update), at its own rate. */
  inputAudio(): { samples: Int16Array; sampleRate: number };
  /** Streams a spoken answer: the test signal of `text`, its transcript, then response.done. */
  speak(text: string, ids?: { responseId?: string; itemId?: string; deltas?: number }): void;
  /** Starts an answer and sends only part of its audio (barge-in tests), leaving it in progress. */
  startSpeaking(text: string, fraction: number, ids?: { responseId?: string; itemId?: string }): void;
  functionCall(name: string, args: Record<string, unknown>, callId: string): void;
  speechStarted(itemId?: string): void;
  userTranscript(text: string, itemId?: string): void;
  waitFor(type: string, count?: number): Promise<void>;
}

/**
 * An OpenAI Realtime server on 127.0.0.1 (`/v1/realtime?model=`), speaking GA or beta event names.
 * It answers session.update with session.updated and a cancelled response with response.done
 * (status cancelled); everything else is driven by the test.
 */
export async function startFakeRealtime(options: { apiKey: string; dialect?: FakeRealtimeDialect }) {
  const dialect = options.dialect ?? 'ga';
  const connections: FakeRealtimeConnection[] = [];
  const waiters: Array<(c: FakeRealtimeConnection) => void> = [];
  const server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/v1/realtime' || req.headers.authorization !== `Bearer ${options.apiKey}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\r\n{"error":{"message":"Incorrect API key provided"}}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = attach(ws, dialect, Object.fromEntries(url.searchParams), req.headers);
      connections.push(connection);
      waiters.splice(0).forEach((w) => w(connection));
    });
  });
  const origin = await listen(server);
  return {
    baseUrl: `${origin}/v1`,
    connections,
    nextConnection: (index = connections.length) =>
      connections[index] ? Promise.resolve(connections[index]) : new Promise<FakeRealtimeConnection>((r) => waiters.push(r)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function attach(
  ws: WebSocket,
  dialect: FakeRealtimeDialect,
  query: Record<string, string>,
  headers: IncomingHttpHeaders,
): FakeRealtimeConnection {
  const names =
    dialect === 'ga'
      ? { audio: 'response.output_audio', transcript: 'response.output_audio_transcript', itemAdded: 'conversation.item.added' }
      : { audio: 'response.audio', transcript: 'response.audio_transcript', itemAdded: 'conversation.item.created' };
  const waiters: Array<{ type: string; count: number; resolve: () => void }> = [];
  let mulaw = false;
  let activeResponse: string | undefined;
  let counter = 0;
  const send = (event: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: `event_${++counter}`, ...event }));
  };
  const outputBytes = (text: string) =>
    mulaw ? Buffer.from(encodeMulaw(signalForText(text, 8000))) : pcm16ToBytes(signalForText(text, 24000));
  const begin = (responseId: string, itemId: string) => {
    activeResponse = responseId;
    send({ type: 'response.created', response: { id: responseId, status: 'in_progress', output: [] } });
    send({
      type: 'response.output_item.added',
      response_id: responseId,
      output_index: 0,
      item: { id: itemId, type: 'message', role: 'assistant' },
    });
    send({ type: names.itemAdded, item: { id: itemId, type: 'message', role: 'assistant' } });
  };
  const sendAudio = (bytes: Buffer, responseId: string, itemId: string, deltas: number) => {
    const size = Math.ceil(bytes.length / deltas);
    for (let o = 0; o < bytes.length; o += size) {
      send({
        type: `${names.audio}.delta`,
        response_id: responseId,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: bytes.subarray(o, o + size).toString('base64'),
      });
    }
  };
  const connection: FakeRealtimeConnection = {
    query,
    headers,
    events: [],
    socket: ws,
    send,
    inputAudio() {
      const bytes = Buffer.concat(
        connection.events.filter((e) => e.type === 'input_audio_buffer.append').map((e) => Buffer.from(String(e.audio), 'base64')),
      );
      return mulaw ? { samples: decodeMulaw(bytes), sampleRate: 8000 } : { samples: bytesToPcm16(bytes), sampleRate: 24000 };
    },
    speak(text, ids = {}) {
      const responseId = ids.responseId ?? `resp_${++counter}`;
      const itemId = ids.itemId ?? `item_${++counter}`;
      begin(responseId, itemId);
      sendAudio(outputBytes(text), responseId, itemId, ids.deltas ?? 7);
      send({ type: `${names.audio}.done`, response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 });
      const half = Math.floor(text.length / 2);
      send({ type: `${names.transcript}.delta`, response_id: responseId, item_id: itemId, delta: text.slice(0, half) });
      send({ type: `${names.transcript}.delta`, response_id: responseId, item_id: itemId, delta: text.slice(half) });
      send({ type: `${names.transcript}.done`, response_id: responseId, item_id: itemId, transcript: text });
      send({ type: 'response.done', response: { id: responseId, status: 'completed', output: [{ id: itemId, type: 'message' }] } });
      activeResponse = undefined;
    },
    startSpeaking(text, fraction, ids = {}) {
      const responseId = ids.responseId ?? `resp_${++counter}`;
      const itemId = ids.itemId ?? `item_${++counter}`;
      begin(responseId, itemId);
      const bytes = outputBytes(text);
      sendAudio(bytes.subarray(0, Math.floor(bytes.length * fraction)), responseId, itemId, 3);
    },
    functionCall(name, args, callId) {
      const responseId = `resp_${++counter}`;
      const itemId = `item_${++counter}`;
      const json = JSON.stringify(args);
      send({ type: 'response.created', response: { id: responseId, status: 'in_progress', output: [] } });
      send({
        type: 'response.function_call_arguments.delta',
        response_id: responseId,
        item_id: itemId,
        call_id: callId,
        delta: json.slice(0, 5),
      });
      send({
        type: 'response.function_call_arguments.done',
        response_id: responseId,
        item_id: itemId,
        output_index: 0,
        call_id: callId,
        name,
        arguments: json,
      });
      send({
        type: 'response.done',
        response: { id: responseId, status: 'completed', output: [{ type: 'function_call', name, call_id: callId, arguments: json }] },
      });
    },
    speechStarted: (itemId = `item_${++counter}`) =>
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: itemId }),
    userTranscript: (text, itemId = `item_${++counter}`) =>
      send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript: text }),
    waitFor: (type, count = 1) =>
      connection.events.filter((e) => e.type === type).length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ type, count, resolve })),
  };
  ws.on('message', (data) => {
    const event = JSON.parse(data.toString()) as { type: string; [key: string]: unknown };
    connection.events.push(event);
    if (event.type === 'session.update') {
      const session = event.session as Record<string, any>;
      mulaw = dialect === 'ga' ? session.audio?.input?.format?.type === 'audio/pcmu' : session.input_audio_format === 'g711_ulaw';
      send({ type: 'session.updated', session });
    }
    if (event.type === 'response.cancel' && activeResponse) {
      send({ type: 'response.done', response: { id: activeResponse, status: 'cancelled', output: [] } });
      activeResponse = undefined;
    }
    for (const w of [...waiters]) {
      if (connection.events.filter((e) => e.type === w.type).length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  return connection;
}
