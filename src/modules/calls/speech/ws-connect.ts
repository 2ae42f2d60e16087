import WebSocket from 'ws';
import { SpeechProviderError } from './speech-errors.js';

/** `https://host/path` -> `wss://host/path` (providers are configured with their HTTP base URL). */
export function toWebSocketUrl(base: string, path: string): URL {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url;
}

/**
 * Opens a provider WebSocket, resolving once it is open. A refused upgrade (a wrong key is a 401
 * there) becomes a SpeechProviderError with that status; no answer within the timeout too.
 */
export function connectWebSocket(provider: string, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: timeoutMs, perMessageDeflate: false });
    const fail = (error: SpeechProviderError) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      reject(error);
    };
    socket.once('open', () => {
      socket.removeAllListeners('error');
      socket.removeAllListeners('unexpected-response');
      resolve(socket);
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        if (body.length < 300) body += chunk.toString('utf8');
      });
      response.on('end', () =>
        fail(
          new SpeechProviderError(
            provider,
            `WebSocket upgrade refused: HTTP ${response.statusCode} ${body.slice(0, 300)}`.trim(),
            response.statusCode,
          ),
        ),
      );
      response.on('error', () =>
        fail(new SpeechProviderError(provider, `WebSocket upgrade refused: HTTP ${response.statusCode}`, response.statusCode)),
      );
    });
    socket.once('error', (error) => fail(new SpeechProviderError(provider, `WebSocket connection failed (${error.message})`)));
  });
}
