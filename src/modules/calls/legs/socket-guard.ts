import type { IncomingMessage, Server } from 'node:http';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { refuseUpgrade, routeUpgrade } from './upgrade-router.js';

/**
 * Every call leg's WebSocket goes through here, so no input a peer can send (a malformed frame,
 * a message over the size limit, invalid UTF-8, a reserved opcode, a reset connection) can
 * reach an `error` event nobody listens to, which would end the whole process and every call
 * on it. A bad socket is closed alone, with a close code and a reason the peer can read, and
 * the reason is logged.
 */

/** Close codes of RFC 6455 section 7.4.1 that this service sends. */
export const CLOSE = {
  protocolError: 1002,
  unsupportedData: 1003,
  invalidPayload: 1007,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
} as const;

/** Why a socket is closed for what its peer sent: the close code and the reason text it is given. */
export interface InputViolation {
  code: number;
  /** At most 123 bytes (the close frame's limit). */
  reason: string;
}

/**
 * `ws` closes a socket itself when a frame breaks the protocol, with a code but no reason; the
 * reason it is given here says which rule the frame broke.
 */
const PROTOCOL_REASONS: Record<number, string> = {
  [CLOSE.protocolError]: 'WebSocket protocol error',
  [CLOSE.invalidPayload]: 'invalid UTF-8 in a text message',
};

/** A server-side socket that gives `ws`'s own protocol closes a reason, and logs why it refused input. */
export class GuardedWebSocket extends WebSocket {
  log: Logger | null = null;
  maxPayloadBytes = 0;

  override close(code?: number, data?: string | Buffer): void {
    const reason = data === undefined && code !== undefined ? protocolReason(code, this.maxPayloadBytes) : undefined;
    if (reason === undefined) return super.close(code, data);
    this.log?.warn({ closeCode: code, closeReason: reason }, 'closed a call socket for bad input');
    super.close(code, reason);
  }
}

function protocolReason(code: number, maxPayloadBytes: number): string | undefined {
  return code === CLOSE.tooBig ? `message larger than ${maxPayloadBytes} bytes` : PROTOCOL_REASONS[code];
}

/** Closes a socket for input its leg cannot take, logging why (the peer reads the same reason). */
export function refuseInput(socket: WebSocket, violation: InputViolation): void {
  if (socket instanceof GuardedWebSocket)
    socket.log?.warn({ closeCode: violation.code, closeReason: violation.reason }, 'closed a call socket for bad input');
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(violation.code, violation.reason);
}

/**
 * Listens to a socket's messages. A handler that throws (on input nobody foresaw) closes this
 * socket with 1011: thrown inside `ws`'s data handling, it would otherwise end the process.
 */
export function onMessages(socket: WebSocket, handler: (data: Buffer, isBinary: boolean) => void): void {
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    try {
      handler(data, isBinary);
    } catch (error) {
      if (socket instanceof GuardedWebSocket) socket.log?.error({ err: error }, 'a call socket message failed');
      refuseInput(socket, INTERNAL_ERROR);
    }
  });
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON object a text message holds, or undefined when it holds none. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const INVALID_JSON: InputViolation = { code: CLOSE.invalidPayload, reason: 'a text message must be a JSON object' };
const INTERNAL_ERROR: InputViolation = { code: CLOSE.internalError, reason: 'internal error' };

/** What an upgrade's check found: the value the accepted socket needs, or the HTTP status refusing it. */
export type Admission<T> = { admitted: T } | { refused: number };

export interface SocketRoute<T> {
  /** The path (no query) the leg's upgrades arrive on. */
  path: string;
  /** Names the leg in logs. */
  leg: string;
  /** A larger message closes the socket with 1009. */
  maxPayloadBytes: number;
  logger: Logger;
  /** Checks the raw upgrade request before the handshake is accepted (signature, single-use token). */
  admit(request: IncomingMessage): Promise<Admission<T>>;
  /** Runs the accepted socket; its errors are handled, a failure closes it with 1011. */
  accept(ws: WebSocket, admitted: T): Promise<void>;
}

/** Serves one call leg's WebSocket on the app's HTTP server. */
export function serveWebSocket<T>(server: Server, route: SocketRoute<T>): WebSocketServer {
  const log = route.logger.child({ leg: route.leg });
  const wss = new WebSocketServer({ noServer: true, maxPayload: route.maxPayloadBytes, WebSocket: GuardedWebSocket });
  routeUpgrade(server, route.path, log, async (request, socket, head) => {
    let admission: Admission<T>;
    try {
      admission = await route.admit(request);
    } catch (error) {
      log.error({ err: error }, 'could not check a call socket upgrade');
      return refuseUpgrade(socket, 500);
    }
    if ('refused' in admission) return refuseUpgrade(socket, admission.refused);
    wss.handleUpgrade(request, socket, head, (ws) => {
      guard(ws as GuardedWebSocket, route.maxPayloadBytes, log);
      route.accept(ws, admission.admitted).catch((error: unknown) => {
        log.error({ err: error }, 'a call socket failed');
        refuseInput(ws, INTERNAL_ERROR);
      });
    });
  });
  return wss;
}

function guard(ws: GuardedWebSocket, maxPayloadBytes: number, log: Logger): void {
  ws.log = log;
  ws.maxPayloadBytes = maxPayloadBytes;
  // `ws` has already closed the socket with its code (and logged the reason above) when this fires.
  ws.on('error', (error: Error & { code?: string }) =>
    log.debug({ errorCode: error.code, err: error.message }, 'a call socket broke the protocol'),
  );
  ws.on('close', (code: number) => {
    if (code === 1006) log.info('a call socket dropped without a close frame');
  });
}
