import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';
import { ToolInput, Url, type StoredTool } from './assistant-tools.schemas.js';
import { WidgetSettingsInput } from './widget-settings.schemas.js';

/**
 * Every configurable field of an assistant with its type and range (spec 4.5). One definition
 * yields the create body, the update body and the record returned on read.
 */
const StringEnum = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: values });
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdList = (maxItems: number) => Type.Array(Id, { uniqueItems: true, maxItems });
const Unit = Type.Number({ minimum: 0, maximum: 1 });
const Phrases = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 });

export const MODES = ['pipeline', 'multimodal', 'dualplex'] as const;
export type Mode = (typeof MODES)[number];

export const AMBIENT_SOUNDS = ['off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'] as const;

const FillerConfig = Type.Object(
  { positive: Type.Optional(Phrases), negative: Type.Optional(Phrases), question: Type.Optional(Phrases), neutral: Type.Optional(Phrases) },
  { additionalProperties: false },
);

const PostCallField = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z0-9_]{3,16}$',
      errorMessage: 'The :attribute must be 3 to 16 characters of lower-case letters, digits and underscores.',
    }),
    type: StringEnum(['string', 'number', 'bool'] as const),
    description: Type.String({ minLength: 3, maxLength: 255 }),
  },
  { additionalProperties: false },
);

const Variables = Type.Unsafe<Record<string, string | number | boolean>>({
  type: 'object',
  maxProperties: 100,
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
  additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 2000 },
});

export const SettingsProperties = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  status: StringEnum(['active', 'inactive'] as const),
  type: StringEnum(['inbound', 'outbound'] as const),
  mode: StringEnum(MODES),
  voice_id: Id,
  language_id: Id,
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  initial_message: Type.String({ minLength: 1, maxLength: 200 }),
  system_prompt: Type.String({ minLength: 1, maxLength: 50_000 }),
  llm_model_id: Nullable({ ...Id, description: 'Pipeline mode only; required on create in pipeline mode (GET /user/assistants/models).' }),
  multimodal_model_id: Nullable({
    ...Id,
    description:
      'Multimodal and dualplex only; required on create in those modes (GET /user/assistants/models?type=multimodal or dualplex).',
  }),
  chat_llm_fallback_id: Nullable(Id),
  turn_detection_threshold: Nullable(Unit),
  secondary_language_ids: IdList(20),
  knowledgebase_id: Nullable(Id),
  knowledgebase_mode: StringEnum(['function_call', 'prompt'] as const),
  folder_id: Nullable(Id),
  label_ids: IdList(50),
  phone_number_id: Nullable(Id),
  tool_ids: IdList(50),
  tts_emotion_enabled: Type.Boolean(),
  voice_stability: Unit,
  voice_similarity: Unit,
  speech_speed: Type.Number({ minimum: 0.7, maximum: 1.2 }),
  llm_temperature: Unit,
  synthesizer_provider_id: Nullable(Id),
  transcriber_provider_id: Nullable(Id),
  allow_interruptions: Type.Boolean(),
  fillers: Type.Boolean(),
  filler_config: FillerConfig,
  record: Type.Boolean(),
  enable_noise_cancellation: Type.Boolean(),
  wait_for_customer: Type.Boolean(),
  max_duration: Type.Integer({ minimum: 20, maximum: 1200 }),
  max_silence_duration: Type.Integer({ minimum: 1, maximum: 360 }),
  max_initial_silence_duration: Nullable(Type.Integer({ minimum: 1, maximum: 120 })),
  ringing_time: Type.Integer({ minimum: 1, maximum: 60 }),
  reengagement_interval: Type.Integer({ minimum: 7, maximum: 600 }),
  reengagement_prompt: Nullable(Type.String({ maxLength: 1000 })),
  end_call_on_voicemail: Type.Boolean(),
  voice_mail_message: Nullable(Type.String({ maxLength: 1000 })),
  endpoint_type: StringEnum(['vad', 'ai'] as const),
  endpoint_sensitivity: Type.Number({ minimum: 0, maximum: 5 }),
  interrupt_sensitivity: Type.Number({ minimum: 0, maximum: 5 }),
  min_interrupt_words: Nullable(Type.Integer({ minimum: 0, maximum: 10 })),
  ambient_sound: StringEnum(AMBIENT_SOUNDS),
  ambient_sound_volume: Unit,
  is_webhook_active: Type.Boolean(),
  webhook_url: Nullable(Url),
  send_webhook_only_on_completed: Type.Boolean(),
  include_recording_in_webhook: Type.Boolean(),
  post_call_evaluation: Type.Boolean(),
  post_call_schema: Type.Array(PostCallField, { maxItems: 50 }),
  variables: Variables,
  conversation_inactivity_timeout: Nullable(Type.Integer({ minimum: 1, maximum: 1440 })),
  conversation_ended_retrigger: Type.Boolean(),
  conversation_ended_webhook_url: Nullable(Url),
  widget_settings: WidgetSettingsInput,
  /** Most the widget's conversations may spend per UTC day (0.01 USD a message); null = no cap. */
  widget_daily_budget_usd: Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 })),
};

const ToolOutput = Type.Object({ type: Type.String() }, { additionalProperties: true });

/** The stored, complete settings; `tools` holds stored tools (keys sealed, masked on the way out). */
export const SettingsSchema = Type.Object({ ...SettingsProperties, tools: Type.Array(ToolOutput) });
type FillerConfigValue = Record<'positive' | 'negative' | 'question' | 'neutral', string[]>;
export type AssistantSettings = Omit<Static<typeof SettingsSchema>, 'tools' | 'filler_config'> & {
  tools: StoredTool[];
  filler_config: FillerConfigValue;
};
export type SettingsField = keyof AssistantSettings;

/** Arrays and objects: null is accepted and clears them, like []. */
export const CLEARABLE_FIELDS = [
  'secondary_language_ids',
  'label_ids',
  'tool_ids',
  'tools',
  'post_call_schema',
  'variables',
  'filler_config',
  'widget_settings',
] as const;
type Clearable = (typeof CLEARABLE_FIELDS)[number];

export type AssistantPatch = {
  [K in Exclude<SettingsField, 'tools' | 'filler_config'>]?: AssistantSettings[K] | (K extends Clearable ? null : never);
} & { tools?: ToolInput[] | null; filler_config?: Partial<FillerConfigValue> | null };

export const REQUIRED_ON_CREATE = [
  'name',
  'voice_id',
  'language_id',
  'type',
  'mode',
  'timezone',
  'initial_message',
  'system_prompt',
] as const;

function bodySchema(required: readonly string[]): TSchema {
  const properties: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(SettingsProperties)) {
    properties[key] = (CLEARABLE_FIELDS as readonly string[]).includes(key) ? { ...schema, nullable: true } : schema;
  }
  properties.tools = Nullable(Type.Array(ToolInput, { maxItems: 20 }));
  // Unknown fields are dropped (removeAdditional), never stored.
  return { type: 'object', properties, additionalProperties: false, ...(required.length > 0 ? { required } : {}) } as unknown as TSchema;
}

export const AssistantUpdateBody = Type.Unsafe<AssistantPatch>(bodySchema([]));
export const AssistantCreateBody = Type.Unsafe<AssistantPatch>(bodySchema(REQUIRED_ON_CREATE));
