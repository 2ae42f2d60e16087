import { SegmentedMessage } from 'sms-segments-calculator';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  segments: number;
}

/**
 * How many SMS a text goes out as, counted as the carrier counts and bills them (Twilio's own
 * segment calculator): GSM-7 when every character is in the GSM 03.38 alphabet or its extension
 * table (whose characters, such as € [ ] { } ~ ^ | \, take two septets), 160 septets in one SMS
 * or 153 per part once split; UCS-2 otherwise, 70 code units in one or 67 per part, a character
 * outside the Basic Multilingual Plane (most emoji) taking two and never cut between parts.
 */
export function countSegments(text: string): SmsSegments {
  const message = new SegmentedMessage(text);
  return { encoding: message.encodingName, segments: Math.max(1, message.segmentsCount) };
}

/** Twilio refuses a body longer than this (error 21617). */
export const CARRIER_MAX_BODY = 1600;

/**
 * A reply cut to what the carrier takes: at most CARRIER_MAX_BODY UTF-16 code units (the
 * stricter count), cut between characters and ended with an ellipsis when cut.
 */
export function fitToCarrier(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= CARRIER_MAX_BODY) return trimmed;
  let kept = '';
  for (const character of trimmed) {
    if (kept.length + character.length > CARRIER_MAX_BODY - 1) break;
    kept += character;
  }
  return `${kept}…`;
}

export type SmsKeyword = 'stop' | 'start' | 'help';

/** Twilio's default opt-out, opt-in and help keywords for long codes (its "Advanced Opt-Out" defaults). */
const KEYWORDS = new Map<string, SmsKeyword>([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'].map((word) => [word, 'stop'] as const),
  ...['START', 'YES', 'UNSTOP'].map((word) => [word, 'start'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'help'] as const),
]);

/**
 * The keyword a customer's SMS is, if it is one: the whole message, whatever its case and the
 * spaces and final punctuation around it ("stop", " Stop. "), never a word within a sentence
 * ("please stop calling" is a message like any other).
 */
export function keywordOf(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!?]+$/u, '')
    .trim()
    .toUpperCase();
  return KEYWORDS.get(word) ?? null;
}
