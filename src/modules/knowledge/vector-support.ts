import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../core/db/database.js';

export interface VectorSupport {
  /** Whether pgvector's operators can be used on this database; decided once, on first use. */
  hasPgvector(): Promise<boolean>;
}

/**
 * pgvector is optional: a server without it still answers vector queries, with the distance
 * computed in plain SQL (slower on large knowledge bases). Creating the extension needs a
 * privileged role on most servers; when that fails, we use what is installed, or nothing.
 */
export function createVectorSupport(db: Db, logger: Logger): VectorSupport {
  let probe: Promise<boolean> | undefined;
  const detect = async () => {
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
    } catch (error) {
      logger.debug({ err: error }, 'could not create the vector extension');
    }
    const { rows } = await sql<{
      installed: boolean;
    }>`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed`.execute(db);
    const installed = rows[0]?.installed === true;
    logger.info(
      { pgvector: installed },
      installed ? 'knowledge search uses pgvector' : 'pgvector unavailable: vector similarity computed in plain SQL',
    );
    return installed;
  };
  return {
    hasPgvector() {
      probe ??= detect().catch((error: unknown) => {
        probe = undefined;
        throw error;
      });
      return probe;
    },
  };
}
