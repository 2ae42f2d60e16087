import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/**
 * A WebSocket client written frame by frame on a plain TCP socket, for tests that must send what
 * a well-behaved client library refuses to: reserved opcodes, invalid UTF-8 in a text frame, a
 * frame over the server's limit, or a connection reset in the middle of anything.
 */

export const OPCODE = { text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, reserved: 0x3 } as const;

export interface ServerFrame {
  opcode: number;
  payload: Buffer;
}

export interface RawWebSocket {
  /** The HTTP status the upgrade was answered with (101 when accepted). */
  status: number;
  frames: ServerFrame[];
  /** Sends one masked frame, as a client must. */
  sendFrame(opcode: number, payload: Buffer | string): void;
  sendJson(message: unknown): void;
  /** Resolves with the code and reason of the server's close frame (1006 and "" if the connection just ended). */
  closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
  /** An abrupt end: TCP RST, no close frame. */
  reset(): void;
  /** Resolves once a frame matching `predicate` has arrived (or already had). */
  waitForFrame(predicate: (frame: ServerFrame) => boolean): Promise<ServerFrame>;
}

export function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 65536
        ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigEndian64(length)]);
  const masked = Buffer.from(payload);
  for (let i = 0; i < masked.length; i++) masked[i]! ^= mask[i % 4]!;
  return Buffer.concat([header, mask, masked]);
}

function bigEndian64(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  return out;
}

/** Parses the unmasked frames a server sends, as they arrive. */
function frameParser(onFrame: (frame: ServerFrame) => void) {
  let buffered = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (buffered.length < 2) return;
      let length = buffered[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffered.length < offset + length) return;
      onFrame({ opcode: buffered[0]! & 0x0f, payload: buffered.subarray(offset, offset + length) });
      buffered = buffered.subarray(offset + length);
    }
  };
}

export interface RawConnectOptions {
  port: number;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  /** Reset the connection right after the upgrade request is written, before any answer. */
  resetAfterRequest?: boolean;
}

/** Opens a socket and sends the upgrade request; resolves once the server has answered it (or it was reset). */
export function connectRaw(options: RawConnectOptions): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(options.port, '127.0.0.1');
    const frames: ServerFrame[] = [];
    const waiters: Array<() => void> = [];
    let closeFrame: { code: number; reason: string } | null = null;
    let ended = false;
    let resolveClosed!: (value: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((r) => (resolveClosed = r));
    const parse = frameParser((received) => {
      frames.push(received);
      if (received.opcode === OPCODE.close && !closeFrame) {
        closeFrame = {
          code: received.payload.length >= 2 ? received.payload.readUInt16BE(0) : 1005,
          reason: received.payload.subarray(2).toString(),
        };
        // Answer it as a client does, so the server can close the connection at once.
        if (!socket.destroyed) socket.end(frame(OPCODE.close, received.payload.subarray(0, 2)));
        resolveClosed(closeFrame);
      }
      waiters.splice(0).forEach((wake) => wake());
    });
    const finish = () => {
      ended = true;
      resolveClosed(closeFrame ?? { code: 1006, reason: '' });
    };
    socket.on('error', () => finish());
    socket.on('close', finish);

    const client: RawWebSocket = {
      status: 0,
      frames,
      sendFrame: (opcode, payload) =>
        void (!socket.destroyed && socket.write(frame(opcode, typeof payload === 'string' ? Buffer.from(payload) : payload))),
      sendJson: (message) => client.sendFrame(OPCODE.text, JSON.stringify(message)),
      closed,
      isClosed: () => ended || closeFrame !== null,
      reset: () => void socket.resetAndDestroy(),
      waitForFrame: (predicate) =>
        new Promise((found) => {
          const probe = () => {
            const match = frames.find(predicate);
            if (match) found(match);
            else waiters.push(probe);
          };
          probe();
        }),
    };

    let head = Buffer.alloc(0);
    const onHandshake = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onHandshake);
      client.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString())?.[1] ?? 0);
      socket.on('data', parse);
      if (head.length > end + 4) parse(head.subarray(end + 4));
      resolve(client);
    };
    socket.on('data', onHandshake);
    socket.once('connect', () => {
      const headers = {
        Host: `127.0.0.1:${options.port}`,
        Upgrade: 'websocket',
        Connection: 'Upgrade',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Version': '13',
        ...options.headers,
      };
      socket.write(
        `GET ${options.path} HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
      if (options.resetAfterRequest) {
        socket.resetAndDestroy();
        resolve(client);
      }
    });
    socket.once('error', (error) => {
      if (client.status === 0 && !options.resetAfterRequest) reject(error);
    });
  });
}
