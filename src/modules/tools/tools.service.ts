import type { Db } from '../../core/db/database.js';
import type { DbOrTx } from '../../core/db/transaction.js';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { notFound, validationFailed, type FieldErrors } from '../../core/http/errors.js';
import { createToolsRepo } from './tools.repo.js';
import type { CreateToolBody, UpdateToolBody } from './tools.schemas.js';

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
export function createToolsService({ db, clock }: { db: Db; clock: Clock }) {
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'custom_tools_user_name_key')) throw nameTaken();
      throw error;
    }
  };

  return {
    async create(userId: number, body: CreateToolBody) {
      const errors = parameterErrors(body.schema);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      return guardUnique(() => createToolsRepo(db).insert(userId, body, clock.now()));
    },

    list(userId: number) {
      return createToolsRepo(db).list(userId);
    },

    async get(userId: number, id: number) {
      const tool = await createToolsRepo(db).find(userId, id);
      if (!tool) throw toolNotFound();
      return tool;
    },

    async update(userId: number, id: number, patch: UpdateToolBody) {
      const errors = parameterErrors(patch.schema);
      if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Validation failed');
      const tool = await guardUnique(() => createToolsRepo(db).update(userId, id, patch, clock.now()));
      if (!tool) throw toolNotFound();
      return tool;
    },

    async delete(userId: number, id: number): Promise<void> {
      if (!(await createToolsRepo(db).delete(userId, id))) throw toolNotFound();
    },

    /** Which of `ids` are this user's tools (in the caller's transaction when given). */
    ownedIds(userId: number, ids: number[], tx: DbOrTx = db) {
      return createToolsRepo(tx).ownedIds(userId, ids);
    },

    /** The tools an assistant may call, for the conversation engine. */
    findMany(userId: number, ids: number[]) {
      return createToolsRepo(db).findMany(userId, ids);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
