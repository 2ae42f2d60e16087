import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;

interface UpgradeRoute {
  matches(path: string): boolean;
  handler: UpgradeHandler;
  logger: Logger;
}

const routesByServer = new WeakMap<Server, UpgradeRoute[]>();

/**
 * WebSocket upgrades by path on the app's HTTP server (Fastify itself never sees them). Each
 * voice leg (Twilio media streams, browser calls) registers its path; any other upgrade is
 * answered 404 instead of being left hanging.
 *
 * Node hands an upgrade's socket over with no `error` listener of its own, and a leg checks the
 * request asynchronously (a signature, a token in the database) before `ws` takes the socket: a
 * connection reset meanwhile would be an unhandled error that ends the process. Every upgrade's
 * socket gets a listener here, before anything else can happen on it.
 */
export function routeUpgrade(server: Server, path: string | RegExp, logger: Logger, handler: UpgradeHandler): void {
  let routes = routesByServer.get(server);
  if (!routes) {
    const list: UpgradeRoute[] = [];
    routes = list;
    routesByServer.set(server, list);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const requestPath = (request.url ?? '').split('?')[0] ?? '';
      const route = list.find((r) => r.matches(requestPath));
      const log = (route ?? list[0]!).logger;
      socket.on('error', (error: Error & { code?: string }) => {
        log.info({ errorCode: error.code }, 'a call socket connection failed');
        socket.destroy();
      });
      if (!route) return refuseUpgrade(socket, 404);
      route.handler(request, socket, head).catch((error: unknown) => {
        log.error({ err: error }, 'an upgrade failed');
        socket.destroy();
      });
    });
  }
  routes.push({ matches: (p) => (typeof path === 'string' ? p === path : path.test(p)), handler, logger });
}

/** Answers an upgrade with a plain HTTP status and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
