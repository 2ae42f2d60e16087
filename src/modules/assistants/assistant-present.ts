import { Type } from '@sinclair/typebox';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { SettingsProperties } from './assistant-fields.schemas.js';
import { openTool, presentTool } from './assistant-tools.js';
import { toSettings, type AssistantRow } from './assistants.repo.js';

/** Every configurable field plus identity and timestamps; calendar keys masked. */
export const AssistantRecord = Type.Object({
  id: Type.Integer(),
  uuid: Type.String({ format: 'uuid', description: 'What conversations use to address the assistant.' }),
  ...SettingsProperties,
  tools: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const AssistantSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.String(),
  type: Type.String(),
  mode: Type.String(),
});

export function presentAssistant(row: AssistantRow, secrets: SecretBox) {
  const settings = toSettings(row);
  return {
    id: row.id,
    uuid: row.uuid,
    ...settings,
    tools: settings.tools.map((tool) => presentTool(tool, secrets)),
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
