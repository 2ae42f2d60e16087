import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../core/db/database.js';
import { createAssistantsRepo } from '../assistants/assistants.repo.js';
import { DEFAULT_SETTINGS } from '../assistants/assistant-state.js';
import type { AssistantSettings } from '../assistants/assistant-fields.schemas.js';
import { createCatalogService } from '../catalog/catalog.service.js';
import { SEED_IDS, SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { migrateTo, useEmptyDatabase } from '../../../test/helpers/migrations.js';

/**
 * Migration 0029 on data written before it (schema at 0025): ledger rows classified as usage or
 * adjustment by the reasons the service wrote; deliveries given the assistant their payload's
 * assistant_id names, when it is one of the owner's.
 */
const handle = useEmptyDatabase();

describe('migration 0029-webhook-log-usage', () => {
  it("classifies the ledger and finds each delivery's assistant", async () => {
    await migrateTo(handle.db, '0025-campaigns');
    const db = handle.db as any;
    await createCatalogService({ db: handle.db, logger: pino({ level: 'silent' }) }).sync();
    const user = async (email: string) =>
      (await db.insertInto('users').values({ email, name: email, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow())
        .id as number;
    const [a, b] = [await user('a@example.com'), await user('b@example.com')];
    const settings = {
      ...DEFAULT_SETTINGS,
      name: 'Front desk',
      voice_id: SEED_VOICE_IDS.rachelPipeline,
      language_id: SEED_IDS.english,
      type: 'inbound',
      mode: 'pipeline',
      timezone: 'UTC',
      initial_message: 'Hello',
      system_prompt: 'Help.',
    } as AssistantSettings;
    const assistant = async (userId: number) => {
      const uuid = randomUUID();
      await createAssistantsRepo(handle.db).insert({ uuid, userId, state: settings, now: new Date() });
      const row = await db.selectFrom('assistants').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
      return { id: row.id as number, uuid };
    };
    const [mine, theirs] = [await assistant(a), await assistant(b)];

    const reasons = [
      'Opening balance',
      'Chat message, conversation 5b2a15a8-c746-408d-bc2e-90127a893555',
      'Refund: chat message was not answered',
      'Voice call 12: minute reserved',
      'Voice call 12: unused reservation returned',
      'Chatapp template message',
      'Refund: chatapp template message not sent (platform error)',
      'SMS 4 to +40711222333: 2 segments',
      'Phone number +14155551234: first month',
      'top-up by the operator',
      'Voice call credit for the outage',
    ];
    for (const [i, reason] of reasons.entries()) {
      await db.insertInto('balance_ledger').values({ user_id: a, amount_micros: i, balance_after_micros: 0, reason }).execute();
    }
    const delivery = async (body: string) =>
      (
        await db
          .insertInto('webhook_deliveries')
          .values({ uuid: randomUUID(), user_id: a, event: 'post_call', url: 'https://example.com', body })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const named = await delivery(JSON.stringify({ event: 'post_call', assistant_id: mine.uuid }));
    const foreign = await delivery(JSON.stringify({ event: 'post_call', assistant_id: theirs.uuid }));
    const none = await delivery(JSON.stringify({ event: 'post_call', assistant_id: null }));
    const odd = await delivery('{"assistant_id":"not a uuid"}');

    await migrateToLatest(handle.db);

    const kinds = await db.selectFrom('balance_ledger').select(['reason', 'kind']).orderBy('id').execute();
    expect(kinds.map((row: { kind: string }) => row.kind)).toEqual([
      'adjustment',
      'usage',
      'usage',
      'usage',
      'usage',
      'usage',
      'usage',
      'usage',
      'usage',
      'adjustment',
      'adjustment',
    ]);
    const assistants = await db.selectFrom('webhook_deliveries').select(['id', 'assistant_id', 'redelivery_of']).orderBy('id').execute();
    expect(assistants).toEqual([
      { id: named, assistant_id: mine.id, redelivery_of: null },
      { id: foreign, assistant_id: null, redelivery_of: null },
      { id: none, assistant_id: null, redelivery_of: null },
      { id: odd, assistant_id: null, redelivery_of: null },
    ]);
    // Every writer names a kind from now on.
    await expect(
      db.insertInto('balance_ledger').values({ user_id: a, amount_micros: 1, balance_after_micros: 1, reason: 'x' }).execute(),
    ).rejects.toThrow(/kind/);
  });
});
