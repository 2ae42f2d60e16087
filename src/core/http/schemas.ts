import { Type, type Static, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';
import { named } from './openapi-components.js';
import { HTTP_URL_FORMAT } from './validation.js';

/**
 * A value that may also be null. Uses the `nullable` keyword rather than a union so a wrong type
 * yields one plain message ("must be a string") instead of one per union branch.
 */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

/**
 * A union chosen by a tag field (e.g. built-in tools by `type`). Emitted as oneOf with an
 * OpenAPI discriminator, which Ajv uses to validate only the chosen branch, so errors name the
 * fields of that branch instead of every branch's.
 */
export function TaggedUnion<T extends TObject[]>(propertyName: string, members: [...T]) {
  // `type` and `required` too: a discriminator alone lets a bare string or an untagged object through.
  return Type.Unsafe<Static<TUnion<T>>>({ type: 'object', required: [propertyName], oneOf: members, discriminator: { propertyName } });
}

/**
 * Every URL a user sets for the service to call or fetch (webhooks, tools, calendar endpoints,
 * websites, media): http or https only, refused at save in the validation shape, so a `file:` or
 * `gopher:` URL never waits for its first delivery to fail. The SSRF guard still checks the
 * address it resolves to when it is used.
 */
export function HttpUrl(options: { description?: string } = {}) {
  return Type.String({ format: HTTP_URL_FORMAT, maxLength: 2048, errorMessage: 'The :attribute field must be a valid URL.', ...options });
}

/** `{{name}}` values: scalars only, so a template never renders "[object Object]". */
export const Variables = Type.Unsafe<Record<string, string | number | boolean>>({
  type: 'object',
  maxProperties: 100,
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
  additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 2000 },
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const MessageBody = named('MessageBody', Type.Object({ message: Type.String() }));

export const ValidationErrorBody = named(
  'ValidationErrorBody',
  Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))) }),
);

export const CodedErrorBody = named(
  'CodedErrorBody',
  Type.Object(
    {
      success: Type.Literal(false),
      error: Type.String(),
      error_code: Type.String(),
      errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    },
    { additionalProperties: true },
  ),
);

export const ConversationErrorBody = named('ConversationErrorBody', Type.Object({ status: Type.Literal(false), error: Type.String() }));

/** The reference's `{"error": "..."}` for knowledge bases and phone numbers. */
export const SimpleErrorBody = named('SimpleErrorBody', Type.Object({ error: Type.String() }));

/** ISO 8601 with microseconds and Z, the reference's resource timestamp style. */
export function isoTimestamp(date: Date | string | null): string | null {
  if (date === null) return null;
  const d = typeof date === 'string' ? new Date(date) : date;
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}
