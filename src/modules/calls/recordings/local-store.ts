import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Logger } from 'pino';
import { RECORDING_CONTENT_TYPE, type RecordingStore } from './recording-store.js';

/** Recordings live under DATA_DIR; a stored path that leads elsewhere is never followed. */
export function insideDataDir(dataDir: string, recordingPath: string): string | null {
  const root = resolve(dataDir);
  const file = resolve(root, recordingPath);
  return file.startsWith(root + sep) ? file : null;
}

/** Recordings kept where the engine wrote them, under DATA_DIR/recordings. */
export function createLocalRecordingStore(dataDir: string, logger: Logger): RecordingStore {
  return {
    async put(_callId, localPath) {
      return localPath;
    },
    async get(recordingPath) {
      const file = insideDataDir(dataDir, recordingPath);
      const size = file
        ? await stat(file).then(
            (s) => (s.isFile() ? s.size : null),
            () => null,
          )
        : null;
      if (!file || size === null) return null;
      return { body: createReadStream(file), contentType: RECORDING_CONTENT_TYPE, size };
    },
    async remove(recordingPath) {
      const file = insideDataDir(dataDir, recordingPath);
      if (!file) {
        logger.warn({ recordingPath }, 'not deleting a recording outside DATA_DIR');
        return;
      }
      await rm(file, { force: true });
    },
  };
}
