import { sql, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { runtimeAssistant, type RuntimeAssistant } from './assistant-present.js';
import { joinedIdsSql, type AssistantRow } from './assistants.repo.js';

/**
 * How much of assistants' runtime views one process keeps, counted as their rows' JSON length: a
 * few KB for most, but a system prompt can be long.
 */
const RUNTIMES_HELD_SIZE = 16 * 1024 * 1024;

/**
 * An assistant as a query that reads it along with something else returns it (the widget
 * message's admission reads the conversation and its assistant in one round trip): its version,
 * its row as jsonb only when that version is not the one the caller says it holds, and its label
 * and tool id lists always (join tables, whose writes do not move the version). `alias` is the
 * assistants table's alias in that query; `held` the id and version the caller holds (either
 * null: send the row).
 */
export function assistantReadSql(alias: string, held: { id: RawBuilder<unknown>; version: RawBuilder<unknown> }): RawBuilder<unknown> {
  const a = sql.table(alias);
  const id = sql.ref(`${alias}.id`);
  const version = sql.ref(`${alias}.version`);
  const joined = joinedIdsSql(id);
  return sql`${version} AS assistant_version,
    CASE WHEN ${id} = ${held.id}::int AND ${version} = ${held.version}::int THEN NULL ELSE to_jsonb(${a}) END AS assistant_row,
    ${joined.labelIds} AS assistant_label_ids, ${joined.toolIds} AS assistant_tool_ids`;
}

/** What assistantReadSql returned for one assistant. */
export interface AssistantRead {
  id: number;
  version: number;
  /** The row as JSON, or null when it is the version the reader said it holds. */
  row: unknown;
  labelIds: number[];
  toolIds: number[];
}

/**
 * The runtime views of the assistants this process has read, by id. A message sends the
 * version it holds and gets the row back only when the version moved (a trigger moves it on
 * every UPDATE of the row, in whichever process): the row's JSON is not built, sent, parsed and
 * opened (tool secrets decrypted) again for every message. Runtime views are shared between
 * messages and never modified.
 */
export function createAssistantRuntimes(secrets: SecretBox) {
  const held = new LRUCache<number, { version: number; row: AssistantRow; size: number; runtime: RuntimeAssistant }>({
    maxSize: RUNTIMES_HELD_SIZE,
    sizeCalculation: (entry) => entry.size,
  });

  function hold(id: number, version: number, row: AssistantRow, size: number): RuntimeAssistant {
    const runtime = runtimeAssistant(row, secrets);
    held.set(id, { version, row, size, runtime });
    return runtime;
  }

  return {
    /** The version of the assistant this process holds, to say so to assistantReadSql. */
    heldVersion(id: number): number | undefined {
      return held.get(id)?.version;
    },

    /** The runtime view of what was read; undefined when the row was not sent and this process no longer holds that version. */
    fromRead(read: AssistantRead): RuntimeAssistant | undefined {
      if (read.row !== null) {
        const size = JSON.stringify(read.row).length;
        return hold(read.id, read.version, { ...assistantRowFromRecord(read.row), label_ids: read.labelIds, tool_ids: read.toolIds }, size);
      }
      const known = held.get(read.id);
      if (!known || known.version !== read.version) return undefined;
      if (sameIds(known.row.label_ids, read.labelIds) && sameIds(known.row.tool_ids, read.toolIds)) return known.runtime;
      return hold(read.id, read.version, { ...known.row, label_ids: read.labelIds, tool_ids: read.toolIds }, known.size);
    },
  };
}

export type AssistantRuntimes = ReturnType<typeof createAssistantRuntimes>;

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The row the assistants repository would have read. JSON carries every column as the drivers
 * return it (numbers, booleans, jsonb as objects) except timestamps, which come as text.
 */
function assistantRowFromRecord(record: unknown): AssistantRow {
  const row = record as AssistantRow & { created_at: string | Date; updated_at: string | Date };
  return { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) };
}
