import type { FieldErrors } from '../../core/http/errors.js';
import { humanize } from '../../core/http/validation-messages.js';
import { type CatalogSnapshot, providerSupportsLanguage, voiceVisibleTo } from '../catalog/index.js';
import type { AssistantSettings, Mode, SettingsField } from './assistant-fields.schemas.js';

/**
 * Every field stateRuleErrors reads. A patch touching none of them cannot change its verdict, so
 * such a patch is judged by its schema alone (a test runs the rules on a recording proxy to keep
 * this list complete).
 */
export const RULE_INPUTS: ReadonlySet<SettingsField> = new Set<SettingsField>([
  'voice_id',
  'mode',
  'language_id',
  'secondary_language_ids',
  'llm_model_id',
  'multimodal_model_id',
  'chat_llm_fallback_id',
  'turn_detection_threshold',
  'knowledgebase_mode',
  'allow_interruptions',
  'fillers',
  'synthesizer_provider_id',
  'transcriber_provider_id',
  'timezone',
  'is_webhook_active',
  'webhook_url',
  'post_call_schema',
]);

/**
 * The cross-field rules of spec 4.5, judged on the final state (current + patch), never on the
 * patch alone: changing `mode` by itself must still fail when the stored voice does not fit
 * the new mode. Pure: the catalog arrives as an in-memory snapshot.
 */
export function stateRuleErrors(state: AssistantSettings, catalog: CatalogSnapshot, userId: number): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const realtime = state.mode !== 'pipeline';
  const modeWords = (mode: Mode) => (mode === 'pipeline' ? 'pipeline' : 'multimodal and dualplex');

  const voice = catalog.voices.get(state.voice_id);
  if (!voice || !voiceVisibleTo(voice, userId)) add('voice_id', 'The selected voice id is invalid.');
  else if (!voice.modes.includes(state.mode)) add('voice_id', 'The selected voice is not compatible with the chosen engine type.');

  if (!catalog.languages.has(state.language_id)) add('language_id', 'The selected language id is invalid.');
  state.secondary_language_ids.forEach((id, i) => {
    if (!catalog.languages.has(id))
      add(`secondary_language_ids.${i}`, `The selected ${humanize(`secondary_language_ids.${i}`)} is invalid.`);
  });
  if (state.secondary_language_ids.includes(state.language_id)) {
    add('secondary_language_ids', 'The secondary language ids must not include the main language.');
  }

  modelRules(state, catalog, add);

  const onlyIn = (field: string, mode: Mode) => add(field, `The ${humanize(field)} field is only available in ${modeWords(mode)} mode.`);
  if (!realtime && state.chat_llm_fallback_id !== null) onlyIn('chat_llm_fallback_id', 'multimodal');
  if (!realtime && state.turn_detection_threshold !== null) onlyIn('turn_detection_threshold', 'multimodal');
  if (realtime && state.knowledgebase_mode === 'prompt') {
    add('knowledgebase_mode', `Only function_call mode is available for ${state.mode} assistants.`);
  }
  if (realtime && !state.allow_interruptions) {
    add('allow_interruptions', 'Interruptions cannot be disabled in multimodal or dualplex mode.');
  }
  if (realtime && state.fillers) add('fillers', 'Fillers are only available in pipeline mode.');

  providerRules(state, catalog, add);

  if (!isTimezone(state.timezone)) add('timezone', 'The timezone field must be a valid timezone.');
  if (state.is_webhook_active && !state.webhook_url)
    add('webhook_url', 'The webhook url field is required when is webhook active is true.');
  const seen = new Set<string>();
  state.post_call_schema.forEach((item, i) => {
    if (seen.has(item.name))
      add(`post_call_schema.${i}.name`, `The ${humanize(`post_call_schema.${i}.name`)} field has a duplicate value.`);
    seen.add(item.name);
  });
  return errors;
}

type Add = (field: string, message: string) => void;

function modelRules(state: AssistantSettings, catalog: CatalogSnapshot, add: Add): void {
  const model = (id: number | null) => (id === null ? undefined : catalog.models.get(id));
  if (state.mode === 'pipeline') {
    if (state.llm_model_id === null) add('llm_model_id', 'The llm model id field is required in pipeline mode.');
    else if (model(state.llm_model_id)?.type !== 'llm') add('llm_model_id', 'The selected llm model id is invalid.');
    if (state.multimodal_model_id !== null) {
      add('multimodal_model_id', 'The multimodal model id field is only available in multimodal and dualplex mode.');
    }
    return;
  }
  if (state.llm_model_id !== null) add('llm_model_id', 'The llm model id field is only available in pipeline mode.');
  if (state.multimodal_model_id === null) add('multimodal_model_id', `The multimodal model id field is required in ${state.mode} mode.`);
  else if (model(state.multimodal_model_id)?.type !== state.mode) {
    add('multimodal_model_id', `The selected multimodal model id is not available in ${state.mode} mode.`);
  }
  if (state.chat_llm_fallback_id !== null && model(state.chat_llm_fallback_id)?.type !== 'llm') {
    add('chat_llm_fallback_id', 'The selected chat llm fallback id is invalid.');
  }
}

/** Providers must exist and speak the assistant's language; null means the language default. */
function providerRules(state: AssistantSettings, catalog: CatalogSnapshot, add: Add): void {
  const check = (field: 'synthesizer_provider_id' | 'transcriber_provider_id', kind: 'synthesizer' | 'transcriber') => {
    const id = state[field];
    if (id === null) return;
    const provider = (kind === 'synthesizer' ? catalog.synthesizers : catalog.transcribers).get(id);
    if (!provider) add(field, `The selected ${humanize(field)} is invalid.`);
    else if (!providerSupportsLanguage(provider, state.language_id)) {
      add(field, `The selected ${kind} provider does not support the assistant's language.`);
    }
  };
  if (state.mode === 'multimodal' && state.synthesizer_provider_id !== null) {
    add('synthesizer_provider_id', 'The synthesizer provider id field is only available in pipeline and dualplex mode.');
  } else {
    check('synthesizer_provider_id', 'synthesizer');
  }
  if (state.mode !== 'pipeline' && state.transcriber_provider_id !== null) {
    add('transcriber_provider_id', 'The transcriber provider id field is only available in pipeline mode.');
  } else {
    check('transcriber_provider_id', 'transcriber');
  }
}

const knownTimezones = new Set(Intl.supportedValuesOf('timeZone'));

export function isTimezone(name: string): boolean {
  if (knownTimezones.has(name)) return true;
  try {
    // Aliases (UTC, Europe/Kiev) are valid names that the canonical list leaves out.
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
