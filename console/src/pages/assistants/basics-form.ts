import type { Assistant, CreateAssistantRequest } from '../../api/types.js';
import { modelFieldFor } from './assistant-labels.js';
import { variableErrors, variableRows, variablesRequest, type VariableRow } from './variables.js';

/** The Basics group as the form holds it: pickers hold ids as strings, as Mantine's Select does. */
export type BasicsValues = {
  name: string;
  type: string;
  mode: string;
  language_id: string | null;
  voice_id: string | null;
  model_id: string | null;
  timezone: string;
  initial_message: string;
  system_prompt: string;
  /** Where it is kept and how it is tagged, the number it answers, other languages it speaks. */
  folder_id: string | null;
  label_ids: string[];
  phone_number_id: string | null;
  secondary_language_ids: string[];
  variables: VariableRow[];
};

export const BASICS_FIELDS = [
  'name',
  'type',
  'mode',
  'language_id',
  'voice_id',
  'model_id',
  'timezone',
  'initial_message',
  'system_prompt',
  'folder_id',
  'label_ids',
  'phone_number_id',
  'secondary_language_ids',
  'variables',
] as const;

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyBasics(): BasicsValues {
  return {
    name: '',
    type: 'inbound',
    mode: 'pipeline',
    language_id: null,
    voice_id: null,
    model_id: null,
    timezone: browserTimezone(),
    initial_message: '',
    system_prompt: '',
    folder_id: null,
    label_ids: [],
    phone_number_id: null,
    secondary_language_ids: [],
    variables: [],
  };
}

const idString = (id: number | null | undefined) => (id ? String(id) : null);

export function basicsOf(assistant: Assistant): BasicsValues {
  return {
    name: assistant.name,
    type: assistant.type,
    mode: assistant.mode,
    language_id: idString(assistant.language_id),
    voice_id: idString(assistant.voice_id),
    model_id: idString(assistant.mode === 'pipeline' ? assistant.llm_model_id : assistant.multimodal_model_id),
    timezone: assistant.timezone,
    initial_message: assistant.initial_message,
    system_prompt: assistant.system_prompt,
    folder_id: idString(assistant.folder_id),
    label_ids: (assistant.label_ids ?? []).map(String),
    phone_number_id: idString(assistant.phone_number_id),
    secondary_language_ids: (assistant.secondary_language_ids ?? []).map(String),
    variables: variableRows(assistant.variables),
  };
}

/** The request fields of the Basics group; the model goes to the field its mode uses. */
export function basicsRequest(values: BasicsValues): CreateAssistantRequest {
  const id = (value: string | null) => (value ? Number(value) : (undefined as unknown as number));
  return {
    name: values.name.trim(),
    type: values.type as CreateAssistantRequest['type'],
    mode: values.mode as CreateAssistantRequest['mode'],
    language_id: id(values.language_id),
    voice_id: id(values.voice_id),
    [modelFieldFor(values.mode)]: values.model_id ? Number(values.model_id) : null,
    timezone: values.timezone,
    initial_message: values.initial_message,
    system_prompt: values.system_prompt,
    // An emptied picker is the API's null: no folder, no number.
    folder_id: values.folder_id ? Number(values.folder_id) : null,
    label_ids: values.label_ids.map(Number),
    phone_number_id: values.phone_number_id ? Number(values.phone_number_id) : null,
    secondary_language_ids: values.secondary_language_ids.map(Number),
    variables: variablesRequest(values.variables),
  };
}

/** What the form checks before sending: variable names the greeting and instructions can use. */
export function validateBasics(values: BasicsValues): Record<string, string> {
  return variableErrors(values.variables);
}

/** How the form names each field, for the server's messages, which name the API's fields. */
const FIELD_WORDS: Record<string, [apiWords: string, label: string]> = {
  language_id: ['language id', 'language'],
  voice_id: ['voice id', 'voice'],
  llm_model_id: ['llm model id', 'AI model'],
  multimodal_model_id: ['multimodal model id', 'AI model'],
  initial_message: ['initial message', 'greeting'],
  system_prompt: ['system prompt', 'instructions'],
  timezone: ['timezone', 'time zone'],
  folder_id: ['folder id', 'folder'],
  label_ids: ['label ids', 'labels'],
  phone_number_id: ['phone number id', 'phone number'],
  secondary_language_ids: ['secondary language ids', 'other languages'],
};

/** "The llm model id field is required..." reads "The AI model field is required..." next to the AI model picker. */
export function inFormWords(field: string, message: string): string {
  const words = FIELD_WORDS[field];
  return words ? message.replace(new RegExp(`\\b${words[0]}(\\.\\d+)?\\b`, 'i'), words[1]) : message;
}

/**
 * The server's field errors placed on the form's fields (both model fields are the one picker);
 * whatever names a field this form does not show is returned to be shown above the form.
 */
export function placeServerErrors(fieldErrors: Record<string, string>): { onFields: Record<string, string>; elsewhere: string[] } {
  const onFields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    // "label_ids.1" names one label of the picker.
    const top = field.split('.')[0]!;
    const target = top === 'llm_model_id' || top === 'multimodal_model_id' ? 'model_id' : top;
    // A variable's error names its key, which the rows do not show as a field: above the form.
    if (target !== 'variables' && (BASICS_FIELDS as readonly string[]).includes(target)) onFields[target] ??= inFormWords(top, message);
    else elsewhere.push(message);
  }
  return { onFields, elsewhere };
}
