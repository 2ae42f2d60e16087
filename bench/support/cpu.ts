/** CPU figures of processes on this machine, from /proc (Linux): what a request costs, less swayed than its latency by how busy the machine is. */
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../../src/core/db/database.js';

const CLOCK_TICKS_PER_S = 100;

/** User + system CPU a process has used so far. */
export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/**
 * Starts counting the CPU of this database's backends (PostgreSQL on this machine). Sampled
 * every 100 ms, because a backend's figures vanish when it exits: a connection closed during the
 * count loses at most its last 100 ms. stop() gives null when PostgreSQL is on another machine.
 */
export async function countDatabaseCpu(db: Db): Promise<{ stop(): Promise<number | null> }> {
  const latest = new Map<number, number>();
  let sampling: Promise<void> | null = null;
  const sample = () =>
    (sampling ??= (async () => {
      const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
      for (const { pid } of rows) {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        // A pid of a database on another machine may name an unrelated local process.
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres')
          latest.set(pid, await cpuMsOf(pid).catch(() => latest.get(pid) ?? 0));
      }
    })().finally(() => (sampling = null)));
  const total = () => [...latest.values()].reduce((a, b) => a + b, 0);
  await sample();
  const start = total();
  const timer = setInterval(() => void sample().catch(() => {}), 100);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample();
      return latest.size === 0 ? null : total() - start;
    },
  };
}
