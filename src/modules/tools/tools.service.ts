import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/database.js';
import { inTransaction, type DbOrTx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { CustomToolsTable } from '../../core/db/schema.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { notFound, validationFailed, type FieldErrors } from '../../core/http/errors.js';
import type { HttpClient } from '../../core/net/index.js';
import { openHeaders, presentHeaders, sealHeaders, type ToolHeader } from './tools.headers.js';
import { createToolTester } from './tool-test.service.js';
import { createToolsRepo, type ToolPatch } from './tools.repo.js';
import type { CreateToolBody, UpdateToolBody } from './tools.schemas.js';
import { recordAudit, type AuditActor } from '../audit/index.js';

type ToolRow = Selectable<CustomToolsTable>;
/** A tool with its header values in the form the reader may see (masked for the API, real for calls). */
export type Tool = Omit<ToolRow, 'headers'> & { headers: ToolHeader[] };

const DEFAULT_TIMEOUT_SECONDS = 10;
const toolNotFound = () => notFound('Tool not found');
const nameTaken = () => validationFailed({ name: ['The name has already been taken.'] });

/** Parameter names become the keys of the model's function arguments, so they must be distinct. */
function parameterErrors(schema: Array<{ name: string }> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  schema?.forEach((p, i) => {
    if (seen.has(p.name)) errors[`schema.${i}.name`] = [`The schema.${i}.name field has a duplicate value.`];
    seen.add(p.name);
  });
  return errors;
}

/** Custom mid-call tools: HTTP endpoints an assistant may call during a conversation. */
export function createToolsService({ db, clock, secrets, http }: { db: Db; clock: Clock; secrets: SecretBox; http: HttpClient }) {
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'custom_tools_user_name_key')) throw nameTaken();
      throw error;
    }
  };
  const present = (row: ToolRow, hideSecrets = false): Tool => ({ ...row, headers: presentHeaders(row.headers, secrets, hideSecrets) });
  const opened = (row: ToolRow): Tool => ({ ...row, headers: openHeaders(row.headers, secrets) });
  const tester = createToolTester({
    db,
    clock,
    http,
    findOpened: async (userId, id) => {
      const row = await createToolsRepo(db).find(userId, id);
      return row && opened(row);
    },
  });

  return {
    async create(userId: number, body: CreateToolBody) {
      const sealed = sealHeaders(body.headers ?? [], [], secrets);
      const errors = { ...sealed.errors, ...parameterErrors(body.schema) };
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const tool = {
        name: body.name,
        description: body.description,
        endpoint: body.endpoint,
        method: body.method,
        timeout: body.timeout ?? DEFAULT_TIMEOUT_SECONDS,
        headers: sealed.headers,
        schema: body.schema ?? [],
      };
      return present(await guardUnique(() => createToolsRepo(db).insert(userId, tool, clock.now())));
    },

    /** `hideSecrets`: header values are not shown at all (for a reader who may not see secrets). */
    async list(userId: number, { hideSecrets = false } = {}) {
      return (await createToolsRepo(db).list(userId)).map((row) => present(row, hideSecrets));
    },

    async get(userId: number, id: number, { hideSecrets = false } = {}) {
      const tool = await createToolsRepo(db).find(userId, id);
      if (!tool) throw toolNotFound();
      return present(tool, hideSecrets);
    },

    /** Masked header values are resolved against the stored ones, so the row is read and written in one transaction. */
    async update(userId: number, id: number, body: UpdateToolBody) {
      const errors = parameterErrors(body.schema);
      if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Validation failed');
      const updated = await inTransaction(db, async (tx) => {
        const repo = createToolsRepo(tx);
        const current = await repo.find(userId, id, { forUpdate: body.headers !== undefined });
        if (!current) throw toolNotFound();
        const { name, description, endpoint, method, timeout, schema } = body;
        const patch: ToolPatch = { name, description, endpoint, method, timeout, schema };
        if (body.headers !== undefined) {
          const sealed = sealHeaders(body.headers, current.headers, secrets);
          if (Object.keys(sealed.errors).length > 0) throw validationFailed(sealed.errors, 'Validation failed');
          patch.headers = sealed.headers;
        }
        return guardUnique(() => repo.update(userId, id, patch, clock.now()));
      });
      if (!updated) throw toolNotFound();
      return present(updated);
    },

    async delete(userId: number, id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const deleted = await createToolsRepo(tx).delete(userId, id);
        if (!deleted) throw toolNotFound();
        const details = { name: deleted.name };
        await recordAudit(tx, { userId, actor, action: 'tool.deleted', resourceType: 'tool', resourceId: id, details, now: clock.now() });
      });
    },

    /** Which of `ids` are this user's tools (in the caller's transaction when given). */
    ownedIds(userId: number, ids: number[], tx: DbOrTx = db) {
      return createToolsRepo(tx).ownedIds(userId, ids);
    },

    /** The tools an assistant may call, for the conversation engine: header values opened, to be sent. */
    async findMany(userId: number, ids: number[]): Promise<Tool[]> {
      return (await createToolsRepo(db).findMany(userId, ids)).map(opened);
    },

    /** Counts a test request against the user's limits (429 past them). */
    throttleTest: tester.throttle,

    /** Sends the tool's request with these arguments, as a conversation would; what was sent and what came back. */
    test: tester.run,
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
