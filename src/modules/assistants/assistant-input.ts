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
  const errors = validate(body) ? {} : translateSchemaErrors(validate.errors ?? []);
  for (const field of Object.keys(errors)) delete body[topLevelField(field)];
  if (kind === 'create') Object.assign(errors, modelRequiredOnCreate(body));
  return { patch: body as AssistantPatch, errors };
}

/**
 * The reference requires the model of the chosen mode on create (Laravel's required_if); an
 * update keeps the stored one, or resets it to the new mode's default when the mode changes.
 */
function modelRequiredOnCreate(body: Record<string, unknown>): FieldErrors {
  const { mode } = body;
  if (mode === 'pipeline' && body.llm_model_id == null)
    return { llm_model_id: ['The llm model id field is required when mode is pipeline.'] };
  if ((mode === 'multimodal' || mode === 'dualplex') && body.multimodal_model_id == null) {
    return { multimodal_model_id: [`The multimodal model id field is required when mode is ${mode}.`] };
  }
  return {};
}

/** `tools.0.phone_number` -> `tools`: a nested failure invalidates the whole replaced value. */
export function topLevelField(field: string): string {
  return field.split('.')[0]!;
}
