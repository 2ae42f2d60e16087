import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The PostgreSQL major version the embedded database (PGlite) runs. */
export const EMBEDDED_POSTGRES_MAJOR = '18';

export class DataDirVersionError extends Error {
  constructor(dataDir: string, found: string) {
    super(
      `The embedded database in ${dataDir} was created by PostgreSQL ${found}, and this version embeds PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}: ` +
        'it cannot open it in place. Stop the server and carry the data over with `node scripts/upgrade-embedded-database.mjs` (see "Upgrading" in docs/operations.md).',
    );
    this.name = 'DataDirVersionError';
  }
}

/**
 * PostgreSQL opens only data directories of its own major version. Checked before PGlite starts,
 * which would otherwise fail with "PGlite failed to initialize properly" and the reason only on
 * stderr. PostgreSQL leaves the directory untouched either way.
 */
export function assertDataDirVersion(dataDir: string): void {
  let found: string;
  try {
    found = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // a new directory: PGlite creates it
    throw error;
  }
  if (found !== EMBEDDED_POSTGRES_MAJOR) throw new DataDirVersionError(dataDir, found);
}
