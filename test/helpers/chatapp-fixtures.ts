import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The business account and display number the platform's own samples use. */
const SAMPLE_WABA_ID = '102290129340398';
const SAMPLE_DISPLAY_NUMBER = '15550783881';
const SAMPLE_PHONE_NUMBER_ID = '106540352242922';

/**
 * A webhook fixture (test/fixtures/chatapp/<name>.json, the platform's sample verbatim) pointed at
 * one of our senders: its WABA, display number and phone number id replace the sample's, and any
 * other `replace` pairs (a wamid, a customer) are applied to the raw text. Returned as the raw body.
 */
export function chatappFixture(
  name: string,
  target: { wabaId?: string; displayNumber?: string; phoneNumberId?: string; replace?: Record<string, string> },
): string {
  let text = readFileSync(fileURLToPath(new URL(`../fixtures/chatapp/${name}.json`, import.meta.url)), 'utf8');
  const pairs: Array<[string, string | undefined]> = [
    [SAMPLE_WABA_ID, target.wabaId],
    [SAMPLE_DISPLAY_NUMBER, target.displayNumber],
    [SAMPLE_PHONE_NUMBER_ID, target.phoneNumberId],
    ...Object.entries(target.replace ?? {}),
  ];
  for (const [from, to] of pairs) if (to !== undefined) text = text.split(from).join(to);
  return text;
}
