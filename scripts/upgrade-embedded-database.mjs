// Carries an embedded database created by PostgreSQL 17 (Switchboard with PGlite 0.3) over to the
// PostgreSQL 18 that PGlite 0.5 embeds, which cannot open the old files in place:
//   node scripts/upgrade-embedded-database.mjs [DATA_DIR]      (default: $DATA_DIR, else ./data)
// Stop the server first. It installs the old PGlite and its pg_dump into a temporary directory
// (from the npm registry), dumps DATA_DIR/pglite to SQL with them, moves the old directory to
// DATA_DIR/pglite-pg17 (kept: delete it once the upgraded server runs well) and loads the dump
// into a new DATA_DIR/pglite. Migration history comes along, so the next start migrates as usual.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const OLD_PACKAGES = ['@electric-sql/pglite@0.3.16', '@electric-sql/pglite-tools@0.2.21'];
const dataDir = resolve(process.argv[2] ?? process.env.DATA_DIR ?? './data');
const current = join(dataDir, 'pglite');
const kept = join(dataDir, 'pglite-pg17');

const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const versionFile = join(current, 'PG_VERSION');
if (!existsSync(versionFile)) fail(`No embedded database in ${current}.`);
const version = readFileSync(versionFile, 'utf8').trim();
if (version !== '17') fail(`The embedded database in ${current} is PostgreSQL ${version}: nothing to upgrade from 17.`);
if (existsSync(kept)) fail(`${kept} exists (an earlier upgrade?): move it away first.`);
const lock = `${current}.lock`;
if (existsSync(lock) && isAlive(Number(readFileSync(lock, 'utf8').trim())))
  fail(`The embedded database is in use (${lock}): stop the server first.`);

const work = mkdtempSync(join(tmpdir(), 'switchboard-upgrade-'));
try {
  console.error(`Installing ${OLD_PACKAGES.join(' and ')} into ${work}...`);
  writeFileSync(join(work, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--silent', ...OLD_PACKAGES], work);
  const dump = join(work, 'dump.sql');
  writeFileSync(
    join(work, 'dump.mjs'),
    `
    import { writeFileSync } from 'node:fs';
    import { PGlite } from '@electric-sql/pglite';
    import { vector } from '@electric-sql/pglite/vector';
    import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
    import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
    const pg = await PGlite.create({ dataDir: ${JSON.stringify(current)}, extensions: { vector, btree_gin } });
    const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
    writeFileSync(${JSON.stringify(dump)}, Buffer.from(await file.arrayBuffer()));
    await pg.close();
  `,
  );
  console.error('Dumping the PostgreSQL 17 database...');
  run(process.execPath, [join(work, 'dump.mjs')], work);

  renameSync(current, kept);
  try {
    console.error('Loading it into PostgreSQL 18...');
    const { PGlite } = await import('@electric-sql/pglite');
    const { vector } = await import('@electric-sql/pglite-pgvector');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    const pg = await PGlite.create({ dataDir: current, extensions: { vector, btree_gin } });
    try {
      await pg.exec(readFileSync(dump, 'utf8'));
    } finally {
      await pg.close();
    }
  } catch (error) {
    // Leave things as they were: the old directory back in place, no half-loaded new one.
    rmSync(current, { recursive: true, force: true });
    renameSync(kept, current);
    throw error;
  }
  console.error(`Upgraded ${current} to PostgreSQL 18; the PostgreSQL 17 files are kept in ${kept}.`);
} catch (error) {
  console.error(`Upgrade failed, ${current} is unchanged: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
}

function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
