import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

interface UpgradeRoute {
  matches(path: string): boolean;
  handler: UpgradeHandler;
}

const routesByServer = new WeakMap<Server, UpgradeRoute[]>();

/**
 * WebSocket upgrades by path on the app's HTTP server (Fastify itself never sees them). Each
 * voice leg (Twilio media streams, browser calls) registers its path; any other upgrade is
 * answered 404 instead of being left hanging.
 */
export function routeUpgrade(server: Server, path: string | RegExp, handler: UpgradeHandler): void {
  let routes = routesByServer.get(server);
  if (!routes) {
    const list: UpgradeRoute[] = [];
    routes = list;
    routesByServer.set(server, list);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const requestPath = (request.url ?? '').split('?')[0] ?? '';
      const route = list.find((r) => r.matches(requestPath));
      if (route) route.handler(request, socket, head);
      else refuseUpgrade(socket, 404);
    });
  }
  routes.push({ matches: (p) => (typeof path === 'string' ? p === path : path.test(p)), handler });
}

/** Answers an upgrade with a plain HTTP status and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
