import type { ValidateFunction } from 'ajv';
import type { FieldErrors } from '../../core/http/errors.js';
import { createValidator } from '../../core/http/validation.js';
import { translateSchemaErrors } from '../../core/http/validation-messages.js';
import { AssistantCreateBody, AssistantUpdateBody, type AssistantPatch } from './assistant-fields.schemas.js';

/**
 * Assistant bodies are validated here rather than by the route, so that one 422 can list the
 * schema errors and the cross-field errors together (the reference answers speech_speed's range
 * and voice_id's mode compatibility in the same response). Options mirror the app's body
 * validator, except that no defaults are filled in: an omitted field means "unchanged".
 */
const ajv = createValidator({ coerceTypes: false, useDefaults: false });

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
  const errors = translateSchemaErrors(validate.errors ?? []);
  for (const field of Object.keys(errors)) delete body[topLevelField(field)];
  return { patch: body as AssistantPatch, errors };
}

/** `tools.0.phone_number` -> `tools`: a nested failure invalidates the whole replaced value. */
export function topLevelField(field: string): string {
  return field.split('.')[0]!;
}
