import type { Logger } from 'pino';
import type { CallTranscriptEntry } from '../../../../core/db/schema.js';
import type { ReplyEngineDeps } from '../../../conversations/reply-engine.js';
import type { CallTransferRequest } from '../call-functions.js';
import type { CallEngineSession } from '../engine.types.js';
import { summarizeForSupervisor, SUMMARY_UNAVAILABLE, transferConferenceName } from '../warm-transfer.js';

export interface HandOverContext {
  session: Pick<CallEngineSession, 'assistant' | 'call' | 'telephony'>;
  logger: Logger;
  /** The chat model that writes the supervisor's summary (the assistant's own). */
  summaryModel: Pick<ReplyEngineDeps, 'llm' | 'modelFor'>;
  /** Speaks fixed text to the caller (the hold message); settles when played or cut off. */
  say(text: string): Promise<unknown>;
  /** The call's transcript so far; the supervisor's summary is added to it. */
  transcript: CallTranscriptEntry[];
  timestamp(): number;
}

/**
 * Hands the caller over as transfer_call asked, once the engine's goodbye has played: a cold
 * transfer redirects the line to the number; a warm one (where the carrier can) says the hold
 * message while the chat model summarises the call, then dials the supervisor with the briefing
 * into a per-call conference and moves the caller there. Resolves with the call's end reason;
 * on `transfer_failed` the caller is still on the line and the engine hangs up.
 */
export async function handOver(request: CallTransferRequest, ctx: HandOverContext): Promise<'transferred' | 'transfer_failed'> {
  const { telephony, call } = ctx.session;
  try {
    if (request.warm && telephony.warmTransfer) await warmHandOver(request, request.warm, telephony.warmTransfer.bind(telephony), ctx);
    else await telephony.transfer(request.to, request.callerId ? { callerId: request.callerId } : {});
    return 'transferred';
  } catch (error) {
    ctx.logger.warn({ err: error, callId: call.id }, 'call transfer failed; hanging up');
    return 'transfer_failed';
  }
}

async function warmHandOver(
  request: CallTransferRequest,
  warm: NonNullable<CallTransferRequest['warm']>,
  dial: NonNullable<CallEngineSession['telephony']['warmTransfer']>,
  ctx: HandOverContext,
): Promise<void> {
  const { session, logger } = ctx;
  const [, summary] = await Promise.all([
    ctx.say(warm.holdMessage).catch(() => false),
    summarizeForSupervisor(ctx.summaryModel, session.assistant, ctx.transcript, warm.summaryInstructions).catch((error: unknown) => {
      logger.warn({ err: error, callId: session.call.id }, 'could not summarise the call for the supervisor');
      return SUMMARY_UNAVAILABLE;
    }),
  ]);
  ctx.transcript.push({ text: `Summary for the supervisor: ${summary}`, type: 'transcript', sender: 'bot', timestamp: ctx.timestamp() });
  await dial({
    to: request.to,
    ...(request.callerId ? { callerId: request.callerId } : {}),
    conference: transferConferenceName(session.call.id),
    holdMusic: warm.holdMusic,
    briefing: [warm.briefingInitialMessage, summary, warm.connectedMessage],
  });
}
