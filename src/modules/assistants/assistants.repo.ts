import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../../core/db/transaction.js';
import { microsToUsd, usdToMicros } from '../../core/money.js';
import type { AssistantsTable } from '../../core/db/schema.js';
import type { AssistantSettings, SettingsField } from './assistant-fields.schemas.js';
import { auditInsertSql, type AuditEvent } from '../audit/index.js';

export type AssistantRow = Selectable<AssistantsTable> & { label_ids: number[]; tool_ids: number[] };

/** Settings kept in join tables rather than columns. */
const JOINED = new Set<SettingsField>(['label_ids', 'tool_ids']);
const JSON_COLUMNS = new Set<SettingsField>(['tools', 'filler_config', 'post_call_schema', 'variables', 'widget_settings']);

/**
 * The assistant columns a create or update may write, named one by one. A field missing from this
 * list is never written, whatever the settings object carries; id, uuid, user_id and the
 * timestamps are set by the repository alone.
 */
const SETTINGS_COLUMNS = [
  'status',
  'name',
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
  'phone_number_id',
  'tools',
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
] as const satisfies ReadonlyArray<SettingsField & keyof AssistantsTable>;
type SettingsColumn = (typeof SETTINGS_COLUMNS)[number];
// Compile-time: a settings field added to the schema but not to the list above fails type-checking.
const everySettingIsAColumn: [Exclude<SettingsField, SettingsColumn | MicrosSetting | 'label_ids' | 'tool_ids'>] extends [never]
  ? true
  : never = true;
void everySettingIsAColumn;
/** Money settings: USD numbers on the API, integer micro-USD in their column. */
const MICROS_SETTINGS = { widget_daily_budget_usd: 'widget_daily_budget_micros' } as const satisfies Partial<
  Record<SettingsField, keyof AssistantsTable>
>;
type MicrosSetting = keyof typeof MICROS_SETTINGS;
const isMicrosSetting = (field: string): field is MicrosSetting => Object.hasOwn(MICROS_SETTINGS, field);
const WRITTEN_SETTINGS = [...SETTINGS_COLUMNS, ...(Object.keys(MICROS_SETTINGS) as MicrosSetting[])];
const WRITABLE = new Set<string>(SETTINGS_COLUMNS);

export function toSettings(row: AssistantRow): AssistantSettings {
  const {
    id: _id,
    uuid: _uuid,
    user_id: _user,
    created_at: _c,
    updated_at: _u,
    version: _v,
    widget_daily_budget_micros: budget,
    ...settings
  } = row;
  return { ...settings, widget_daily_budget_usd: budget === null ? null : microsToUsd(budget) } as unknown as AssistantSettings;
}

/** Each written field with its column and column value (jsonb as JSON text, join-table fields left out). */
function columnEntries(
  state: AssistantSettings,
  fields: Iterable<SettingsField>,
): Array<{ field: SettingsField; column: string; value: unknown }> {
  const entries: Array<{ field: SettingsField; column: string; value: unknown }> = [];
  for (const field of fields) {
    if (isMicrosSetting(field)) {
      const usd = state[field];
      entries.push({ field, column: MICROS_SETTINGS[field], value: usd === null ? null : usdToMicros(usd) });
      continue;
    }
    if (JOINED.has(field) || !WRITABLE.has(field)) continue;
    entries.push({ field, column: field, value: JSON_COLUMNS.has(field) ? JSON.stringify(state[field]) : state[field] });
  }
  return entries;
}

/** `column = value, ..., updated_at = now` of an UPDATE (only updated_at when the change is all in join tables). */
function assignmentsSql(entries: Array<{ column: string; value: unknown }>, now: Date): RawBuilder<unknown> {
  return sql.join([...entries.map(({ column, value }) => sql`${sql.ref(column)} = ${value}`), sql`updated_at = ${now}`]);
}

/** The column values for some settings fields (jsonb as JSON text, join-table fields left out). */
function columnValues(state: AssistantSettings, fields: Iterable<SettingsField>): Record<string, unknown> {
  return Object.fromEntries(columnEntries(state, fields).map(({ column, value }) => [column, value]));
}

/**
 * An assistant's label and tool id lists (its join tables), each ascending. `assistantId` is a
 * column reference or a value.
 */
