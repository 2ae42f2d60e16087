import { sql, type RawBuilder } from 'kysely';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { runtimeAssistant, type RuntimeAssistant } from './assistant-present.js';
import type { AssistantRow } from './assistants.repo.js';

/**
 * An assistant's whole record (its row plus the label and tool id lists) as one jsonb value, for
 * a query that reads it along with something else: the widget message path reads the
 * conversation and its assistant's runtime view in one round trip instead of two. `alias` is the
 * assistants table's alias in that query.
 */
export function assistantRecordSql(alias: string): RawBuilder<unknown> {
  const id = sql.ref(`${alias}.id`);
  return sql`to_jsonb(${sql.table(alias)}) || jsonb_build_object(
    'label_ids', ARRAY(SELECT label_id FROM assistant_labels WHERE assistant_id = ${id} ORDER BY label_id),
    'tool_ids', ARRAY(SELECT tool_id FROM assistant_tools WHERE assistant_id = ${id} ORDER BY tool_id))`;
}

/**
 * The row the assistants repository would have read. JSON carries every column as the drivers
 * return it (numbers, booleans, jsonb as objects) except timestamps, which come as text.
 */
export function assistantRowFromRecord(record: unknown): AssistantRow {
  const row = record as AssistantRow & { created_at: string | Date; updated_at: string | Date };
  return { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) };
}

export function runtimeAssistantFromRecord(record: unknown, secrets: SecretBox): RuntimeAssistant {
  return runtimeAssistant(assistantRowFromRecord(record), secrets);
}
