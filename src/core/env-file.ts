import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads a `.env` file (KEY=value lines, Node's own parser: quotes, comments, `export`) into the
 * environment before the configuration is loaded. A variable already set in the real
 * environment wins, even when set to an empty string, so a deployment's settings are never
 * overridden by a file left in the working directory. A missing file is not an error.
 * Returns the names taken from the file.
 */
export function loadEnvFile(path = '.env', env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined || value === undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
