import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createAssistant, createTool } from '../../../test/helpers/assistants.js';
import { createUser } from '../../../test/helpers/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { assistantReadSql, createAssistantRuntimes, type AssistantRead } from './assistant-runtimes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ReadRow {
  assistant_version: number;
  assistant_row: Record<string, unknown> | null;
  assistant_label_ids: number[];
  assistant_tool_ids: number[];
}

async function read(id: number, held: { id: number; version: number } | null): Promise<AssistantRead> {
  const { rows } =
    await sql<ReadRow>`SELECT ${assistantReadSql('a', { id: sql.val(held?.id ?? null), version: sql.val(held?.version ?? null) })}
    FROM assistants a WHERE a.id = ${id}`.execute(t.deps.db);
  const row = rows[0]!;
  return { id, version: row.assistant_version, row: row.assistant_row, labelIds: row.assistant_label_ids, toolIds: row.assistant_tool_ids };
}

async function ownerAndAssistant() {
  const owner = await createUser(t.deps, { balanceUsd: 1 });
  const api = apiFor(t, owner.token);
  const assistant = await createAssistant(api, { system_prompt: 'You sell bicycles.' });
  return { api, id: assistant.id };
}

describe('an assistant read with its conversation', () => {
  it('comes with its row unless the reader holds that version of it', async () => {
    const { api, id } = await ownerAndAssistant();
    const first = await read(id, null);
    expect(first.row).toMatchObject({ id, system_prompt: 'You sell bicycles.', version: first.version });
    expect(first).toMatchObject({ labelIds: [], toolIds: [] });

    expect((await read(id, { id, version: first.version })).row).toBeNull();
    // Another assistant's version says nothing about this one.
    expect((await read(id, { id: id + 1, version: first.version })).row).not.toBeNull();

    expect((await api.put(`/api/user/assistant/${id}`, { system_prompt: 'You sell scooters.' })).statusCode).toBe(200);
    const changed = await read(id, { id, version: first.version });
    expect(changed.version).toBeGreaterThan(first.version);
    expect(changed.row).toMatchObject({ system_prompt: 'You sell scooters.' });
  });

  it('is made a runtime assistant once per version, again when its lists change, and not at all when neither the row nor its version is held', async () => {
    const { api, id } = await ownerAndAssistant();
    const runtimes = createAssistantRuntimes(t.deps.secrets);
    const sent = await read(id, null);
    expect(runtimes.fromRead({ ...sent, row: null })).toBeUndefined();

    const runtime = runtimes.fromRead(sent)!;
    expect(runtime).toMatchObject({ id, system_prompt: 'You sell bicycles.', tool_ids: [] });
    expect(runtimes.heldVersion(id)).toBe(sent.version);
    const unsent = await read(id, { id, version: sent.version });
    expect(runtimes.fromRead(unsent)).toBe(runtime);

    const toolId = await createTool(api);
    expect((await api.put(`/api/user/assistant/${id}`, { tool_ids: [toolId] })).statusCode).toBe(200);
    const withTool = await read(id, { id, version: sent.version });
    expect(withTool.row).not.toBeNull();
    const attached = runtimes.fromRead(withTool)!;
    expect(attached).toMatchObject({ system_prompt: 'You sell bicycles.', tool_ids: [toolId] });

    // Deleting the tool removes its join row without touching the assistant's row or version.
    expect((await api.delete(`/api/user/tools/${toolId}`)).statusCode).toBe(200);
    const toolGone = await read(id, { id, version: withTool.version });
    expect(toolGone).toMatchObject({ version: withTool.version, row: null, toolIds: [] });
    const rebuilt = runtimes.fromRead(toolGone)!;
    expect(rebuilt).not.toBe(attached);
    expect(rebuilt).toMatchObject({ system_prompt: 'You sell bicycles.', tool_ids: [] });

    // A version it does not hold, unsent (another message read a newer one meanwhile): nothing.
    expect(runtimes.fromRead({ ...toolGone, version: toolGone.version + 1 })).toBeUndefined();
  });
});
