import type { FastifyReply } from 'fastify';

/**
 * Server-sent events on a hijacked reply: `event: <name>` + one JSON `data:` line per event.
 * Headers go out only when the first event is due, so errors found before that (unknown
 * conversation, no balance) are still ordinary JSON responses with their status.
 */
export function createEventStream(reply: FastifyReply) {
  let open = false;
  const start = () => {
    if (open) return;
    open = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
  };
  return {
    get started() {
      return open;
    },
    start,
    send(event: string, data: unknown) {
      start();
      if (!reply.raw.destroyed) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (open && !reply.raw.destroyed) reply.raw.end();
    },
  };
}

export function wantsEventStream(accept: string | undefined): boolean {
  return typeof accept === 'string' && accept.toLowerCase().includes('text/event-stream');
}
