import type { ErrorObject } from 'ajv';
import type { FieldErrors } from './errors.js';

/**
 * Which Laravel language file a route family's reference answers in: the current one ("The name
 * field must not be greater than 255 characters.") or Laravel 6's, which some of the reference's
 * endpoints still use ("The name may not be greater than 255 characters.").
 */
export type MessageDialect = 'laravel' | 'laravel6';

/**
 * Turns JSON-schema errors into the reference product's Laravel-style messages, every failing
 * field at once. One translator for every route, so wording never drifts between endpoints.
 */
export function translateSchemaErrors(
  errors: ErrorObject[],
  attributeNames: Record<string, string> = {},
  dialect: MessageDialect = 'laravel',
): FieldErrors {
  const byField = new Map<string, string[]>();
  const deferredUnionErrors = new Map<string, string>();
  const missingFields = new Map<string, string>();

  for (const error of errors) {
    const field = fieldPath(error);
    const attribute = attributeNames[field] ?? humanize(field);
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      deferredUnionErrors.set(field, unionMessage(error, attribute));
      continue;
    }
    const message = dialect === 'laravel6' ? laravel6MessageFor(error, attribute) : messageFor(error, attribute);
    if (!message) continue;
    if (error.keyword === 'required') missingFields.set(field, message);
    const list = byField.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    byField.set(field, list);
  }

  // A union (e.g. one of several tool kinds) reports every branch's failure; when a field has
  // nothing more specific, one message for the union as a whole is clearer than all of them.
  for (const [field, message] of deferredUnionErrors) {
    const hasSpecific = [...byField.keys()].some((f) => f === field);
    if (!hasSpecific) byField.set(field, [message]);
  }
  pruneUnionNoise(byField, deferredUnionErrors);
  // A missing field has nothing else worth saying about it (e.g. a missing union tag).
  for (const [field, message] of missingFields) byField.set(field, [message]);
  return Object.fromEntries(byField);
}

/**
 * The summary (top-level `message`) of a failed validation, when the first failing field's schema
 * words it differently from the field's own message: the reference answers a bad tool name with
 * "The name field must contain only ..." on top and "Tool name must contain only ..." in `errors`
 * (`summaryMessage` beside `errorMessage`). Undefined: Laravel's usual summary applies.
 */
export function schemaErrorSummary(
  errors: ErrorObject[],
  fieldErrors: FieldErrors,
  attributeNames: Record<string, string> = {},
): string | undefined {
  const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? [];
  if (!firstField || !firstMessages) return undefined;
  for (const error of errors) {
    const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
    if (typeof parent.summaryMessage !== 'string' || fieldPath(error) !== firstField) continue;
    if (firstMessages[0] !== messageFor(error, attributeNames[firstField] ?? humanize(firstField))) continue;
    const summary = parent.summaryMessage.replace(':attribute', attributeNames[firstField] ?? humanize(firstField));
    const more = Object.values(fieldErrors).flat().length - 1;
    return more <= 0 ? summary : `${summary} (and ${more} more ${more === 1 ? 'error' : 'errors'})`;
  }
  return undefined;
}

function fieldPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').filter(Boolean).map(unescapePointer);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  // A bad or missing tag of a tagged union is reported on the tag field itself.
  if (error.keyword === 'discriminator') segments.push(String(error.params.tag));
  return segments.join('.') || '_';
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function humanize(field: string): string {
  return field.replace(/_/g, ' ');
}

