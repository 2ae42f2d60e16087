import { randomUUID } from 'node:crypto';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx, type Tx } from '../../core/db/transaction.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { notFound, validationFailed, type FieldErrors } from '../../core/http/errors.js';
import type { CatalogService, CatalogSnapshot } from '../catalog/index.js';
import { SettingsSchema, type AssistantSettings, type SettingsField } from './assistant-fields.schemas.js';
import { topLevelField, type ParsedAssistantBody } from './assistant-input.js';
import { applyPatch, changedFields, initialState, MERGE_INPUTS, patchedValues, type ResolvedPatch } from './assistant-state.js';
import { RULE_INPUTS, stateRuleErrors } from './assistant-rules.js';
import { INBOUND_TAKEN, referenceErrors, type ReferenceOwners } from './assistant-references.js';
import { verifyCalendarTools, type CalendarClients } from './assistant-calendar.js';
import { normalizeTool, restoreMaskedKeys, sealTool, toolItemErrors, type ToolDraft } from './assistant-tools.js';
import { canonicalCalendarFields, inClientTerms } from './calendar-field-names.js';
import type { StoredTool } from './assistant-tools.schemas.js';
import { createAssistantsRepo, toSettings, type AssistantRow } from './assistants.repo.js';
import { presentAssistant, presentListItem, runtimeAssistant } from './assistant-present.js';
import { recordAudit, type AuditActor, type AuditEvent } from '../audit/index.js';

export interface AssistantsDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  catalog: CatalogService;
  calendars: CalendarClients;
  owners: ReferenceOwners;
}

const VALIDATION_FAILED = 'Validation failed';
const assistantNotFound = () => notFound('Assistant not found');
const DEADLOCK = '40P01';
const MAX_ATTEMPTS = 3;
/** Version conflicts tolerated before an update falls back to locking the row (so it always ends). */
const OPTIMISTIC_ATTEMPTS = 4;
/** Settings whose new value is checked against other tables, under locks only a transaction holds. */
const CHECKED_AGAINST_OTHER_TABLES: ReadonlySet<SettingsField> = new Set([
  'folder_id',
  'label_ids',
  'tool_ids',
  'knowledgebase_id',
  'phone_number_id',
  'type',
  'tools',
]);

/**
 * Settings an update may write without reading the row first: no cross-field rule, merge step or
 * reference check reads them, so their own schema judges them whatever the row holds.
 */
const WRITABLE_UNREAD: ReadonlySet<string> = new Set(
  (Object.keys(SettingsSchema.properties) as SettingsField[]).filter(
    (field) => !RULE_INPUTS.has(field) && !MERGE_INPUTS.has(field) && !CHECKED_AGAINST_OTHER_TABLES.has(field),
  ),
);
const writableUnread = (patch: ParsedAssistantBody['patch']) => {
  const fields = Object.keys(patch);
  return fields.length > 0 && fields.every((field) => WRITABLE_UNREAD.has(field));
};

/** Another write moved the row past the version an update read; that update starts again. */
class VersionConflict extends Error {}

interface ValidationInput {
  userId: number;
  assistantId: number | null;
  before: AssistantSettings | null;
  after: AssistantSettings;
  changed: Set<SettingsField>;
  snapshot: CatalogSnapshot;
  schemaErrors: FieldErrors;
  toolErrors: FieldErrors;
}

interface PreparedTools {
  drafts: ToolDraft[] | null | undefined;
  errors: FieldErrors;
}

