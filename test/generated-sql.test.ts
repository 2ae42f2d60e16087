import { describe, expect, it } from 'vitest';
import { Slot } from '../src/core/db/fixed-statement.js';
import { generateSqlFiles, readCommittedSqlFiles, renderSql } from '../scripts/generate-sql.js';

describe('the rendered hot statements in sql/ folders', () => {
  it('match what the code compiles today (after changing one: npm run generate:sql)', async () => {
    const generated = await generateSqlFiles();
    const committed = await readCommittedSqlFiles();
    const stale = [...generated]
      .filter(([file, content]) => committed.get(file) !== content)
      .map(([file]) => `${file} is stale or missing`);
    const orphaned = [...committed.keys()].filter((file) => !generated.has(file)).map((file) => `${file} is no longer generated`);
    expect([...stale, ...orphaned]).toEqual([]);
    // The widget's admission comes in 12 shapes; with the store, the identity, the session row and the receipt, 16 files.
    expect(generated.size).toBe(16);
  });

  it('names each value given at run time and writes out the constants the statement embeds', () => {
    const rendered = renderSql({
      sql: 'SELECT $1::bigint AS id, $2 AS kind, $3 AS label WHERE $1 > 0',
      parameters: [new Slot('conversationId'), "it's", 7],
    });
    expect(rendered).toBe("SELECT\n  :conversation_id::bigint AS id,\n  'it''s' AS kind,\n  7 AS label\nWHERE\n  :conversation_id > 0");
  });
});
