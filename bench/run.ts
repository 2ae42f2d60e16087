/**
 * `npm run bench -- <name>` runs bench/<name>.ts. Each benchmark measures the service against a
 * minimal reference in the same run and prints the ratio plus absolute figures.
 */
import { readdirSync } from 'node:fs';

const available = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <${available.join('|')}>`);
  process.exit(64);
}
await import(`./${name}.ts`);
