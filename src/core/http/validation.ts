import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { App } from './fastify-types.js';
import { hardenRequestSchema } from './schema-hardening.js';
import { withLaravelScalars } from './validation-coercion.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The format of every URL a user sets for the service to call or fetch (see HttpUrl in schemas.ts). */
export const HTTP_URL_FORMAT = 'http-url';

/**
 * An absolute http or https URL with a host, as the outgoing HTTP client will parse it. Any
 * other scheme (file:, gopher:, ftp:, javascript:, data:, ...) has no business in a request the
 * service makes; whitespace and control characters, which URL parsing would quietly drop or
 * encode, are refused rather than guessed at.
 */
export function isHttpUrl(value: string): boolean {
  // As written, not only as parsed: a parser reads `https:///x` or `https:\\x` as a host.
  if (!/^https?:\/\/[^/\\?#]/i.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const shared: Options = {
  allErrors: true, // report every failing field at once
  verbose: true, // errors carry their schema, so range messages can name both bounds
  removeAdditional: true,
  useDefaults: true,
  discriminator: true, // tagged unions report only the chosen branch's errors
  strict: false,
  strictNumbers: true, // NaN and Infinity (1e309) are not numbers a client can mean
  keywords: ['errorMessage'],
};

/**
 * An Ajv with the service's validation options. Services that validate a body themselves (to
 * report schema and cross-field errors in one answer) use this, so their wording and options
 * never drift from the routes'. A body validator (`coerceTypes: false`) still takes what
 * Laravel's rules take: numeric strings for integers and numbers, 0/1 for booleans (see
 * validation-coercion.ts).
 */
export function createValidator(options: Pick<Options, 'coerceTypes' | 'useDefaults'>): Ajv {
  const ajv = addFormats(new Ajv({ ...shared, ...options }));
  ajv.addFormat(HTTP_URL_FORMAT, { type: 'string', validate: isHttpUrl });
  const compile = ajv.compile.bind(ajv);
  const forBodies = options.coerceTypes === false;
  // Every schema compiled for a request is closed and bounded first (see schema-hardening.ts).
  ajv.compile = ((schema: object, meta?: boolean) => {
    const validate = compile(hardenRequestSchema(schema), meta);
    return forBodies ? withLaravelScalars(validate) : validate;
  }) as typeof ajv.compile;
  return ajv;
}

/**
 * JSON bodies are validated without Ajv's type coercion: `null` must never silently become "" or
 * 0, because null has a meaning of its own (remove the value); only Laravel's numeric strings and
 * 0/1 booleans are converted, guided by the schema. Query strings and path parameters
 * are text on the wire, so those are coerced.
 */
export function installValidation(app: App): void {
  const bodyAjv = createValidator({ coerceTypes: false });
  const textAjv = createValidator({ coerceTypes: 'array' });
  // Only JSON bodies are accepted; Fastify's default text/plain parser would let a text body
  // reach validation as a string instead of being refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));

  // A missing body means "every field missing", so it gets field messages, not a type error.
  app.addHook('preValidation', async (request) => {
    if ((request.body === undefined || request.body === null) && request.routeOptions.schema?.body) {
      request.body = {};
    }
  });
}
