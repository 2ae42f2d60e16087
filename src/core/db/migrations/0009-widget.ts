import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * The chat widget's settings on each assistant. Existing assistants get the defaults, so every
 * row holds the complete object the widget reads (an empty origin list allows any origin).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    sql`ALTER TABLE assistants ADD COLUMN widget_settings jsonb NOT NULL DEFAULT ${sql.lit(
      JSON.stringify({
        title: null,
        subtitle: null,
        avatar_url: null,
        primary_color: '#2563eb',
        position: 'bottom-right',
        launcher_text: null,
        greeting: null,
        allowed_origins: [],
      }),
    )}::jsonb`,
  ]);
}
