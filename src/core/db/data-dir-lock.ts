import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { isProcessAlive } from '../process-alive.js';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'The embedded database serves one process at a time: stop that process first, ' +
        'or set DATABASE_URL to share a PostgreSQL database between processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite keeps its files in one directory and must be the only process using them: a second
 * writer (a CLI run while the server is up, or a second server) would not see the first one's
 * changes and could corrupt them. A pid lock file (`<dir>.lock`) turns that into a clear refusal. A lock left
 * by a process that no longer exists is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  // Beside the directory, not in it: PGlite initialises only into an empty directory.
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirInUseError(dataDir, holder);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
