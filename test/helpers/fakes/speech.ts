import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToPcm16, pcm16ToBytes } from '../../../src/modules/calls/audio/frames.js';
import { detectSignal, signalForText, symbolsForText } from '../../../src/modules/calls/audio/test-signal.js';
import { createResampler } from '../../../src/modules/calls/audio/resampler.js';
import { decodeWav } from '../../../src/modules/calls/audio/wav.js';
import { recogniseSpeech, type SpeechId } from '../recorded-speech.js';

/** How a fake speech server paces an audio body (first-byte delay, chunk size and spacing). */
export interface AudioPacing {
  firstByteDelayMs?: number;
  chunkBytes?: number;
  chunkDelayMs?: number;
}

export interface StreamedAudio {
  /** True once the client closed the connection before the body was complete (an abort). */
  abortedByClient: boolean;
  bytesSent: number;
}

/** Writes audio as a chunked body at the given pace, stopping when the client goes away. */
export async function streamAudioBody(
  req: IncomingMessage,
  res: ServerResponse,
  audio: Uint8Array,
  contentType: string,
  pacing: AudioPacing = {},
): Promise<StreamedAudio> {
  const result: StreamedAudio = { abortedByClient: false, bytesSent: 0 };
  let gone = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      gone = true;
      result.abortedByClient = true;
    }
  });
  req.on('aborted', () => (gone = true));
  const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
  await wait(pacing.firstByteDelayMs ?? 0);
  if (gone) return result;
  res.writeHead(200, { 'content-type': contentType, 'transfer-encoding': 'chunked' });
  // Odd chunk sizes by default, so clients must carry half samples across chunks.
  const chunkBytes = pacing.chunkBytes ?? 1001;
  for (let offset = 0; offset < audio.length && !gone; offset += chunkBytes) {
    const chunk = audio.subarray(offset, offset + chunkBytes);
    res.write(chunk);
    result.bytesSent += chunk.length;
    if (pacing.chunkDelayMs) await wait(pacing.chunkDelayMs);
  }
  if (!gone) res.end();
  return result;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function listen(server: ReturnType<typeof createServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The text whose test signal the audio carries, among known phrases. */
export function recognise(samples: Int16Array, sampleRate: number, phrases: string[]): string | undefined {
  const heard = detectSignal(samples, sampleRate).join(',');
  return phrases.find((p) => heard.includes(symbolsForText(p).join(',')));
}

/** PCM16 test signal for a text at a rate, as bytes. */
export function signalBytes(text: string, sampleRate: number): Buffer {
  return pcm16ToBytes(signalForText(text, sampleRate));
}

export interface FakeSpeechRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  streamed?: StreamedAudio;
}

export interface FakeTranscriptionRequest {
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  /** The uploaded utterance, decoded from its WAV. */
  sampleRate: number;
  samples: Int16Array;
}

/**
 * An OpenAI-compatible speech server on 127.0.0.1: `POST /v1/audio/speech` streams the test
 * signal of `input` as raw PCM16 at 24 kHz (what `response_format: "pcm"` returns), and
 * `POST /v1/audio/transcriptions` takes a multipart WAV and answers `{"text"}`: the recorded
 * phrase it carries, else the phrase whose test signal it carries, else the next scripted text,
 * else "transcript N".
 */
export async function startFakeSpeech(options: { apiKey?: string } = {}) {
  const speechRequests: FakeSpeechRequest[] = [];
  const transcriptionRequests: FakeTranscriptionRequest[] = [];
  const transcripts: Array<string | { status: number; delayMs?: number } | { text: string; delayMs: number }> = [];
  const phrases: string[] = [];
  const recorded: SpeechId[] = [];
  let pacing: AudioPacing = {};

  const server = createServer((req, res) => {
    void (async () => {
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/audio/speech') {
        const body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
        const record: FakeSpeechRequest = { path: req.url, headers: req.headers, body };
        speechRequests.push(record);
        record.streamed = await streamAudioBody(req, res, signalBytes(String(body.input), 24000), 'audio/pcm', pacing);
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: req.headers as Record<string, string>,
          body: new Uint8Array(await readBody(req)),
        }).formData();
        const file = form.get('file') as File;
        const wav = decodeWav(Buffer.from(await file.arrayBuffer()));
        const samples = bytesToPcm16(wav.data);
        const fields: Record<string, string> = {};
        for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
        transcriptionRequests.push({
          headers: req.headers,
          fields,
          fileName: file.name,
          fileType: file.type,
          sampleRate: wav.sampleRate,
          samples,
        });
        const spoken = recorded.length > 0 ? recogniseSpeech(samples, wav.sampleRate, recorded)?.text : undefined;
        const scripted =
          spoken ?? recognise(samples, wav.sampleRate, phrases) ?? transcripts.shift() ?? `transcript ${transcriptionRequests.length}`;
        if (typeof scripted === 'object' && scripted.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
        if (typeof scripted === 'object' && 'status' in scripted) {
          res
            .writeHead(scripted.status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'Scripted failure' } }));
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ text: typeof scripted === 'string' ? scripted : scripted.text }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
    })();
  });
  const origin = await listen(server);
  return {
    baseUrl: `${origin}/v1`,
    speechRequests,
    transcriptionRequests,
    /** Phrases recognised from their test signal in uploaded audio. */
    knowPhrases: (...texts: string[]) => phrases.push(...texts),
    /** Recorded phrases transcribed from their audio, without their first word when it arrived cut. */
    knowRecordedSpeech: (...ids: SpeechId[]) => recorded.push(...ids),
    /** Answers for the next transcriptions that carry no known phrase. */
    queueTranscripts: (...items: typeof transcripts) => transcripts.push(...items),
    setPacing: (next: AudioPacing) => (pacing = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeSpeech = Awaited<ReturnType<typeof startFakeSpeech>>;

/** Resamples what a client received to 16 kHz for detection, whatever the provider's rate. */
export function to16k(samples: Int16Array, sampleRate: number): Int16Array {
  return sampleRate === 16000 ? samples : createResampler(sampleRate, 16000).process(samples);
}
