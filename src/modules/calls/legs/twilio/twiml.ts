/** The few TwiML documents the service answers with, escaped for XML. */

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const DOCTYPE = '<?xml version="1.0" encoding="UTF-8"?>';

/** A bidirectional media stream to us; the call id travels as a <Parameter> (the url takes no query). */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return `${DOCTYPE}<Response><Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect></Response>`;
}

/** A polite refusal: says why, then hangs up. */
export function sayAndHangUpTwiml(message: string): string {
  return `${DOCTYPE}<Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
}

/** Replaces the running stream with a dial to another number (the stream receives "stop"). */
export function dialTwiml(to: string, options: { callerId?: string; announcement?: string } = {}): string {
  const say = options.announcement ? `<Say>${escapeXml(options.announcement)}</Say>` : '';
  const callerId = options.callerId ? ` callerId="${escapeXml(options.callerId)}"` : '';
  return `${DOCTYPE}<Response>${say}<Dial${callerId}>${escapeXml(to)}</Dial></Response>`;
}

/**
 * The caller's side of a warm transfer: waits in the conference (Twilio's default hold music, or
 * silence with an empty waitUrl) until the supervisor enters; either one leaving ends it.
 */
export function holdInConferenceTwiml(conference: string, holdMusic: boolean): string {
  const waitUrl = holdMusic ? '' : ' waitUrl=""';
  return `${DOCTYPE}<Response><Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true"${waitUrl}>${escapeXml(conference)}</Conference></Dial></Response>`;
}

/** The supervisor's side: the briefing is read out, then the conference starts with them in it. */
export function briefAndJoinTwiml(briefing: string[], conference: string): string {
  const says = briefing.map((line) => `<Say>${escapeXml(line)}</Say>`).join('');
  return `${DOCTYPE}<Response>${says}<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="true">${escapeXml(conference)}</Conference></Dial></Response>`;
}

export const EMPTY_TWIML = `${DOCTYPE}<Response/>`;
