import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import type { CallSessions } from '../../lifecycle/call-sessions.js';
import type { CallRow } from '../../calls.repo.js';
import type { CallTelephony } from '../telephony.types.js';
import type { TwilioAccounts } from './twilio-accounts.js';
import { awaitStreamStart, TwilioMediaStream } from './twilio-media.js';
import type { TwilioRest } from './twilio-rest.js';
import type { TwilioWebhooks } from './twilio-webhooks.js';
import { CLOSE, refuseInput, serveWebSocket } from '../socket-guard.js';
import { CALL_ID_PARAMETER, controlForCall, TWILIO_STREAM_PATH } from './twilio.js';

export interface TwilioStreamDeps {
  webhooks: TwilioWebhooks;
  sessions: CallSessions;
  rest: TwilioRest;
  accounts: TwilioAccounts;
  logger: Logger;
  /** How long Twilio has to send `connected` and `start` after the upgrade. */
  startTimeoutMs?: number;
}

/** Twilio sends 160-byte frames as base64 JSON; nothing legitimate comes near this. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The media-stream WebSocket. `ws` on the server's upgrade event (not @fastify/websocket): the
 * signature must be checked on the raw upgrade request before the handshake is accepted, a bad
 * one answered with a plain 403; `ws` is already a dependency of the project.
 */
export function installTwilioStream(server: Server, deps: TwilioStreamDeps): WebSocketServer {
  return serveWebSocket<string>(server, {
    path: TWILIO_STREAM_PATH,
    leg: 'twilio',
    maxPayloadBytes: MAX_MESSAGE_BYTES,
    logger: deps.logger,
    async admit(request) {
      const signature = request.headers['x-twilio-signature'];
      const accountSid = await deps.webhooks.streamAccount(
        request.url ?? TWILIO_STREAM_PATH,
        typeof signature === 'string' ? signature : undefined,
      );
      return accountSid ? { admitted: accountSid } : { refused: 403 };
    },
    accept: (ws, accountSid) => accept(ws, accountSid),
  });

  async function accept(ws: WebSocket, accountSid: string): Promise<void> {
    const start = await awaitStreamStart(ws, deps.startTimeoutMs ?? 10_000);
    if (!start) return;
    const callId = Number(start.customParameters[CALL_ID_PARAMETER]);
    // The stream must belong to the account that signed the upgrade, and name one of its calls.
    if (start.accountSid !== accountSid || !Number.isSafeInteger(callId) || callId <= 0) {
      refuseInput(ws, { code: CLOSE.policyViolation, reason: 'the stream names no call of the account that signed it' });
      return;
    }
    const media = new TwilioMediaStream(ws, start);
    try {
      const telephony = async (call: CallRow): Promise<CallTelephony> => {
        const control = await controlForCall(deps.rest, deps.accounts, call, {
          supervisorStatusUrl: deps.webhooks.supervisorStatusUrl(call.id),
        });
        if (!control) throw new Error(`No Twilio account ${call.provider_account_id} to control call ${call.id}`);
        return control;
      };
      const attached = await deps.sessions.attach({ callId, media, telephony, accountId: accountSid, providerCallId: start.callSid });
      if (!attached) await media.close('refused');
    } catch (error) {
      deps.logger.error({ err: error, callId }, 'could not start a call on its media stream');
      await media.close('error');
    }
  }
}
