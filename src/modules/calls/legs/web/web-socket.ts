import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { CallSessions } from '../../lifecycle/call-sessions.js';
import { WEB_CALL_SOCKET_PATH, type WebCallsService } from './web-calls.service.js';
import { serveWebSocket } from '../socket-guard.js';
import { noTelephony } from '../telephony.types.js';
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
  return serveWebSocket<number>(server, {
    path: WEB_CALL_SOCKET_PATH,
    leg: 'web',
    maxPayloadBytes: MAX_MESSAGE_BYTES,
    logger: deps.logger,
    async admit(request) {
      const token = new URL(request.url ?? '/', 'http://upgrade').searchParams.get('token') ?? '';
      const opened = await deps.webCalls.openSocket(token, request.headers.origin);
      return 'refused' in opened ? opened : { admitted: opened.callId };
    },
    async accept(ws, callId) {
      const media = new WebCallMedia(ws);
      try {
        const telephony = async () => noTelephony(() => media.close('assistant_hangup'));
        const attached = await deps.sessions.attach({ callId, media, telephony });
        if (!attached) await media.close('refused');
      } catch (error) {
        deps.logger.error({ err: error, callId }, 'could not start a browser call');
        await media.close('error');
      }
    },
  });
}
