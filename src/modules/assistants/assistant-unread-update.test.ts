import fc from 'fast-check';
import { RawNode, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_ACTOR } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, readAssistant, SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { useOwnerApp } from '../../../test/helpers/owner-app.js';
import { isoTimestamp } from '../../core/http/schemas.js';
import { parseAssistantBody } from './assistant-input.js';
import { RULE_INPUTS, stateRuleErrors } from './assistant-rules.js';
import { createAssistantsService } from './assistants.service.js';
import type { AssistantSettings } from './assistant-fields.schemas.js';

/**
 * An update touching only settings that no rule relates to the rest of the row is written by one
 * conditional UPDATE with no read. That is sound only while RULE_INPUTS names every field the
 * cross-field rules read, so the first test holds the list to what the rules really read.
 */
const { t, api, owner } = useOwnerApp();

/** Values that drive every branch of the rules: each mode, valid and unknown ids, null and set. */
const ruleInputs = fc.record({
  mode: fc.constantFrom('pipeline', 'multimodal', 'dualplex'),
  voice_id: fc.constantFrom(1, 5, 11, 20, 70, 99_999),
  language_id: fc.constantFrom(1, 2, 3, 99_999),
  secondary_language_ids: fc.uniqueArray(fc.constantFrom(1, 2, 3, 99_999), { maxLength: 3 }),
  llm_model_id: fc.constantFrom(null, 1, 2, 101, 99_999),
  multimodal_model_id: fc.constantFrom(null, 101, 103, 201, 99_999),
  chat_llm_fallback_id: fc.constantFrom(null, 1, 101),
  turn_detection_threshold: fc.constantFrom(null, 0.5),
  knowledgebase_mode: fc.constantFrom('function_call', 'prompt'),
  allow_interruptions: fc.boolean(),
  fillers: fc.boolean(),
  synthesizer_provider_id: fc.constantFrom(null, 1, 2, 3, 99_999),
  transcriber_provider_id: fc.constantFrom(null, 1, 2, 99_999),
  timezone: fc.constantFrom('Europe/Bucharest', 'UTC', 'Mars/Olympus'),
  is_webhook_active: fc.boolean(),
  webhook_url: fc.constantFrom(null, 'https://example.com/hook'),
  post_call_schema: fc.constantFrom(
    [],
    [
      { name: 'age', type: 'number', description: 'Age' },
      { name: 'age', type: 'string', description: 'Age' },
    ],
  ),
});

describe('RULE_INPUTS', () => {
  it('is exactly the set of fields the cross-field rules read', async () => {
    const { id } = await createAssistant(api);
    const { id: _id, uuid: _uuid, created_at: _c, updated_at: _u, ...stored } = await readAssistant(api, id);
    const snapshot = await t.deps.services.catalog.snapshot();
    const everRead = new Set<string>();
    fc.assert(
      fc.property(ruleInputs, (values) => {
        const read = new Set<string>();
        const state = new Proxy(
          { ...stored, ...values },
          {
            get: (target, key, receiver) => {
              if (typeof key === 'string') read.add(key);
              return Reflect.get(target, key, receiver);
            },
          },
        );
        stateRuleErrors(state as unknown as AssistantSettings, snapshot, owner.id);
        read.forEach((field) => everRead.add(field));
        expect([...read].filter((field) => !RULE_INPUTS.has(field as keyof AssistantSettings))).toEqual([]);
      }),
      { numRuns: 400 },
    );
    expect([...everRead].sort()).toEqual([...RULE_INPUTS].sort());
  });
});

/** The statement's verb, for builder queries and raw SQL alike. */
function verbOf(node: RootOperationNode): string {
  if (RawNode.is(node)) return node.sqlFragments[0]!.trim().split(/\s/)[0]!.toUpperCase();
  return node.kind.replace('QueryNode', '').toUpperCase();
}

