import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received: what a receiver verifies the signature over. */
  body: string;
  receivedAtMs: number;
}

/** How the sink answers one request: a status (with headers/body), or hold it open, or drop it. */
export type SinkReply = { status: number; headers?: Record<string, string>; body?: string } | { hold: true } | { destroy: true };

export type SinkResponder = (request: ReceivedRequest, index: number) => SinkReply;

/**
 * A real HTTP server on 127.0.0.1 that records every request it gets: the receiving end of
 * outgoing webhooks in tests and benchmarks. Answers 200 unless told otherwise.
 */
export async function startWebhookSink(port = 0) {
  const requests: ReceivedRequest[] = [];
  const held: ServerResponse[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let responder: SinkResponder = () => ({ status: 200, body: 'ok' });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAtMs: performance.timeOrigin + performance.now(),
      };
      const index = requests.push(received) - 1;
      const reply = responder(received, index);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if ('hold' in reply) held.push(res);
      else if ('destroy' in reply) req.socket.destroy();
      else res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    respondWith(next: SinkResponder) {
      responder = next;
    },
    /** Resolves once at least `count` requests have arrived. */
    waitForRequests(count: number, timeoutMs = 10_000): Promise<void> {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`sink got ${requests.length} of ${count} requests`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    releaseHeld(status = 200) {
      for (const res of held.splice(0)) if (!res.destroyed) res.writeHead(status).end('released');
    },
    async close() {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookSink = Awaited<ReturnType<typeof startWebhookSink>>;
