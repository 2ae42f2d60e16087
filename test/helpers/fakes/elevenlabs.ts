import { createServer, type IncomingHttpHeaders } from 'node:http';
import { encodeMulaw } from '../../../src/modules/calls/audio/g711.js';
import { signalForText } from '../../../src/modules/calls/audio/test-signal.js';
import { pcm16ToBytes } from '../../../src/modules/calls/audio/frames.js';
import { listen, readBody, streamAudioBody, type AudioPacing, type StreamedAudio } from './speech.js';

export interface FakeElevenLabsRequest {
  voiceId: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: { text: string; model_id?: string; language_code?: string; voice_settings?: Record<string, number> };
  streamed?: StreamedAudio;
}

/**
 * ElevenLabs' HTTP streaming endpoint on 127.0.0.1: `POST /v1/text-to-speech/{voice}/stream`
 * with `xi-api-key`, answering the test signal of `text` in the requested `output_format`
 * (`pcm_16000`, `pcm_24000` or `ulaw_8000`), chunked.
 */
export async function startFakeElevenLabs(options: { apiKey: string }) {
  const requests: FakeElevenLabsRequest[] = [];
  let pacing: AudioPacing = {};
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'not_found' } }));
        return;
      }
      if (req.headers['xi-api-key'] !== options.apiKey) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
        return;
      }
      const record: FakeElevenLabsRequest = {
        voiceId: decodeURIComponent(match[1]!),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: JSON.parse((await readBody(req)).toString('utf8')) as FakeElevenLabsRequest['body'],
      };
      requests.push(record);
      const format = record.query.output_format ?? 'mp3_44100_128';
      const audio =
        format === 'ulaw_8000'
          ? encodeMulaw(signalForText(record.body.text, 8000))
          : format === 'pcm_16000'
            ? pcm16ToBytes(signalForText(record.body.text, 16000))
            : format === 'pcm_24000'
              ? pcm16ToBytes(signalForText(record.body.text, 24000))
              : undefined;
      if (!audio) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: { status: 'unsupported_format' } }));
        return;
      }
      record.streamed = await streamAudioBody(req, res, audio, 'application/octet-stream', pacing);
    })();
  });
  const baseUrl = await listen(server);
  return {
    baseUrl,
    requests,
    setPacing: (next: AudioPacing) => (pacing = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
