import type { Logger } from 'pino';
import { fillVariables, type RuntimeAssistant } from '../../../replies/index.js';

/**
 * How many of the caller's words interrupt the assistant (min_interrupt_words). Unset means one:
 * any word, but not a cough or a breath the voice-activity detector took for speech.
 */
export function minInterruptWords(assistant: Pick<RuntimeAssistant, 'min_interrupt_words'>): number {
  return assistant.min_interrupt_words ?? 1;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * What to do when an answering machine picked up: leave voice_mail_message (variables filled)
 * and hang up, or just hang up (end_call_on_voicemail); null when the assistant talks on.
 */
export function voicemailPlan(
  assistant: Pick<RuntimeAssistant, 'end_call_on_voicemail' | 'voice_mail_message'>,
  variables: Record<string, unknown>,
): { message: string | undefined } | null {
  if (!assistant.end_call_on_voicemail && !assistant.voice_mail_message) return null;
  return { message: assistant.voice_mail_message ? fillVariables(assistant.voice_mail_message, variables) : undefined };
}

/** The end reason a wrap-up signal carries (the session aborts it with e.g. `balance`). */
export function wrapUpReason(reason: unknown): string {
  return typeof reason === 'string' && reason ? reason : 'balance';
}

export function onAbort(signal: AbortSignal, fn: () => void): void {
  if (signal.aborted) fn();
  else signal.addEventListener('abort', fn, { once: true });
}

/** Hangs up the call's line; a failure is logged (the carrier ends a stale call on its own). */
export async function hangUpQuietly(telephony: { hangUp(): Promise<void> }, logger: Logger, callId: number): Promise<void> {
  await telephony.hangUp().catch((error: unknown) => logger.warn({ err: error, callId }, 'hang-up failed'));
}
