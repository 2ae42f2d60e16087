import type { FastifyRequest } from 'fastify';
import type { App } from './fastify-types.js';
import { AppError, validationFailed, type FieldErrors } from './errors.js';
import { humanize } from './validation-messages.js';

/**
 * Input that passes schema validation yet cannot reach the database, refused on every route in
 * the route's shape instead of failing there as a 500:
 *
 * - NUL characters (PostgreSQL text and jsonb cannot hold them) and lone UTF-16 surrogates
 *   (jsonb refuses them); JSON escapes (`\u0000`, `\ud800`) let any client send both.
 * - Infinite numbers: Ajv coerces the query text `Infinity` or `1e309` to a number and then skips
 *   range checks for it, even with `strictNumbers`.
 *
 * Runs after validation, so keys the schema drops are not judged. A path parameter that fails
 * is "not found", like any malformed id. Raw bodies (Buffers: the platform webhook, uploaded
 * files) are not walked: their owners clean the text they keep.
 */
export function installInputGuard(app: App): void {
  app.addHook('preHandler', async (request) => {
    if (findUnstorableInput(request.params).length > 0) throw notFound(request);
    const problems = [...findUnstorableInput(request.query), ...findUnstorableInput(request.body)];
    if (problems.length === 0) return;
    const fieldErrors: FieldErrors = {};
    for (const { field, kind } of problems) fieldErrors[field] = [messageFor(field, kind)];
    throw validationFailed(fieldErrors, request.routeOptions.config?.validationMessage);
  });
}

function messageFor(field: string, kind: Problem['kind']): string {
  const attribute = humanize(field);
  return kind === 'text'
    ? `The ${attribute} field must not contain NUL characters or unpaired UTF-16 surrogates.`
    : `The ${attribute} field must be a finite number.`;
}

/** A path parameter that cannot be stored cannot name anything either. */
function notFound(request: FastifyRequest): AppError {
  const config = request.routeOptions.config ?? {};
  return new AppError(404, config.notFoundMessage ?? 'Not found.', { code: config.notFoundCode });
}

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/** For text that must be kept whatever it holds (the platform's events): drops what cannot be stored. */
export function withoutUnstorableText(text: string): string {
  return text.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), '');
}

export interface Problem {
  /** Dotted path, the validation translator's style (`variables.name`, `links.0`). */
  field: string;
  kind: 'text' | 'number';
}

/** Every string, key or number in a parsed value that the database could not take, sorted by field. */
export function findUnstorableInput(value: unknown): Problem[] {
  const found = new Map<string, Problem['kind']>();
  // Iterative: JSON bodies are depth-capped by the parser, but other values need not be.
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.set(fieldName(path), 'text');
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) found.set(fieldName(path), 'number');
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, String(index)] }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) found.set(fieldName(path), 'text');
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return [...found].sort(([a], [b]) => a.localeCompare(b)).map(([field, kind]) => ({ field, kind }));
}

function fieldName(path: string[]): string {
  return path.join('.') || '_';
}

/** Plain and prototype-less objects, including the query parser's (whose prototype has none). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}
