import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAssistant, readAssistant } from '../../../test/helpers/assistants.js';
import { useOwnerApp } from '../../../test/helpers/owner-app.js';
import { parseAssistantBody } from './assistant-input.js';
import { stateRuleErrors } from './assistant-rules.js';
import type { AssistantSettings } from './assistant-fields.schemas.js';

/**
 * Property: whatever sequence of individually well-formed patches arrives (many of which break
 * a cross-field rule), the stored assistant is always a valid one; a 200 applied the patch, a
 * 422 changed nothing; and what GET returns can be PUT back unchanged.
 */
const { t, api, owner } = useOwnerApp();

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const tool = fc.oneof(
  fc.constant({ type: 'end_call' }),
  fc.record({ type: fc.constant('dtmf_input'), description: fc.string({ maxLength: 20 }) }),
  fc.record({ type: fc.constant('collect_keypad'), timeout: fc.integer({ min: 1, max: 30 }), stop_key: fc.constantFrom('#', '*') }),
  fc.record({
    type: fc.constant('call_transfer'),
    phone_number: fc.constantFrom('+14155550100', '+442079460958'),
    warm_transfer: fc.boolean(),
  }),
);

/** Each value passes its own field schema; together they often break a rule, on purpose. */
const fieldArbs = {
  name: fc.string({ minLength: 1, maxLength: 30 }),
  type: fc.constantFrom('inbound', 'outbound'),
  mode: fc.constantFrom('pipeline', 'multimodal', 'dualplex'),
  voice_id: fc.constantFrom(1, 5, 11, 14, 20, 42, 70),
  language_id: fc.constantFrom(1, 2, 3, 4),
  llm_model_id: fc.constantFrom(null, 1, 2, 101),
  multimodal_model_id: fc.constantFrom(null, 101, 103, 201, 202),
  chat_llm_fallback_id: fc.constantFrom(null, 1, 3),
  turn_detection_threshold: fc.option(unit),
  secondary_language_ids: fc.uniqueArray(fc.constantFrom(1, 2, 3, 4, 5), { maxLength: 3 }),
  knowledgebase_mode: fc.constantFrom('function_call', 'prompt'),
  synthesizer_provider_id: fc.constantFrom(null, 1, 2, 3),
  transcriber_provider_id: fc.constantFrom(null, 1, 2),
  allow_interruptions: fc.boolean(),
  fillers: fc.boolean(),
  speech_speed: fc.double({ min: 0.7, max: 1.2, noNaN: true }),
  voice_stability: unit,
  max_duration: fc.integer({ min: 20, max: 1200 }),
  min_interrupt_words: fc.option(fc.integer({ min: 0, max: 10 })),
  ambient_sound: fc.constantFrom('off', 'office', 'cafe'),
  is_webhook_active: fc.boolean(),
  webhook_url: fc.constantFrom(null, 'https://example.com/hook'),
  variables: fc.option(
    fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { maxKeys: 3 }),
  ),
  tools: fc.array(tool, { maxLength: 3 }),
  filler_config: fc.option(
    fc.record({ positive: fc.array(fc.string({ minLength: 1, maxLength: 10 }), { maxLength: 2 }) }, { requiredKeys: [] }),
  ),
};
type Field = keyof typeof fieldArbs;

/** A few fields at a time, so that some patches pass and some break a rule. */
const smallPatch = fc
  .uniqueArray(fc.constantFrom(...(Object.keys(fieldArbs) as Field[])), { minLength: 1, maxLength: 4 })
  .chain((fields) =>
    fc.record(Object.fromEntries(fields.map((f) => [f, fieldArbs[f]])) as { [K in Field]: (typeof fieldArbs)[K] }, { requiredKeys: [] }),
  );

