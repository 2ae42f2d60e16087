import type { Assistant, CreateAssistantRequest } from '../../api/types.js';

/**
 * Every field the create route takes. Typed both ways: a name that is not a create field fails
 * `satisfies`, and a create field missing here fails `MissingCreateField` (so a new setting of the
 * contract is copied by Duplicate without anyone remembering to add it).
 */
const CREATE_FIELDS = [
  'name',
  'status',
  'type',
  'mode',
  'voice_id',
  'language_id',
  'timezone',
  'initial_message',
  'system_prompt',
  'llm_model_id',
  'multimodal_model_id',
  'chat_llm_fallback_id',
  'turn_detection_threshold',
  'secondary_language_ids',
  'knowledgebase_id',
  'knowledgebase_mode',
  'folder_id',
  'label_ids',
  'phone_number_id',
  'tool_ids',
  'tts_emotion_enabled',
  'voice_stability',
  'voice_similarity',
  'speech_speed',
  'llm_temperature',
  'synthesizer_provider_id',
  'transcriber_provider_id',
  'allow_interruptions',
  'fillers',
  'filler_config',
  'record',
  'enable_noise_cancellation',
  'wait_for_customer',
  'max_duration',
  'max_silence_duration',
  'max_initial_silence_duration',
  'ringing_time',
  'reengagement_interval',
  'reengagement_prompt',
  'end_call_on_voicemail',
  'voice_mail_message',
  'endpoint_type',
  'endpoint_sensitivity',
  'interrupt_sensitivity',
  'min_interrupt_words',
  'ambient_sound',
  'ambient_sound_volume',
  'is_webhook_active',
  'webhook_url',
  'send_webhook_only_on_completed',
  'include_recording_in_webhook',
  'post_call_evaluation',
  'post_call_schema',
  'variables',
  'conversation_inactivity_timeout',
  'conversation_ended_retrigger',
  'conversation_ended_webhook_url',
  'widget_settings',
  'widget_daily_budget_usd',
  'tools',
] as const satisfies ReadonlyArray<keyof CreateAssistantRequest>;
type MissingCreateField = Exclude<keyof CreateAssistantRequest, (typeof CREATE_FIELDS)[number]>;
const everyCreateFieldListed: [MissingCreateField] extends [never] ? true : MissingCreateField = true;
void everyCreateFieldListed;

/**
 * The copy's body: the original's settings under a new name, inactive, without its phone number
 * (a number answers for one assistant). Unset (null) settings are left out: the server's default.
 */
export function duplicateRequest(original: Assistant): CreateAssistantRequest {
  const body: Record<string, unknown> = {};
  const source = original as unknown as Record<string, unknown>;
  for (const field of CREATE_FIELDS) {
    if (source[field] !== null && source[field] !== undefined) body[field] = source[field];
  }
  delete body.phone_number_id;
  return { ...body, name: `${original.name} (copy)`.slice(0, 255), status: 'inactive' } as CreateAssistantRequest;
}
