import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldErrors } from '../../core/http/errors.js';
import { translateSchemaErrors } from '../../core/http/validation-messages.js';
import { AssistantCreateBody, AssistantUpdateBody, type AssistantPatch } from './assistant-fields.schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Assistant bodies are validated here rather than by the route, so that one 422 can list the
 * schema errors and the cross-field errors together (the reference answers speech_speed's range
 * and voice_id's mode compatibility in the same response). Options mirror the app's body
 * validator, except that no defaults are filled in: an omitted field means "unchanged".
 */
const ajv = addFormats(
  new Ajv({
    allErrors: true,
    verbose: true,
    removeAdditional: true,
    useDefaults: false,
    coerceTypes: false,
    discriminator: true,
    strict: false,
    keywords: ['errorMessage'],
  }),
);

const validators: Record<'create' | 'update', ValidateFunction> = {
  create: ajv.compile(AssistantCreateBody),
  update: ajv.compile(AssistantUpdateBody),
};

export interface ParsedAssistantBody {
  /** The fields that passed their schema; failing fields are left out so rules can still run. */
  patch: AssistantPatch;
  errors: FieldErrors;
}

export function parseAssistantBody(raw: unknown, kind: 'create' | 'update'): ParsedAssistantBody {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { patch: {}, errors: { body: ['The request body must be a JSON object.'] } };
  }
  const body = structuredClone(raw) as Record<string, unknown>;
  const validate = validators[kind];
  if (validate(body)) return { patch: body as AssistantPatch, errors: {} };
  const errors = translateSchemaErrors(withoutRedundantTagErrors(validate.errors ?? []));
  for (const field of Object.keys(errors)) delete body[topLevelField(field)];
  return { patch: body as AssistantPatch, errors };
}

/** A missing tag is already reported as required; the discriminator's "invalid" would repeat it. */
function withoutRedundantTagErrors(errors: ErrorObject[]): ErrorObject[] {
  const missing = new Set(errors.filter((e) => e.keyword === 'required').map((e) => `${e.instancePath}/${String(e.params.missingProperty)}`));
  return errors.filter((e) => e.keyword !== 'discriminator' || !missing.has(`${e.instancePath}/${String(e.params.tag)}`));
}

/** `tools.0.phone_number` -> `tools`: a nested failure invalidates the whole replaced value. */
export function topLevelField(field: string): string {
  return field.split('.')[0]!;
}
