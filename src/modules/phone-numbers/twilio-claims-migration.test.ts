import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
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
 * Migration 0023 on data written before it (schema at 0022): each Account SID goes to the
 * account of its oldest number with that number's token, unproven; each number is claimed by
 * the row that received its calls until then; the per-number token column is gone.
 */
const handle = useEmptyDatabase();

describe('migration 0023-twilio-claims', () => {
  it('keeps what worked: the SID with the token signatures were checked with, the number with the row that rang', async () => {
    await migrateTo(handle.db, '0022-web-call-bounds');
    const db = handle.db as any;
    await createCatalogService({ db: handle.db, logger: pino({ level: 'silent' }) }).sync();
    const user = async (email: string) =>
      (await db.insertInto('users').values({ email, name: email, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow())
        .id as number;
    const [a, b, c] = [await user('a@example.com'), await user('b@example.com'), await user('c@example.com')];
    const number = async (userId: number, phone: string, twilio?: { sid: string; sealed: string }) =>
      (
        await db
          .insertInto('phone_numbers')
          .values({
            user_id: userId,
            phone_number: phone,
            country_code: 'US',
            type: 'normal',
            ...(twilio ? { provider: 'twilio', twilio_account_sid: twilio.sid, twilio_auth_token_sealed: twilio.sealed } : {}),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [s1, s2] = [`AC${'1'.repeat(32)}`, `AC${'2'.repeat(32)}`];
    const aOnS1 = await number(a, '+14155550101', { sid: s1, sealed: 'sealed-a' });
    const bOnS1 = await number(b, '+14155550102', { sid: s1, sealed: 'sealed-b' });
    const aOperator = await number(a, '+14155550103');
    const bOperator = await number(b, '+14155550103');
    const cOperator = await number(c, '+14155550104');
    const bOnS2 = await number(b, '+14155550101', { sid: s2, sealed: 'sealed-b2' });
    // b's copy of +14155550103 is the one that rang: it has the active inbound assistant.
    const settings = {
      ...DEFAULT_SETTINGS,
      name: 'Desk',
      voice_id: SEED_VOICE_IDS.rachelPipeline,
      language_id: SEED_IDS.english,
      type: 'inbound',
      mode: 'pipeline',
      timezone: 'UTC',
      initial_message: 'Hello',
      system_prompt: 'Help.',
      status: 'active',
      phone_number_id: bOperator,
    } as AssistantSettings;
    await createAssistantsRepo(handle.db).insert({ uuid: randomUUID(), userId: b, state: settings, now: new Date() });

    await migrateToLatest(handle.db);

    const accounts = await db
      .selectFrom('twilio_accounts')
      .select(['account_sid', 'user_id', 'auth_token_sealed', 'verified_at'])
      .orderBy('account_sid')
      .execute();
    expect(accounts).toEqual([
      { account_sid: s1, user_id: a, auth_token_sealed: 'sealed-a', verified_at: null },
      { account_sid: s2, user_id: b, auth_token_sealed: 'sealed-b2', verified_at: null },
    ]);
    const claims = await db.selectFrom('phone_numbers').select(['id', 'claim']).orderBy('id').execute();
    expect(claims).toEqual([
      { id: aOnS1, claim: 'carried_over' },
      // b's number on a's SID never rang for b (signatures were checked with a's token).
      { id: bOnS1, claim: null },
      { id: aOperator, claim: null },
      { id: bOperator, claim: 'carried_over' },
      { id: cOperator, claim: 'carried_over' },
      // +14155550101 on two accounts of their own: the older row keeps it, until b proves S2 lists it.
      { id: bOnS2, claim: null },
    ]);
    const { rows } = await sql<{
      name: string;
    }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'phone_numbers' AND column_name LIKE 'twilio%'`.execute(
      handle.db,
    );
    expect(rows).toEqual([{ name: 'twilio_account_sid' }]);
  });
});
