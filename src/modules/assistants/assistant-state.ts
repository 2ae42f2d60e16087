import type { CatalogSnapshot } from '../catalog/index.js';
import type { AssistantPatch, AssistantSettings, Mode, SettingsField } from './assistant-fields.schemas.js';
import type { StoredTool } from './assistant-tools.schemas.js';
import { DEFAULT_WIDGET_SETTINGS, normalizeWidgetSettings, type WidgetSettingsPatch } from './widget-settings.schemas.js';

/** A patch whose built-in tools are already normalised and sealed, ready to merge. */
export type ResolvedPatch = Omit<AssistantPatch, 'tools'> & { tools?: StoredTool[] | null };

type RequiredOnCreate = 'name' | 'voice_id' | 'language_id' | 'type' | 'mode' | 'timezone' | 'initial_message' | 'system_prompt';

/** Defaults of every optional field, as the reference documents them for create. */
export const DEFAULT_SETTINGS: Omit<AssistantSettings, RequiredOnCreate> = {
  status: 'inactive',
  llm_model_id: null,
  multimodal_model_id: null,
  chat_llm_fallback_id: null,
  turn_detection_threshold: null,
  secondary_language_ids: [],
  knowledgebase_id: null,
  knowledgebase_mode: 'function_call',
  folder_id: null,
  label_ids: [],
  phone_number_id: null,
  tool_ids: [],
  tools: [],
  tts_emotion_enabled: true,
  voice_stability: 0.7,
  voice_similarity: 0.5,
  speech_speed: 1,
  llm_temperature: 0.1,
  synthesizer_provider_id: null,
  transcriber_provider_id: null,
  allow_interruptions: true,
  fillers: false,
  filler_config: { positive: [], negative: [], question: [], neutral: [] },
  record: false,
  enable_noise_cancellation: true,
  wait_for_customer: false,
  max_duration: 600,
  max_silence_duration: 40,
  max_initial_silence_duration: null,
  ringing_time: 30,
  reengagement_interval: 30,
  reengagement_prompt: null,
  end_call_on_voicemail: true,
  voice_mail_message: null,
  endpoint_type: 'vad',
  endpoint_sensitivity: 0.5,
  interrupt_sensitivity: 0.5,
  min_interrupt_words: null,
  ambient_sound: 'off',
  ambient_sound_volume: 0.5,
  is_webhook_active: false,
  webhook_url: null,
  send_webhook_only_on_completed: true,
  include_recording_in_webhook: true,
  post_call_evaluation: true,
  post_call_schema: [],
  variables: {},
  conversation_inactivity_timeout: 30,
  conversation_ended_retrigger: false,
  conversation_ended_webhook_url: null,
  widget_settings: DEFAULT_WIDGET_SETTINGS,
  widget_daily_budget_usd: null,
};

/** Spec 3.5: what a mode change resets (models, fallback, turn detection, providers). */
export function modeDefaults(mode: Mode, catalog: CatalogSnapshot) {
  return {
    llm_model_id: mode === 'pipeline' ? (catalog.defaultModel('llm')?.id ?? null) : null,
    multimodal_model_id: mode === 'pipeline' ? null : (catalog.defaultModel(mode)?.id ?? null),
    chat_llm_fallback_id: null,
    turn_detection_threshold: null,
    synthesizer_provider_id: null,
    transcriber_provider_id: null,
  } satisfies Partial<AssistantSettings>;
}

/**
 * The final state: the current one, reset to the new mode's defaults when the mode changes,
 * then every supplied field replacing its value (fields named in the same request win over
 * the reset). Arrays and objects are replaced whole; null clears them.
 */
export function applyPatch(current: AssistantSettings, patch: ResolvedPatch, catalog: CatalogSnapshot): AssistantSettings {
  const next: AssistantSettings = { ...current };
  if (patch.mode !== undefined && patch.mode !== current.mode) Object.assign(next, modeDefaults(patch.mode, catalog));
  Object.assign(next, patchedValues(patch));
  // Null removes a setting (the reference's own "remove settings" body sends `webhook_url: null`
  // alone): removing the post-call URL turns that webhook off, as /disable-webhook does. Only an
  // explicit `is_webhook_active: true` beside it is still refused.
  if (patch.webhook_url === null && patch.is_webhook_active === undefined) next.is_webhook_active = false;
  return next;
}

/** A new assistant: the defaults, the mode's defaults, then the request. */
export function initialState(patch: ResolvedPatch, catalog: CatalogSnapshot): AssistantSettings {
  const mode = patch.mode ?? 'pipeline';
  const base = { ...DEFAULT_SETTINGS, ...modeDefaults(mode, catalog), mode } as AssistantSettings;
  return applyPatch(base, { ...patch, mode: undefined }, catalog);
}

/** Fields whose patched value changes other fields while merging (see applyPatch). */
export const MERGE_INPUTS: ReadonlySet<SettingsField> = new Set<SettingsField>(['mode', 'webhook_url', 'is_webhook_active']);

/** The supplied fields with their stored form (sorted id sets, null cleared to []/{}). */
export function patchedValues(patch: ResolvedPatch): Partial<AssistantSettings> {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch) as Array<[SettingsField, unknown]>) {
    if (value !== undefined) values[field] = normalizeValue(field, value);
  }
  return values as Partial<AssistantSettings>;
}

function normalizeValue(field: SettingsField, value: unknown): unknown {
  switch (field) {
    case 'label_ids':
    case 'tool_ids':
      // Sets: kept sorted so equal sets compare equal.
      return value === null ? [] : [...(value as number[])].sort((a, b) => a - b);
    case 'secondary_language_ids':
    case 'tools':
    case 'post_call_schema':
      return value ?? [];
    case 'variables':
      return value ?? {};
    case 'widget_settings':
      return normalizeWidgetSettings(value as WidgetSettingsPatch | null);
    case 'filler_config': {
      const config = (value ?? {}) as Partial<AssistantSettings['filler_config']>;
      return {
        positive: config.positive ?? [],
        negative: config.negative ?? [],
        question: config.question ?? [],
        neutral: config.neutral ?? [],
      };
    }
    default:
      return value;
  }
}

/** Fields whose value differs between two states; only these need writing and re-checking. */
export function changedFields(before: AssistantSettings, after: AssistantSettings): Set<SettingsField> {
  const changed = new Set<SettingsField>();
  for (const field of Object.keys(after) as SettingsField[]) {
    // Fields the merge did not touch still hold the very same value; only the others are compared.
    if (before[field] !== after[field] && JSON.stringify(before[field]) !== JSON.stringify(after[field])) changed.add(field);
  }
  return changed;
}