function messageFor(error: ErrorObject, attribute: string): string | undefined {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  if (typeof parent.errorMessage === 'string') return parent.errorMessage.replace(':attribute', attribute);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `The ${attribute} field is required.`;
    case 'type':
      return typeMessage(String(p.type), attribute);
    case 'minLength':
      if (p.limit === 1) return `The ${attribute} field is required.`;
      return `The ${attribute} field must be at least ${p.limit} characters.`;
    case 'maxLength':
      return `The ${attribute} field must not be greater than ${p.limit} characters.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return rangeMessage(parent, attribute);
    case 'minItems':
      return `The ${attribute} field must have at least ${p.limit} items.`;
    case 'maxItems':
      return `The ${attribute} field must not have more than ${p.limit} items.`;
    case 'enum':
    case 'const':
    case 'discriminator':
      return `The selected ${attribute} is invalid.`;
    case 'pattern':
      return `The ${attribute} field format is invalid.`;
    case 'format':
      return formatMessage(String(p.format), attribute);
    case 'uniqueItems':
      return `The ${attribute} field has a duplicate value.`;
    case 'minProperties':
    case 'maxProperties':
    case 'additionalProperties':
      return `The ${attribute} field is invalid.`;
    default:
      return `The ${attribute} field is invalid.`;
  }
}

/** Laravel 6's wording: no "field" before "must", "may not be greater than" for maxima. */
function laravel6MessageFor(error: ErrorObject, attribute: string): string | undefined {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const message = messageFor(error, attribute);
  if (message === undefined || typeof parent.errorMessage === 'string') return message;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'maxLength':
      return `The ${attribute} may not be greater than ${p.limit} characters.`;
    case 'maxItems':
      return `The ${attribute} may not have more than ${p.limit} items.`;
    case 'format':
      if (p.format === 'uri' || p.format === 'url') return `The ${attribute} format is invalid.`;
      break;
    case 'type':
      // Laravel 6 kept "field" in the boolean message only.
      if (String(p.type).split(',').includes('boolean')) return message;
      break;
  }
  return message.replace(`The ${attribute} field must`, `The ${attribute} must`);
}

function typeMessage(type: string, attribute: string): string | undefined {
  const first = type.split(',').find((t) => t !== 'null') ?? type;
  switch (first) {
    case 'string':
      return `The ${attribute} field must be a string.`;
    case 'integer':
      return `The ${attribute} field must be an integer.`;
    case 'number':
      return `The ${attribute} field must be a number.`;
    case 'boolean':
      return `The ${attribute} field must be true or false.`;
    case 'array':
      return `The ${attribute} field must be an array.`;
    case 'object':
      return `The ${attribute} field must be an object.`;
    case 'null':
      return undefined;
    default:
      return `The ${attribute} field is invalid.`;
  }
}

function rangeMessage(schema: Record<string, unknown>, attribute: string): string {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined && max !== undefined) return `The ${attribute} must be between ${min} and ${max}.`;
  if (min !== undefined) return `The ${attribute} must be at least ${min}.`;
  return `The ${attribute} must not be greater than ${max}.`;
}

function formatMessage(format: string, attribute: string): string {
  switch (format) {
    case 'email':
      return `The ${attribute} field must be a valid email address.`;
    case 'uri':
    case 'url':
      return `The ${attribute} field must be a valid URL.`;
    case 'uuid':
      return `The ${attribute} field must be a valid UUID.`;
    case 'date-time':
    case 'date':
      return `The ${attribute} field must be a valid date.`;
    default:
      return `The ${attribute} field format is invalid.`;
  }
}

function unionMessage(error: ErrorObject, attribute: string): string {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  if (typeof parent.errorMessage === 'string') return parent.errorMessage.replace(':attribute', attribute);
  const branches = (parent.anyOf ?? parent.oneOf ?? []) as Array<Record<string, unknown>>;
  const allConstants = branches.length > 0 && branches.every((b) => 'const' in b || 'enum' in b);
  return allConstants ? `The selected ${attribute} is invalid.` : `The ${attribute} field is invalid.`;
}

/**
 * Inside a failed union, Ajv also reports each branch's own errors on deeper paths (a missing
 * field of a branch that was never meant). When the union itself failed on a field, drop those
 * deeper branch errors unless they are all there is.
 */
function pruneUnionNoise(byField: Map<string, string[]>, unionFields: Map<string, string>): void {
  for (const unionField of unionFields.keys()) {
    if (byField.get(unionField)?.[0] !== unionFields.get(unionField)) continue;
    for (const field of [...byField.keys()]) {
      if (field !== unionField && field.startsWith(`${unionField}.`)) byField.delete(field);
    }
  }
}
