import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, readAssistant, SEED_VOICE_IDS, type Api } from '../../../test/helpers/assistants.js';

/**
 * Spec: two concurrent updates of one assistant never produce a state neither asked for, and a
 * number answers for one inbound assistant only. On PostgreSQL (TEST_DATABASE_URL) the second
 * API is a separate app with its own pool, as another server process would be.
 */
let t: TestApp;
let first: Api;
let second: Api;
const ROUNDS = 20;

beforeAll(async () => {
  t = await buildTestApp();
  const { token } = await createUser(t.deps);
  first = apiFor(t, token);
  const another = await t.startAnotherInstance();
  second = apiFor({ ...t, app: another.app }, token);
});
afterAll(async () => {
  await t.close();
});

const url = (id: number) => `/api/user/assistant/${id}`;

describe('concurrent updates of one assistant', () => {
  it('keep both of two changes to different fields', async () => {
    const { id } = await createAssistant(first);
    for (let i = 0; i < ROUNDS; i++) {
      const speed = 0.8 + i / 100;
      const [a, b] = await Promise.all([first.put(url(id), { name: `Round ${i}` }), second.put(url(id), { speech_speed: speed })]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await readAssistant(first, id)).toMatchObject({ name: `Round ${i}`, speech_speed: speed });
    }
  });

  it('keep every one of many concurrent changes to different fields (version conflicts are retried)', async () => {
    const { id } = await createAssistant(first);
    const changes = [
      { name: 'Many' },
      { speech_speed: 0.9 },
      { llm_temperature: 0.5 },
      { max_duration: 900 },
      { ringing_time: 40 },
      { initial_message: 'Hi there' },
      { system_prompt: 'Be brief.' },
      { voice_stability: 0.3 },
      { record: true },
      { timezone: 'Europe/Paris' },
    ];
    const results = await Promise.all(changes.map((body, i) => (i % 2 ? second : first).put(url(id), body)));
    expect(results.map((r) => r.statusCode)).toEqual(changes.map(() => 200));
    expect(await readAssistant(first, id)).toMatchObject(Object.assign({}, ...changes));
  });

  it('move the version on every write to the row, whoever makes it, so no update lands on a state it did not validate', async () => {
    const { id } = await createAssistant(first);
    const version = async () =>
      (await t.deps.db.selectFrom('assistants').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    const start = await version();
    await first.put(url(id), { name: 'Once' });
    expect(await version()).toBe(start + 1);
    // Another module's cleanup writes the row directly; the trigger still counts it.
    await t.deps.db.updateTable('assistants').set({ knowledgebase_id: null }).where('id', '=', id).execute();
    expect(await version()).toBe(start + 2);
    // A request that changes nothing writes nothing.
    await first.put(url(id), { name: 'Once' });
    expect(await version()).toBe(start + 2);
  });

  it('apply two replacements of one list one after the other, never merged', async () => {
    const labels = [];
    for (const name of ['Red', 'Blue']) labels.push((await first.post('/api/user/label', { name })).json().data.id as number);
    const { id } = await createAssistant(first);
    for (let i = 0; i < ROUNDS; i++) {
      await first.put(url(id), { label_ids: [] });
      await Promise.all([first.put(url(id), { label_ids: [labels[0]] }), second.put(url(id), { label_ids: [labels[1]] })]);
      const { label_ids } = await readAssistant(first, id);
      expect([[labels[0]], [labels[1]]]).toContainEqual(label_ids);
    }
  });

  it('validate each change against the state the other left: no incompatible voice slips in', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const { id } = await createAssistant(first);
      const [toMultimodal, toPipelineVoice] = await Promise.all([
        first.put(url(id), { mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal }),
        second.put(url(id), { voice_id: SEED_VOICE_IDS.novaPipeline }),
      ]);
      const final = await readAssistant(first, id);
      expect(toMultimodal.statusCode).toBe(200);
      // Serial orders: voice first then mode (both succeed), or mode first then voice (refused).
      expect([200, 422]).toContain(toPipelineVoice.statusCode);
      expect(final).toMatchObject({
        mode: 'multimodal',
        voice_id: SEED_VOICE_IDS.alloyMultimodal,
        llm_model_id: null,
        multimodal_model_id: 101,
      });
    }
  });
});

describe('inbound number assignment', () => {
  it('two inbound assistants claiming one number at once: one wins, the other gets a validation error', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const line = await createPhoneNumber(first, `+1415555${String(1000 + i)}`);
      const x = await createAssistant(first, { type: 'inbound' });
      const y = await createAssistant(first, { type: 'inbound' });
      const results = await Promise.all([
        first.put(url(x.id), { phone_number_id: line }),
        second.put(url(y.id), { phone_number_id: line }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const loser = results.find((r) => r.statusCode === 422)!;
      expect(loser.json()).toEqual({
        message: 'Validation failed',
        errors: { phone_number_id: ['The phone number is already assigned to another inbound assistant.'] },
      });
      const holders = await t.deps.db
        .selectFrom('assistants')
        .select('id')
        .where('phone_number_id', '=', line)
        .where('type', '=', 'inbound')
        .execute();
      expect(holders).toHaveLength(1);
    }
  });

  it('is enforced by the database itself', async () => {
    const line = await createPhoneNumber(first, '+14155552000');
    const x = await createAssistant(first, { type: 'inbound' });
    const y = await createAssistant(first, { type: 'inbound' });
    const write = t.deps.db.updateTable('assistants').set({ phone_number_id: line }).where('id', 'in', [x.id, y.id]).execute();
    await expect(write).rejects.toMatchObject({ code: '23505' });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a loser that passed the early check still gets the validation error (PostgreSQL)',
    async () => {
      const line = await createPhoneNumber(first, '+14155552001');
      const x = await createAssistant(first, { type: 'inbound' });
      const y = await createAssistant(first, { type: 'inbound' });
      const other = await t.database.openAnother!();
      let pending: ReturnType<Api['put']> | undefined;
      // Another process has assigned the number but not committed: the early check cannot see it.
      await other.db.transaction().execute(async (tx) => {
        await tx.updateTable('assistants').set({ phone_number_id: line }).where('id', '=', x.id).execute();
        pending = first.put(url(y.id), { phone_number_id: line });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const res = await pending!;
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ phone_number_id: ['The phone number is already assigned to another inbound assistant.'] });
    },
  );
});