/** The assistants service on a handle that records the verb of every statement it runs. */
function recordingService() {
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(verbOf(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const { services, secrets, clock } = t.deps;
  const service = createAssistantsService({
    db: t.deps.db.withPlugin(recorder),
    clock,
    secrets,
    catalog: services.catalog,
    calendars: services.calendars,
    owners: {
      folders: services.folders,
      labels: services.labels,
      tools: services.tools,
      phoneNumbers: services.phoneNumbers,
      knowledgeBases: services.knowledge,
    },
  });
  return { service, statements };
}

/** The assistant's audit rows after its creation, oldest first. */
const auditRowsOf = (id: number) =>
  t.deps.db
    .selectFrom('audit_events')
    .select(['action', 'actor', 'details'])
    .where('resource_type', '=', 'assistant')
    .where('resource_id', '=', String(id))
    .where('action', '!=', 'assistant.created')
    .orderBy('id')
    .execute();

const versionOf = async (id: number) =>
  (await t.deps.db.selectFrom('assistants').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

describe('an update of settings no rule relates to the rest of the row', () => {
  it('is one statement (the UPDATE and its audit row), and stores the values as the full path would', async () => {
    const { id } = await createAssistant(api);
    const { service, statements } = recordingService();
    const version = await versionOf(id);
    t.clock.advance(60_000);
    const patch = {
      name: 'Unread',
      speech_speed: 0.9,
      variables: { company: 'Acme', seats: 3 },
      filler_config: { positive: ['Great!'] },
      widget_daily_budget_usd: 2.5,
    };
    const summary = await service.update(owner.id, id, parseAssistantBody(patch, 'update'), TEST_ACTOR);
    expect(statements).toEqual(['WITH']);
    expect(summary).toEqual({ id, name: 'Unread', status: 'inactive', type: 'outbound', mode: 'pipeline' });
    expect(await auditRowsOf(id)).toEqual([
      {
        action: 'assistant.updated',
        actor: 'test',
        details: { fields: ['filler_config', 'name', 'speech_speed', 'variables', 'widget_daily_budget_usd'] },
      },
    ]);
    expect(await versionOf(id)).toBe(version + 1);
    expect(await readAssistant(api, id)).toMatchObject({
      ...patch,
      filler_config: { positive: ['Great!'], negative: [], question: [], neutral: [] },
      updated_at: isoTimestamp(t.clock.now()),
    });
  });

  it('falls back to the full path when it changes nothing: no write, the same answer', async () => {
    const { id } = await createAssistant(api, { name: 'Same' });
    const { service, statements } = recordingService();
    const before = await readAssistant(api, id);
    const version = await versionOf(id);
    t.clock.advance(60_000);
    const summary = await service.update(owner.id, id, parseAssistantBody({ name: 'Same' }, 'update'), TEST_ACTOR);
    expect(statements).toEqual(['WITH', 'SELECT']);
    expect(await auditRowsOf(id)).toEqual([]);
    expect(summary).toEqual({ id, name: 'Same', status: 'inactive', type: 'outbound', mode: 'pipeline' });
    expect(await versionOf(id)).toBe(version);
    expect(await readAssistant(api, id)).toEqual(before);
  });

  it("is 404 for another account's assistant, which keeps its values", async () => {
    const other = apiFor(t, (await createUser(t.deps)).token);
    const { id } = await createAssistant(other, { name: 'Theirs' });
    const res = await api.put(`/api/user/assistant/${id}`, { name: 'Mine now', record: true });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Assistant not found' });
    expect(await readAssistant(other, id)).toMatchObject({ name: 'Theirs', record: false });
  });

  it('with a malformed value beside it is judged whole: 422, nothing written', async () => {
    const { id } = await createAssistant(api, { name: 'Kept' });
    const res = await api.put(`/api/user/assistant/${id}`, { name: 'Changed', speech_speed: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: { speech_speed: ['The speech speed must be between 0.7 and 1.2.'] },
    });
    expect((await readAssistant(api, id)).name).toBe('Kept');
  });
});

describe('an update of a field a rule reads', () => {
  it('reads the row and validates the merged state first', async () => {
    const { id } = await createAssistant(api);
    const { service, statements } = recordingService();
    await expect(
      service.update(owner.id, id, parseAssistantBody({ name: 'Renamed', mode: 'multimodal' }, 'update'), TEST_ACTOR),
    ).rejects.toMatchObject({
      fieldErrors: { voice_id: ['The selected voice is not compatible with the chosen engine type.'] },
    });
    expect(statements[0]).toBe('SELECT');
    expect(statements).not.toContain('WITH');
    await service.update(
      owner.id,
      id,
      parseAssistantBody({ name: 'Renamed', voice_id: SEED_VOICE_IDS.novaPipeline }, 'update'),
      TEST_ACTOR,
    );
    expect(statements.at(-2)).toBe('SELECT');
    expect(statements.at(-1)).toBe('WITH');
    expect(await auditRowsOf(id)).toEqual([{ action: 'assistant.updated', actor: 'test', details: { fields: ['name', 'voice_id'] } }]);
  });
});
