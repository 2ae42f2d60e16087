import { HIDDEN_SECRET, maskSecret, type SecretBox } from '../../core/crypto/secret-box.js';
import type { StoredToolHeader } from '../../core/db/schema.js';
import type { FieldErrors } from '../../core/http/errors.js';

export interface ToolHeader {
  name: string;
  value: string;
}

/**
 * Header values are often the customer's API keys for their own endpoint, so every value is
 * sealed at rest like calendar keys and shown masked. Content negotiation headers never carry a
 * credential, so they are shown as they are (the reference's own example is a Content-Type).
 */
const SHOWN_IN_CLEAR = new Set(['accept', 'accept-encoding', 'accept-language', 'content-language', 'content-type']);

const shownInClear = (name: string) => SHOWN_IN_CLEAR.has(name.toLowerCase());
const isMasked = (value: string) => value === '****' || value === HIDDEN_SECRET || value.includes('…');

/** Rows written before sealing hold `value` in plain text; they are read as such. */
function openValue(header: StoredToolHeader, secrets: SecretBox): string {
  return header.value_sealed !== undefined ? secrets.open(header.value_sealed) : (header.value ?? '');
}

/** The engine's view: real values, to send to the tool's endpoint. */
export function openHeaders(stored: StoredToolHeader[], secrets: SecretBox): ToolHeader[] {
  return stored.map((h) => ({ name: h.name, value: openValue(h, secrets) }));
}

/** A header's value as the API shows it: masked, unless the header never carries a credential. */
export function maskHeaderValue(name: string, value: string): string {
  return shownInClear(name) ? value : maskSecret(value);
}

/** Header values that may be credentials (every header not shown in clear), to keep out of what the API answers. */
export function secretHeaderValues(headers: ToolHeader[]): string[] {
  return headers.filter((h) => !shownInClear(h.name)).map((h) => h.value);
}

/** The API's view: values masked, never returned in full; `hidden` (a viewer's view): no part of any value. */
export function presentHeaders(stored: StoredToolHeader[], secrets: SecretBox, hidden = false): ToolHeader[] {
  return stored.map((h) => {
    if (hidden) return { name: h.name, value: HIDDEN_SECRET };
    const value = openValue(h, secrets);
    return { name: h.name, value: maskHeaderValue(h.name, value) };
  });
}

/**
 * Seals the headers a client sent. A client that read the tool and sends its headers back carries
 * masked values; a masked value means "keep the value this header already has" and is matched by
 * header name and mask. A masked value matching no stored header is refused: it cannot be sent.
 */
export function sealHeaders(
  input: ToolHeader[],
  current: StoredToolHeader[],
  secrets: SecretBox,
): { headers: StoredToolHeader[]; errors: FieldErrors } {
  const known = new Map<string, string>();
  for (const header of current) {
    const value = openValue(header, secrets);
    known.set(`${header.name.toLowerCase()}\n${maskSecret(value)}`, value);
  }
  const errors: FieldErrors = {};
  const headers = input.map((header, i) => {
    let value = header.value;
    if (!shownInClear(header.name) && isMasked(value)) {
      const stored = known.get(`${header.name.toLowerCase()}\n${value}`);
      if (stored === undefined) errors[`headers.${i}.value`] = [`The headers.${i}.value field must be the full value.`];
      else value = stored;
    }
    return { name: header.name, value_sealed: secrets.seal(value) };
  });
  return { headers, errors };
}
