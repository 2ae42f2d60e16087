import type { SecretBox } from '../../core/crypto/secret-box.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { openTool, presentTool } from './assistant-tools.js';
import { toSettings, type AssistantRow } from './assistants.repo.js';

export function presentListItem(row: AssistantRow, secrets: SecretBox, languageCode: (id: number) => string | null, hideSecrets = false) {
  const record = presentAssistant(row, secrets, hideSecrets);
  return {
    ...record,
    ...referenceListFormats(record),
    user_id: row.user_id,
    language: languageCode(row.language_id),
    inbound_webhook_url: row.inbound_webhook_url,
    engine_id: null,
    synthesizer_id: null,
    transcriber_id: null,
    instance_id: null,
    flows_platform_id: null,
    deleted_at: null,
  };
}

function referenceListFormats(record: ReturnType<typeof presentAssistant>) {
  const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
  const decimal = (value: number) => value.toFixed(2);
  return {
    fillers: flag(record.fillers),
    end_call_on_voicemail: flag(record.end_call_on_voicemail),
    llm_temperature: decimal(record.llm_temperature),
    voice_stability: decimal(record.voice_stability),
    voice_similarity: decimal(record.voice_similarity),
    speech_speed: decimal(record.speech_speed),
    ambient_sound_volume: decimal(record.ambient_sound_volume),
  };
}

/** `hideSecrets`: the calendar tools' API keys are not shown at all (for a reader who may not see secrets). */
export function presentAssistant(row: AssistantRow, secrets: SecretBox, hideSecrets = false) {
  const settings = toSettings(row);
  return {
    id: row.id,
    uuid: row.uuid,
    ...settings,
    tools: settings.tools.map((tool) => presentTool(tool, secrets, hideSecrets)),
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
  };
}

/** What the conversation engine needs: the same record with calendar keys readable. */
export function runtimeAssistant(row: AssistantRow, secrets: SecretBox) {
  const settings = toSettings(row);
  return { id: row.id, uuid: row.uuid, user_id: row.user_id, ...settings, tools: settings.tools.map((tool) => openTool(tool, secrets)) };
}
export type RuntimeAssistant = ReturnType<typeof runtimeAssistant>;