/** A mode switch that brings along what the new mode needs. */
const coherentModeSwitch = fc.oneof(
  fc.record({
    mode: fc.constant('multimodal'),
    voice_id: fc.constantFrom(1, 5, 14),
    allow_interruptions: fc.constant(true),
    fillers: fc.constant(false),
    knowledgebase_mode: fc.constant('function_call'),
  }),
  fc.record({
    mode: fc.constant('dualplex'),
    voice_id: fc.constantFrom(11, 20, 42),
    allow_interruptions: fc.constant(true),
    fillers: fc.constant(false),
    knowledgebase_mode: fc.constant('function_call'),
    language_id: fc.constant(1),
  }),
  fc.record({ mode: fc.constant('pipeline'), voice_id: fc.constantFrom(11, 20, 70), language_id: fc.constant(1) }),
);

const patchArb = fc.oneof({ arbitrary: smallPatch, weight: 3 }, { arbitrary: coherentModeSwitch, weight: 1 });

const SCALARS = new Set([
  'name',
  'type',
  'mode',
  'voice_id',
  'language_id',
  'llm_model_id',
  'multimodal_model_id',
  'chat_llm_fallback_id',
  'turn_detection_threshold',
  'knowledgebase_mode',
  'synthesizer_provider_id',
  'transcriber_provider_id',
  'allow_interruptions',
  'fillers',
  'speech_speed',
  'voice_stability',
  'max_duration',
  'min_interrupt_words',
  'ambient_sound',
  'is_webhook_active',
  'webhook_url',
]);

/** The settings part of a record, as a client would send it back. */
function settingsOf(record: Record<string, unknown>): Record<string, unknown> {
  const { id: _i, uuid: _u, created_at: _c, updated_at: _m, ...settings } = record;
  return settings;
}

async function expectValidStored(id: number): Promise<Record<string, unknown>> {
  const record = await readAssistant(api, id);
  const settings = settingsOf(record);
  expect(parseAssistantBody(structuredClone(settings), 'create').errors).toEqual({});
  expect(stateRuleErrors(settings as unknown as AssistantSettings, await t.deps.services.catalog.snapshot(), owner.id)).toEqual({});
  return record;
}

describe('random valid patches', () => {
  it('keep the stored assistant valid; 200 applies, 422 changes nothing', async () => {
    let accepted = 0;
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(patchArb, { minLength: 1, maxLength: 5 }), async (patches) => {
        const { id } = await createAssistant(api);
        for (const patch of patches as Array<
          Record<string, unknown> & { secondary_language_ids?: number[]; tools?: Array<{ type: string }> }
        >) {
          const before = await readAssistant(api, id);
          const res = await api.put(`/api/user/assistant/${id}`, patch);
          expect([200, 422], res.body).toContain(res.statusCode);
          const after = await expectValidStored(id);
          if (res.statusCode === 422) {
            rejected++;
            expect(after).toEqual(before);
            continue;
          }
          accepted++;
          for (const [field, value] of Object.entries(patch)) {
            if (SCALARS.has(field)) expect(after[field], field).toEqual(value);
          }
          if (patch.secondary_language_ids) expect(after.secondary_language_ids).toEqual(patch.secondary_language_ids);
          if (patch.tools) expect((after.tools as Array<{ type: string }>).map((x) => x.type)).toEqual(patch.tools.map((x) => x.type));
          if ('variables' in patch) expect(after.variables).toEqual(patch.variables ?? {});
        }
      }),
      { numRuns: 40 },
    );
    // The generator must exercise both outcomes to mean anything.
    expect(accepted).toBeGreaterThan(5);
    expect(rejected).toBeGreaterThan(5);
  });

  it('what GET returns can be PUT back and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(patchArb, async (patch) => {
        const { id } = await createAssistant(api);
        await api.put(`/api/user/assistant/${id}`, patch);
        const before = await readAssistant(api, id);
        const res = await api.put(`/api/user/assistant/${id}`, settingsOf(before));
        expect(res.statusCode, res.body).toBe(200);
        expect(settingsOf(await readAssistant(api, id))).toEqual(settingsOf(before));
      }),
      { numRuns: 25 },
    );
  });
});
