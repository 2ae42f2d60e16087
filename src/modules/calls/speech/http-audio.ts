import { Pcm16Decoder, SampleFramer, samplesPerFrame } from '../audio/frames.js';
import { decodeMulaw } from '../audio/g711.js';
import { createResampler } from '../audio/resampler.js';
import { ENGINE_SAMPLE_RATE } from './speech.types.js';
import { describeErrorBody, SpeechProviderError } from './speech-errors.js';

/** What a provider's HTTP body carries: raw PCM16 LE at some rate, or raw μ-law at 8 kHz. */
export type BodyAudioFormat = { encoding: 'pcm16'; sampleRate: number } | { encoding: 'mulaw' };

export interface AudioRequest {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  format: BodyAudioFormat;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * POSTs a synthesis request and yields engine frames (20 ms, PCM16 16 kHz) as the body streams
 * in, so the first frame can play while the provider is still generating. The caller's signal
 * aborts the request (the socket is closed at once); the timeout covers only the wait for the
 * response headers, since a long sentence may legitimately stream for many seconds.
 */
export async function* streamSpeech(request: AudioRequest): AsyncGenerator<Int16Array> {
  const controller = new AbortController();
  const abort = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) return;
  request.signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new SpeechProviderError(request.provider, `no answer within ${request.timeoutMs} ms`)),
    request.timeoutMs,
  );
  try {
    let response: Response;
    try {
      response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: controller.signal });
    } catch (error) {
      if (request.signal?.aborted) return;
      throw asProviderError(request.provider, error, controller.signal);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok || !response.body) {
      throw new SpeechProviderError(
        request.provider,
        `HTTP ${response.status} ${await describeErrorBody(response)}`.trim(),
        response.status,
      );
    }
    yield* framesOf(response.body, request.format, request.provider, request.signal);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abort);
    // Ends the request if the consumer stopped early (return() on the generator) or aborted.
    controller.abort();
  }
}

/**
 * Bytes of the body decoded in one pass: 40 ms of 24 kHz PCM16. A synthesizer (or its buffer)
 * may hand over many seconds at once, and the body's stream, the framing and the line's queue are
 * all promise chains: decoding a whole long chunk would hold the event loop, and with it every
 * call's outbound pacing, for tens of milliseconds. Between slices the loop gets its turn, so
 * the slices of many calls' audio arriving together cannot hold back the next pacing tick.
 */
const SLICE_BYTES = 1_920;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* framesOf(body: ReadableStream<Uint8Array>, format: BodyAudioFormat, provider: string, signal?: AbortSignal) {
  const toEngine = createBodyDecoder(format);
  const framer = new SampleFramer(samplesPerFrame(ENGINE_SAMPLE_RATE));
  let first = true;
  try {
    for await (const chunk of body) {
      for (let offset = 0; offset < chunk.length; offset += SLICE_BYTES) {
        // The first audio goes out at once; after it, other calls' work may come first.
        if (!first) await nextTurn();
        first = false;
        for (const frame of framer.push(toEngine(chunk.subarray(offset, offset + SLICE_BYTES)))) yield frame;
      }
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw asProviderError(provider, error);
  }
  const last = framer.flush();
  if (last) yield last;
}

/** Byte chunks of the body's format to PCM16 samples at the engine's rate. */
export function createBodyDecoder(format: BodyAudioFormat): (chunk: Uint8Array) => Int16Array {
  if (format.encoding === 'mulaw') {
    const resampler = createResampler(8000, ENGINE_SAMPLE_RATE);
    return (chunk) => resampler.process(decodeMulaw(chunk));
  }
  const pcm = new Pcm16Decoder();
  const resampler = createResampler(format.sampleRate, ENGINE_SAMPLE_RATE);
  return (chunk) => resampler.process(pcm.push(chunk));
}

function asProviderError(provider: string, error: unknown, signal?: AbortSignal): Error {
  if (signal?.reason instanceof SpeechProviderError) return signal.reason;
  if (error instanceof SpeechProviderError) return error;
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new SpeechProviderError(provider, `request failed (${cause})`);
}