export function joinedIdsSql(assistantId: unknown): { labelIds: RawBuilder<number[]>; toolIds: RawBuilder<number[]> } {
  return {
    labelIds: sql<number[]>`ARRAY(SELECT label_id FROM assistant_labels WHERE assistant_id = ${assistantId} ORDER BY label_id)`,
    toolIds: sql<number[]>`ARRAY(SELECT tool_id FROM assistant_tools WHERE assistant_id = ${assistantId} ORDER BY tool_id)`,
  };
}

export function createAssistantsRepo(db: DbOrTx) {
  const selectRecord = () => {
    const joined = joinedIdsSql(sql.ref('a.id'));
    return db
      .selectFrom('assistants as a')
      .selectAll('a')
      .select([joined.labelIds.as('label_ids'), joined.toolIds.as('tool_ids')]);
  };

  return {
    async insert(input: { uuid: string; userId: number; state: AssistantSettings; now: Date }): Promise<number> {
      const row = await db
        .insertInto('assistants')
        .values({
          ...columnValues(input.state, WRITTEN_SETTINGS),
          uuid: input.uuid,
          user_id: input.userId,
          created_at: input.now,
          updated_at: input.now,
        } as Insertable<AssistantsTable>)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    find(userId: number, id: number): Promise<AssistantRow | undefined> {
      return selectRecord().where('a.id', '=', id).where('a.user_id', '=', userId).executeTakeFirst();
    },

    findByUuid(uuid: string): Promise<AssistantRow | undefined> {
      return selectRecord().where('a.uuid', '=', uuid).executeTakeFirst();
    },

    /**
     * The row an update starts from, with its version. With `lock` (the fallback after repeated
     * version conflicts) the row is held until commit; a statement that waited for the lock
     * returns the row's newest version, but a subquery in it would still see the snapshot the
     * statement started with, so the label and tool lists, when the caller needs them, are read
     * by a second statement. NO KEY UPDATE (not UPDATE) so another assistant's transaction may
     * hold a key-share lock on this row as its transfer target.
     */
    async readForUpdate(userId: number, id: number, options: { withJoined: boolean; lock: boolean }): Promise<AssistantRow | undefined> {
      let query = db.selectFrom('assistants').selectAll().where('id', '=', id).where('user_id', '=', userId);
      if (options.lock) query = query.forNoKeyUpdate();
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      if (!options.withJoined) return { ...row, label_ids: [], tool_ids: [] };
      const { labelIds, toolIds } = joinedIdsSql(id);
      const joined = await db.selectNoFrom([labelIds.as('label_ids'), toolIds.as('tool_ids')]).executeTakeFirstOrThrow();
      return { ...row, ...joined };
    },

    /**
     * Writes the changed columns only if the row is still at `version` (the trigger then bumps
     * it); false when another write got there first. Under READ COMMITTED a concurrent writer's
     * row lock makes this wait, then re-check the version against the committed row.
     */
    async updateAtVersion(
      id: number,
      version: number,
      state: AssistantSettings,
      fields: Iterable<SettingsField>,
      now: Date,
      audit: AuditEvent,
    ): Promise<boolean> {
      // The audit row in the same statement: written exactly when the version check lets the change through.
      const { rows } = await sql<{ id: number }>`
        WITH changed AS (
          UPDATE assistants SET ${assignmentsSql(columnEntries(state, fields), now)}
          WHERE id = ${id} AND version = ${version} RETURNING id
        ), audited AS (${auditInsertSql('changed', audit)})
        SELECT id FROM changed`.execute(db);
      return rows.length > 0;
    },

    /**
     * Writes settings that no rule judges against the rest of the row, in one statement with no
     * read before it: only if the row is the caller's and one of the values differs, so a request
     * that changes nothing moves neither updated_at nor the version. The same statement writes the
     * audit row naming the fields that differed (read from the row it locks, the newest version).
     * The written row's summary, or undefined when nothing was written.
     */
    async updateUnread(userId: number, id: number, values: Partial<AssistantSettings>, now: Date, audit: AuditEvent) {
      const entries = columnEntries(values as AssistantSettings, Object.keys(values) as SettingsField[]).sort((a, b) =>
        a.field < b.field ? -1 : 1,
      );
      // Raw SQL: on the busiest update the query builder cost more CPU than the statement's own round trip.
      const differs = ({ column, value }: (typeof entries)[number]) => sql`${sql.ref(`prior.${column}`)} IS DISTINCT FROM ${value}`;
      const changedFields = sql.join(entries.map((entry) => sql`CASE WHEN ${differs(entry)} THEN ${entry.field}::text END`));
      const { rows } = await sql<Pick<AssistantRow, 'id' | 'name' | 'status' | 'type' | 'mode'>>`
        WITH prior AS (
          SELECT ${sql.join([sql.ref('id'), ...entries.map(({ column }) => sql.ref(column))])} FROM assistants
          WHERE id = ${id} AND user_id = ${userId} FOR NO KEY UPDATE
        ), changed AS (
          UPDATE assistants SET ${assignmentsSql(entries, now)}
          FROM prior WHERE assistants.id = prior.id AND (${sql.join(entries.map(differs), sql` OR `)})
          RETURNING assistants.id, assistants.name, assistants.status, assistants.type, assistants.mode,
            array_remove(ARRAY[${changedFields}], NULL) AS fields
        ), audited AS (${auditInsertSql('changed', audit, sql`jsonb_build_object('fields', to_jsonb(changed.fields))`)})
        SELECT id, name, status, type, mode FROM changed`.execute(db);
      return rows[0];
    },

    /** Writes only the difference, so a label deleted meanwhile never meets a re-insert of it. */
    async replaceJoined(kind: 'labels' | 'tools', assistantId: number, before: number[], after: number[]): Promise<void> {
      const removed = before.filter((id) => !after.includes(id));
      const added = after.filter((id) => !before.includes(id));
      if (kind === 'labels') {
        if (removed.length)
          await db.deleteFrom('assistant_labels').where('assistant_id', '=', assistantId).where('label_id', 'in', removed).execute();
        if (added.length)
          await db
            .insertInto('assistant_labels')
            .values(added.map((label_id) => ({ assistant_id: assistantId, label_id })))
            .execute();
      } else {
        if (removed.length)
          await db.deleteFrom('assistant_tools').where('assistant_id', '=', assistantId).where('tool_id', 'in', removed).execute();
        if (added.length)
          await db
            .insertInto('assistant_tools')
            .values(added.map((tool_id) => ({ assistant_id: assistantId, tool_id })))
            .execute();
      }
    },

    async page(userId: number, limit: number, offset: number): Promise<{ rows: AssistantRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        selectRecord().where('a.user_id', '=', userId).orderBy('a.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('assistants')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every assistant of the account, newest first (the reference's bare list). */
    all(userId: number): Promise<AssistantRow[]> {
      return selectRecord().where('a.user_id', '=', userId).orderBy('a.id', 'desc').execute();
    },

    /** Locks the row for deletion; a transaction adding it as a transfer target waits for us. */
    lockForDelete(userId: number, id: number) {
      return db
        .selectFrom('assistants')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('assistants').where('id', '=', id).execute();
    },

    /** Ids among `ids` that are this user's assistants; key-share locked so they cannot vanish before commit. */
    async lockOwnedAssistants(userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('assistants')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .forKeyShare()
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Another inbound assistant holding this number, if any. */
    async inboundHolder(phoneNumberId: number, exceptAssistantId: number | null): Promise<number | undefined> {
      let query = db.selectFrom('assistants').select('id').where('phone_number_id', '=', phoneNumberId).where('type', '=', 'inbound');
      if (exceptAssistantId !== null) query = query.where('id', '!=', exceptAssistantId);
      return (await query.executeTakeFirst())?.id;
    },

    async inboundPhoneIds(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('assistants')
        .select('phone_number_id')
        .where('user_id', '=', userId)
        .where('type', '=', 'inbound')
        .where('phone_number_id', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.phone_number_id!));
    },

    /** Drops built-in tools that point at something being deleted, keeping the others in order. */
    async removeToolsMatching(userId: number, match: Record<string, unknown>): Promise<void> {
      const pattern = JSON.stringify([match]);
      const element = JSON.stringify(match);
      await db
        .updateTable('assistants')
        .set({
          tools: sql`COALESCE((SELECT jsonb_agg(t.value ORDER BY t.ord) FROM jsonb_array_elements(tools) WITH ORDINALITY AS t(value, ord)
                     WHERE NOT (t.value @> CAST(${element} AS jsonb))), '[]'::jsonb)`,
        })
        .where('user_id', '=', userId)
        .where(sql<boolean>`tools @> CAST(${pattern} AS jsonb)`)
        .execute();
    },

    async clearKnowledgeBase(knowledgeBaseId: number): Promise<void> {
      await db.updateTable('assistants').set({ knowledgebase_id: null }).where('knowledgebase_id', '=', knowledgeBaseId).execute();
    },
  };
}