export function createAssistantsService(deps: AssistantsDeps) {
  const { db, clock, secrets, catalog, calendars, owners } = deps;

  /** Tools are checked before any lock is taken: the calendar checks are network calls. */
  async function prepareTools(
    input: ParsedAssistantBody['patch']['tools'],
    storedTools: () => Promise<StoredTool[]>,
  ): Promise<PreparedTools> {
    if (input === undefined || input === null) return { drafts: input, errors: {} };
    const aliases = canonicalCalendarFields(input as Array<Record<string, unknown>>);
    const drafts = input.map(normalizeTool);
    const masked = JSON.stringify(input).includes('…') || JSON.stringify(input).includes('"****"');
    const errors = {
      ...aliases.errors,
      ...(masked ? restoreMaskedKeys(drafts, await storedTools(), secrets) : {}),
      ...toolItemErrors(drafts),
    };
    const failedItems = new Set(Object.keys(errors).map((field) => Number(field.split('.')[1])));
    Object.assign(errors, await verifyCalendarTools(drafts, calendars, (i) => failedItems.has(i)));
    return { drafts, errors: inClientTerms(errors, aliases.used) };
  }

  /** Validates the final state; throws one 422 naming every failing field. */
  async function validate(tx: DbOrTx, input: ValidationInput): Promise<void> {
    const { userId, assistantId, before, after, changed, snapshot } = input;
    // Not an object at all: there is no state worth judging.
    if (input.schemaErrors.body) throw validationFailed(input.schemaErrors, VALIDATION_FAILED);
    const errors: FieldErrors = { ...input.schemaErrors, ...input.toolErrors };
    const rejected = new Set(Object.keys(input.schemaErrors).map(topLevelField));
    const derived = {
      ...stateRuleErrors(after, snapshot, userId),
      ...(await referenceErrors(tx, owners, { userId, assistantId, before, after, changed })),
    };
    // A field whose input was malformed kept its old value; judging that value would only confuse.
    for (const [field, messages] of Object.entries(derived)) {
      if (!rejected.has(topLevelField(field))) (errors[field] ??= []).push(...messages);
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors, VALIDATION_FAILED);
  }

  const resolve = (patch: ParsedAssistantBody['patch'], tools: PreparedTools): ResolvedPatch => ({
    ...patch,
    tools: tools.drafts === undefined ? undefined : (tools.drafts ?? []).map((draft) => sealTool(draft, secrets)),
  });

  /**
   * Runs a write transaction. The database has the last word on inbound numbers, so a lost race
   * reads exactly like the early check; a deadlock (a delete racing an update) is retried.
   */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (isUniqueViolation(error, 'assistants_inbound_phone_key')) {
          throw validationFailed({ phone_number_id: [INBOUND_TAKEN] }, VALIDATION_FAILED);
        }
        if ((error as { code?: string }).code === DEADLOCK && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  async function writeJoined(tx: Tx, id: number, before: AssistantSettings | null, after: AssistantSettings, changed: Set<SettingsField>) {
    const repo = createAssistantsRepo(tx);
    if (changed.has('label_ids')) await repo.replaceJoined('labels', id, before?.label_ids ?? [], after.label_ids);
    if (changed.has('tool_ids')) await repo.replaceJoined('tools', id, before?.tool_ids ?? [], after.tool_ids);
  }

  const summary = (id: number, s: AssistantSettings) => ({ id, name: s.name, status: s.status, type: s.type, mode: s.mode });

  /** The audit row of a change to assistant `id`; `details` as the action needs. */
  const auditOf = (userId: number, actor: AuditActor, action: string, id: number, details?: Record<string, unknown>): AuditEvent => ({
    userId,
    actor,
    action,
    resourceType: 'assistant',
    resourceId: id,
    details,
    now: clock.now(),
  });
  /** An update's row names the top-level fields whose values changed. */
  const updatedAudit = (userId: number, actor: AuditActor, id: number, changed: Iterable<SettingsField>) =>
    auditOf(userId, actor, 'assistant.updated', id, { fields: [...changed].sort() });

  async function presentListItems(rows: AssistantRow[], hideSecrets: boolean) {
    const { languages } = await catalog.snapshot();
    return rows.map((row) => presentListItem(row, secrets, (id) => languages.get(id)?.iso_2 ?? null, hideSecrets));
  }

  return {
    async create(userId: number, { patch, errors: schemaErrors }: ParsedAssistantBody, actor: AuditActor) {
      const tools = await prepareTools(patch.tools, async () => []);
      // Read before the transaction: on the embedded database a query outside it would wait for it.
      const snapshot = await catalog.snapshot();
      return guarded(() =>
        inTransaction(db, async (tx) => {
          const after = initialState(resolve(patch, tools), snapshot);
          const changed = new Set(Object.keys(after) as SettingsField[]);
          await validate(tx, { userId, assistantId: null, before: null, after, changed, snapshot, schemaErrors, toolErrors: tools.errors });
          const uuid = randomUUID();
          const id = await createAssistantsRepo(tx).insert({ uuid, userId, state: after, now: clock.now() });
          await writeJoined(tx, id, null, after, changed);
          await recordAudit(tx, auditOf(userId, actor, 'assistant.created', id, { name: after.name }));
          return { ...summary(id, after), uuid };
        }),
      );
    },

    /**
     * Spec 4.5: merge the patch into what is stored now, validate the result, write the
     * difference. Optimistic: the row is read without a lock and written only if it is still at
     * the version read, so concurrent updates of one assistant still apply in some order, each
     * validated against the state the previous one left; a loser reads again and re-validates.
     * A change checked against other tables runs in a transaction with those checks' locks.
     * A patch of settings no rule relates to the rest of the row needs no read: one conditional
     * UPDATE, whatever concurrent writes do, since none of them can change its verdict. Every
     * write carries its audit row in the same statement or transaction; a change of nothing has none.
     */
    async update(userId: number, id: number, { patch, errors: schemaErrors }: ParsedAssistantBody, actor: AuditActor) {
      if (Object.keys(schemaErrors).length === 0 && writableUnread(patch)) {
        // The fields that differed are known only to the statement: it fills them in.
        const audit = auditOf(userId, actor, 'assistant.updated', id);
        const written = await guarded(() =>
          createAssistantsRepo(db).updateUnread(userId, id, patchedValues(patch as ResolvedPatch), clock.now(), audit),
        );
        // Nothing written (unknown id, another account's, no change): the full path answers each.
        if (written) return written;
      }
      const storedTools = async () => {
        const row = await createAssistantsRepo(db).find(userId, id);
        if (!row) throw assistantNotFound();
        return toSettings(row).tools;
      };
      // Nobody's calendar is called on behalf of a request for an assistant that is not theirs.
      if (Array.isArray(patch.tools) && patch.tools.length > 0) await storedTools();
      const tools = await prepareTools(patch.tools, storedTools);
      const snapshot = await catalog.snapshot();
      // The label and tool lists matter only to a request that replaces them.
      const withJoined = patch.label_ids !== undefined || patch.tool_ids !== undefined;

      const merge = (row: AssistantRow | undefined) => {
        if (!row) throw assistantNotFound();
        const before = toSettings(row);
        const after = applyPatch(before, resolve(patch, tools), snapshot);
        return { version: row.version, before, after, changed: changedFields(before, after) };
      };
      const check = (tx: DbOrTx, state: ReturnType<typeof merge>) =>
        validate(tx, { userId, assistantId: id, ...state, snapshot, schemaErrors, toolErrors: tools.errors });

      /** One read-merge-validate-write; undefined when another write won the version. */
      const writeOnce = async (lock: boolean) => {
        let read: ReturnType<typeof merge> | undefined;
        if (!lock) {
          read = merge(await createAssistantsRepo(db).readForUpdate(userId, id, { withJoined, lock }));
          if (![...read.changed].some((field) => CHECKED_AGAINST_OTHER_TABLES.has(field))) {
            // Judged on the row alone: one conditional UPDATE, no transaction.
            await check(db, read);
            if (
              read.changed.size > 0 &&
              !(await createAssistantsRepo(db).updateAtVersion(
                id,
                read.version,
                read.after,
                read.changed,
                clock.now(),
                updatedAudit(userId, actor, id, read.changed),
              ))
            )
              return undefined;
            return summary(id, read.after);
          }
        }
        try {
          return await inTransaction(db, async (tx) => {
            const repo = createAssistantsRepo(tx);
            const state = read ?? merge(await repo.readForUpdate(userId, id, { withJoined, lock }));
            await check(tx, state);
            if (state.changed.size > 0) {
              const audit = updatedAudit(userId, actor, id, state.changed);
              if (!(await repo.updateAtVersion(id, state.version, state.after, state.changed, clock.now(), audit)))
                throw new VersionConflict();
              await writeJoined(tx, id, state.before, state.after, state.changed);
            }
            return summary(id, state.after);
          });
        } catch (error) {
          if (error instanceof VersionConflict) return undefined;
          throw error;
        }
      };

      return guarded(async () => {
        for (let round = 1; ; round++) {
          const written = await writeOnce(round > OPTIMISTIC_ATTEMPTS);
          if (written) return written;
        }
      });
    },

    /** `hideSecrets`: no part of a calendar API key is shown (for a reader who may not see secrets). */
    async get(userId: number, id: number, { hideSecrets = false } = {}) {
      const row = await createAssistantsRepo(db).find(userId, id);
      if (!row) throw assistantNotFound();
      return presentAssistant(row, secrets, hideSecrets);
    },

    async list(userId: number, page: number, perPage: number, { hideSecrets = false } = {}) {
      const { rows, total } = await createAssistantsRepo(db).page(userId, perPage, (page - 1) * perPage);
      return { items: await presentListItems(rows, hideSecrets), total };
    },

    /** Unpaginated, as the reference's `GET /user/assistants` that low-code assistant pickers read. */
    async listAll(userId: number, { hideSecrets = false } = {}) {
      return presentListItems(await createAssistantsRepo(db).all(userId), hideSecrets);
    },

    /** Also drops the transfer tools of other assistants that pointed at this one. */
    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await guarded(() =>
        inTransaction(db, async (tx) => {
          const repo = createAssistantsRepo(tx);
          const locked = await repo.lockForDelete(userId, id);
          if (!locked) throw assistantNotFound();
          await repo.removeToolsMatching(userId, { type: 'assistant_transfer', assistant_id: id });
          await repo.delete(id);
          await recordAudit(tx, auditOf(userId, actor, 'assistant.deleted', id, { name: locked.name }));
        }),
      );
    },

    /** For the conversation engine: the full configuration, calendar keys readable. */
    async getRuntimeByUuid(uuid: string) {
      const row = await createAssistantsRepo(db).findByUuid(uuid);
      return row ? runtimeAssistant(row, secrets) : undefined;
    },

    /** The same, by the owner's account and id; undefined when missing or another account's. */
    async getRuntime(userId: number, id: number) {
      const row = await createAssistantsRepo(db).find(userId, id);
      return row ? runtimeAssistant(row, secrets) : undefined;
    },

    /** Called by the phone-numbers module inside its delete transaction. */
    detachPhoneNumber(tx: Tx, userId: number, phoneNumberId: number) {
      return createAssistantsRepo(tx).removeToolsMatching(userId, { type: 'warm_call_transfer', outbound_phone_id: phoneNumberId });
    },

    /** For the knowledge module: a deleted knowledge base is detached from every assistant. */
    detachKnowledgeBase(knowledgeBaseId: number, tx: DbOrTx = db) {
      return createAssistantsRepo(tx).clearKnowledgeBase(knowledgeBaseId);
    },

    inboundPhoneIds(userId: number) {
      return createAssistantsRepo(db).inboundPhoneIds(userId);
    },
  };
}

export type AssistantsService = ReturnType<typeof createAssistantsService>;
