import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CallSessions } from '../call-sessions.js';
import { WEB_CALL_SOCKET_PATH, type WebCallsService } from '../web-calls.service.js';
import { noTelephony } from './telephony.types.js';
import { refuseUpgrade, routeUpgrade } from './upgrade-router.js';
import { WebCallMedia } from './web-media.js';

export interface WebCallSocketDeps {
  webCalls: WebCallsService;
  sessions: CallSessions;
  logger: Logger;
}

/** A second of 16 kHz PCM16 is 32 KB; a browser sends 20-100 ms chunks, far below this. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * The browser call socket. The token (query `token`) is checked and spent on the raw upgrade,
 * before the handshake is accepted: a bad one is a plain HTTP refusal, so no call starts and
 * nothing is billed for it.
 */
export function installWebCallSocket(server: Server, deps: WebCallSocketDeps): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  routeUpgrade(server, WEB_CALL_SOCKET_PATH, (request, socket, head) => {
    const token = new URL(request.url ?? '/', 'http://upgrade').searchParams.get('token') ?? '';
    deps.webCalls.openSocket(token, request.headers.origin).then(
      (opened) => {
        if ('refused' in opened) return refuseUpgrade(socket, opened.refused);
        wss.handleUpgrade(request, socket, head, (ws) => void accept(ws, opened.callId));
      },
      (error: unknown) => {
        deps.logger.error({ err: error }, 'could not open a browser call socket');
        refuseUpgrade(socket, 500);
      },
    );
  });

  async function accept(ws: WebSocket, callId: number): Promise<void> {
    const media = new WebCallMedia(ws);
    try {
      const telephony = async () => noTelephony(() => media.close('assistant_hangup'));
      const attached = await deps.sessions.attach({ callId, media, telephony });
      if (!attached) await media.close('refused');
    } catch (error) {
      deps.logger.error({ err: error, callId }, 'could not start a browser call');
      await media.close('error');
    }
  }
  return wss;
}
