/**
 * Lean provider fakes for the voice benchmark (the test fakes keep every byte they receive, which
 * a few hundred real-time calls would turn into gigabytes): a Deepgram-style live STT socket that
 * discards audio and sends a final transcript on demand, an OpenAI-compatible streaming chat model
 * with a fixed time to first token, an OpenAI-compatible speech endpoint with a fixed time to
 * first byte (and a transcription route answering every utterance with one question), and an
 * OpenAI Realtime socket that answers each response.create with a long answer streamed in real
 * time. Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { pcm16ToBytes } from '../../src/modules/calls/audio/frames.js';
import { tone } from '../../src/modules/calls/audio/test-signal.js';

export interface VoiceFakeOptions {
  llmFirstTokenMs: number;
  ttsFirstByteMs: number;
  /** Audio length for a sentence containing LONG (a continuous voice for the load phase). */
  longAudioMs: number;
}

const FIRST_SENTENCE = 'Sure, here is what I found. ';
const REST = 'It is a short answer.';

async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startVoiceFakes(options: VoiceFakeOptions) {
  const sttSockets: WebSocket[] = [];
  const sttWaiters: Array<(socket: WebSocket) => void> = [];
  const stt = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  stt.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', () => undefined);
      sttSockets.push(ws);
      sttWaiters.splice(0).forEach((w) => w(ws));
    }),
  );

  const llm = createServer((req, res) => void answerChat(req, res, options.llmFirstTokenMs));
  const tts = createServer(
    (req, res) => void (req.url?.endsWith('/audio/transcriptions') ? answerTranscription(req, res) : answerSpeech(req, res, options)),
  );
  const realtime = createServer((_req, res) => res.writeHead(404).end());
  const realtimeWss = new WebSocketServer({ noServer: true });
  realtime.on('upgrade', (req, socket, head) =>
    realtimeWss.handleUpgrade(req, socket, head, (ws) => serveRealtime(ws, options.longAudioMs)),
  );
  const [sttUrl, llmUrl, ttsUrl, realtimeUrl] = await Promise.all([listen(stt), listen(llm), listen(tts), listen(realtime)]);
  return {
    sttUrl,
    llmBaseUrl: `${llmUrl}/v1`,
    ttsBaseUrl: `${ttsUrl}/v1`,
    realtimeBaseUrl: `${realtimeUrl}/v1`,
    /** The STT socket opened next (the calls open theirs one at a time in the latency phase). */
    nextSttSocket: (): Promise<WebSocket> => new Promise((resolve) => sttWaiters.push(resolve)),
    sttSockets,
    /** The caller's turn is over: a Deepgram final result with speech_final. */
    finalTranscript(socket: WebSocket, text: string): void {
      socket.send(
        JSON.stringify({
          type: 'Results',
          channel_index: [0, 1],
          duration: 1,
          start: 0,
          is_final: true,
          speech_final: true,
          from_finalize: false,
          channel: { alternatives: [{ transcript: text, confidence: 0.99, words: [] }] },
        }),
      );
    },
    async close() {
      for (const client of [...wss.clients, ...realtimeWss.clients]) client.terminate();
      for (const server of [stt, llm, tts, realtime]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

async function answerChat(req: IncomingMessage, res: ServerResponse, firstTokenMs: number): Promise<void> {
  const request = JSON.parse(await body(req)) as { stream?: boolean };
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'c',
        object: 'chat.completion',
        created: 0,
        model: 'fake',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{}' } }],
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  await wait(firstTokenMs);
  res.write(chunk({ role: 'assistant', content: FIRST_SENTENCE }));
  res.write(chunk({ content: REST }));
  res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
}

/** OpenAI's `pcm` format: 24 kHz s16le mono; made once, sent as fast as the socket takes it. */
const audioCache = new Map<number, Buffer>();
function audioOf(ms: number): Buffer {
  let audio = audioCache.get(ms);
  if (!audio) audioCache.set(ms, (audio = pcm16ToBytes(tone(440, ms, 24_000, 0.2))));
  return audio;
}

/**
 * A synthesizer streams audio as it generates it, a few times faster than real time: the long
 * answer goes out in 200 ms chunks at SYNTHESIS_SPEED x real time (a second of speech at once
 * would make the measured window decode minutes of audio ahead of the line, which no call does).
 */
const SYNTHESIS_SPEED = 4;
const SPEECH_CHUNK_BYTES = 9_600;

async function answerSpeech(req: IncomingMessage, res: ServerResponse, options: VoiceFakeOptions): Promise<void> {
  const request = JSON.parse(await body(req)) as { input?: string };
  const audio = audioOf(String(request.input).includes('LONG') ? options.longAudioMs : 1_000);
  await wait(options.ttsFirstByteMs);
  res.writeHead(200, { 'content-type': 'audio/pcm' });
  // Short answers (the latency phase) go at once, as a synthesizer's first chunk does.
  if (audio.length <= 2 * 48_000) return void res.end(audio);
  let offset = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    res.write(audio.subarray(offset, offset + SPEECH_CHUNK_BYTES));
    offset += SPEECH_CHUNK_BYTES;
    if (offset < audio.length) return;
    clearInterval(timer);
    res.end();
  }, 200 / SYNTHESIS_SPEED);
  res.on('close', () => clearInterval(timer));
}

async function answerTranscription(req: IncomingMessage, res: ServerResponse): Promise<void> {
  await body(req);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'What time is it?' }));
}

/** Realtime answers: 24 kHz PCM in 200 ms deltas, paced in real time as a model speaks, then done. */
const REALTIME_DELTA_MS = 200;
function serveRealtime(ws: WebSocket, answerMs: number): void {
  const delta = audioOf(REALTIME_DELTA_MS).toString('base64');
  let timer: NodeJS.Timeout | null = null;
  let sequence = 0;
  const send = (event: Record<string, unknown>) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(event));
  ws.on('message', (data) => {
    const text = data.toString();
    // Caller audio (input_audio_buffer.append) is most of the traffic: discarded unparsed.
    if (!text.includes('"response.create"')) return;
    const responseId = `resp_${++sequence}`;
    const itemId = `item_${sequence}`;
    send({ type: 'response.created', response: { id: responseId, status: 'in_progress', output: [] } });
    let sentMs = 0;
    if (timer) clearInterval(timer);
    timer = setInterval(() => {
      send({ type: 'response.output_audio.delta', response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, delta });
      sentMs += REALTIME_DELTA_MS;
      if (sentMs < answerMs) return;
      clearInterval(timer!);
      send({ type: 'response.output_audio.done', response_id: responseId, item_id: itemId });
      send({ type: 'response.done', response: { id: responseId, status: 'completed', output: [] } });
    }, REALTIME_DELTA_MS);
  });
  ws.on('close', () => timer && clearInterval(timer));
}

export type VoiceFakes = Awaited<ReturnType<typeof startVoiceFakes>>;
