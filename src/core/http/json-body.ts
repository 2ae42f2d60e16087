import type { App } from './fastify-types.js';
import { AppError } from './errors.js';

/** Far deeper than any body the API takes (assistant tool parameter schemas are the deepest). */
export const MAX_JSON_DEPTH = 64;

/**
 * The JSON body parser for every route, replacing Fastify's default one while keeping its
 * prototype-poisoning protection (`__proto__` and `constructor.prototype` keys are refused).
 *
 * - An empty body is no body: existing clients send `Content-Type: application/json` on every
 *   request, DELETE and body-less POST included. A route that needs a body then reports its
 *   missing fields like any other.
 * - Nesting is capped before parsing: code that walks a body recursively (structuredClone,
 *   validators, the database driver) would otherwise overflow the stack on `[[[...]]]`.
 */
export function installJsonBodyParser(app: App): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(400, `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`, { code: 'BODY_TOO_DEEP' }),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * One linear pass over the raw text counting open brackets outside strings. Malformed text may
 * count wrongly, which is harmless: JSON.parse refuses it next anyway.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
