import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ConversationType } from '../../core/db/schema.js';
import { validationFailed } from '../../core/http/errors.js';

/**
 * Wire names follow the reference (`whatsapp`); our own spelling (`chatapp`) is accepted as a
 * synonym wherever a client names a channel, and always means the same thing.
 */
export function channelType(type: ConversationType | 'chatapp' | undefined): ConversationType | undefined {
  return type === 'chatapp' ? 'whatsapp' : type;
}

const PHONE_LIKE = /^\+?[\d\s\-().]+$/;

/**
 * A phone filter as clients write it: E.164, with separators, or with its `+` turned into a space
 * by a query string that did not encode it. Anything else is compared as given (and matches nothing).
 */
export function phoneFilter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  // Empty is absent, as Laravel's empty-string-to-null middleware makes it.
  if (trimmed === '') return undefined;
  if (!PHONE_LIKE.test(trimmed)) return trimmed;
  return `+${trimmed.replace(/\D/g, '')}`;
}

/**
 * A list route's query keys must all be known: the validator drops unknown keys, so a filter we
 * do not support (a misspelling, a newer product's filter) would otherwise widen the result to
 * everything. Runs before validation, on the raw query.
 */
export function refuseUnknownQueryKeys(schema: TObject) {
  const known = new Set(Object.keys(schema.properties));
  return async (request: FastifyRequest) => {
    const unknown = Object.keys((request.query ?? {}) as Record<string, unknown>).filter((key) => !known.has(key));
    if (unknown.length === 0) return;
    throw validationFailed(Object.fromEntries(unknown.map((key) => [key, [`The ${key} filter is not supported.`]])));
  };
}
