import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, multimodalBody, readAssistant, type Api } from '../../../test/helpers/assistants.js';

/**
 * Spec 4.5, field by field: the accepted value at each bound and the rejected value just past
 * it, with the exact message. Each case updates a fresh pipeline (or multimodal) assistant.
 */
let t: TestApp;
let api: Api;
let pipelineId: number;
let multimodalId: number;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t, (await createUser(t.deps)).token);
  pipelineId = (await createAssistant(api)).id;
  multimodalId = (await createAssistant(api, multimodalBody())).id;
});
afterAll(async () => {
  await t.close();
});

type Case = [field: string, accepted: unknown[], rejected: Array<[value: unknown, message: string]>];

const between = (field: string, min: number, max: number) => `The ${field.replace(/_/g, ' ')} must be between ${min} and ${max}.`;
const range = (field: string, min: number, max: number, step: number, nullable = false): Case => [
  field,
  nullable ? [min, max, null] : [min, max],
  [
    [Number((min - step).toFixed(4)), between(field, min, max)],
    [Number((max + step).toFixed(4)), between(field, min, max)],
  ],
];
const maxChars = (field: string, max: number, nullable = false): Case => [
  field,
  nullable ? ['x'.repeat(max), null] : ['x'.repeat(max)],
  [['x'.repeat(max + 1), `The ${field.replace(/_/g, ' ')} field must not be greater than ${max} characters.`]],
];
const choice = (field: string, values: string[]): Case => [
  field,
  values,
  [['nope', `The selected ${field.replace(/_/g, ' ')} is invalid.`]],
];

const PIPELINE_CASES: Case[] = [
  [
    'name',
    ['x'.repeat(255), 'A'],
    [
      ['', 'The name field is required.'],
      ['x'.repeat(256), 'The name field must not be greater than 255 characters.'],
    ],
  ],
  maxChars('initial_message', 200),
  maxChars('reengagement_prompt', 1000, true),
  maxChars('voice_mail_message', 1000, true),
  range('voice_stability', 0, 1, 0.01),
  range('voice_similarity', 0, 1, 0.01),
  range('speech_speed', 0.7, 1.2, 0.01),
  range('llm_temperature', 0, 1, 0.01),
  range('endpoint_sensitivity', 0, 5, 0.01),
  range('interrupt_sensitivity', 0, 5, 0.01),
  range('ambient_sound_volume', 0, 1, 0.01),
  range('max_duration', 20, 1200, 1),
  range('max_silence_duration', 1, 360, 1),
  range('max_initial_silence_duration', 1, 120, 1, true),
  range('ringing_time', 1, 60, 1),
  range('reengagement_interval', 7, 600, 1),
  range('min_interrupt_words', 0, 10, 1, true),
  range('conversation_inactivity_timeout', 1, 1440, 1, true),
  choice('type', ['inbound', 'outbound']),
  choice('endpoint_type', ['vad', 'ai']),
  choice('ambient_sound', ['off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature']),
  choice('knowledgebase_mode', ['function_call', 'prompt']),
  choice('status', ['active', 'inactive']),
  [
    'timezone',
    ['Europe/Bucharest', 'America/New_York', 'UTC'],
    [
      ['Mars/Olympus_Mons', 'The timezone field must be a valid timezone.'],
      ['', 'The timezone field is required.'],
    ],
  ],
  [
    'max_duration',
    [600, '600'],
    [
      [30.5, 'The max duration field must be an integer.'],
      ['600s', 'The max duration field must be an integer.'],
      [null, 'The max duration field must be an integer.'],
    ],
  ],
  [
    'speech_speed',
    [1, '1.1'],
    [
      ['fast', 'The speech speed field must be a number.'],
      [null, 'The speech speed field must be a number.'],
    ],
  ],
  [
    'record',
    [true, false, 1, '0', 'true'],
    [
      ['yes', 'The record field must be true or false.'],
      [2, 'The record field must be true or false.'],
    ],
  ],
  ['webhook_url', ['https://example.com/hook', null], [['not a url', 'The webhook url field must be a valid URL.']]],
  [
    'conversation_ended_webhook_url',
    ['https://example.com/ended', null],
    [['example.com', 'The conversation ended webhook url field must be a valid URL.']],
  ],
  [
    'secondary_language_ids',
    [[2, 3], [], null],
    [
      [[2, 2], 'The secondary language ids field has a duplicate value.'],
      [['two'], 'The secondary language ids.0 field must be an integer.'],
    ],
  ],
  [
    'variables',
    [{ company: 'Acme', seats: 5, vip: true }, {}, null],
    [
      [{ nested: { a: 1 } }, 'The variables.nested field must be a string.'],
      [[1], 'The variables field must be an object.'],
    ],
  ],
  [
    'post_call_schema',
    [
      [
        { name: 'abc', type: 'string', description: 'abc' },
        { name: 'a'.repeat(16), type: 'bool', description: 'x'.repeat(255) },
      ],
    ],
    [
      [
        [{ name: 'ab', type: 'string', description: 'Three' }],
        'The post call schema.0.name must be 3 to 16 characters of lower-case letters, digits and underscores.',
      ],
      [
        [{ name: 'a'.repeat(17), type: 'string', description: 'Three' }],
        'The post call schema.0.name must be 3 to 16 characters of lower-case letters, digits and underscores.',
      ],
      [
        [{ name: 'Upper', type: 'string', description: 'Three' }],
        'The post call schema.0.name must be 3 to 16 characters of lower-case letters, digits and underscores.',
      ],
      [[{ name: 'valid', type: 'date', description: 'Three' }], 'The selected post call schema.0.type is invalid.'],
      [[{ name: 'valid', type: 'number', description: 'ab' }], 'The post call schema.0.description field must be at least 3 characters.'],
      [
        [{ name: 'valid', type: 'number', description: 'x'.repeat(256) }],
        'The post call schema.0.description field must not be greater than 255 characters.',
      ],
      [[{ name: 'valid', type: 'number' }], 'The post call schema.0.description field is required.'],
    ],
  ],
  [
    'filler_config',
    [{ positive: ['Great!'], question: ['Let me check.'] }, null],
    [[{ positive: 'Great!' }, 'The filler config.positive field must be an array.']],
  ],
];

const MULTIMODAL_CASES: Case[] = [range('turn_detection_threshold', 0, 1, 0.01, true)];

const TOOL_CASES: Array<[string, unknown[], Array<[unknown, string, string]>]> = [
  [
    'collect_keypad timeout',
    [
      { type: 'collect_keypad', timeout: 1 },
      { type: 'collect_keypad', timeout: 30 },
    ],
    [
      [{ type: 'collect_keypad', timeout: 0 }, 'tools.0.timeout', 'The tools.0.timeout must be between 1 and 30.'],
      [{ type: 'collect_keypad', timeout: 31 }, 'tools.0.timeout', 'The tools.0.timeout must be between 1 and 30.'],
      [{ type: 'collect_keypad', stop_key: '0' }, 'tools.0.stop_key', 'The selected tools.0.stop key is invalid.'],
    ],
  ],
  [
    'assistant_transfer description',
    [],
    [
      [
        { type: 'assistant_transfer', assistant_id: 1, description: 'x'.repeat(501) },
        'tools.0.description',
        'The tools.0.description field must not be greater than 500 characters.',
      ],
      [
        { type: 'assistant_transfer', assistant_id: 1, message_before_transfer: 'x'.repeat(501) },
        'tools.0.message_before_transfer',
        'The tools.0.message before transfer field must not be greater than 500 characters.',
      ],
      [{ type: 'assistant_transfer' }, 'tools.0.assistant_id', 'The tools.0.assistant id field is required.'],
    ],
  ],
  [
    'warm_call_transfer hold_music_volume',
    [],
    [
      [
        { type: 'warm_call_transfer', supervisor_phone: '+14155551234', outbound_phone_id: 1, description: 'x', hold_music_volume: 101 },
        'tools.0.hold_music_volume',
        'The tools.0.hold music volume must be between 0 and 100.',
      ],
      [
        { type: 'warm_call_transfer', supervisor_phone: '+14155551234', outbound_phone_id: 1, description: 'x', caller_id_mode: 'mine' },
        'tools.0.caller_id_mode',
        'The selected tools.0.caller id mode is invalid.',
      ],
    ],
  ],
  [
    'tool type',
    [],
    [
      [{ type: 'teleport' }, 'tools.0.type', 'The selected tools.0.type is invalid.'],
      [{ description: 'no type' }, 'tools.0.type', 'The tools.0.type field is required.'],
      ['end_call', 'tools.0', 'The tools.0 field must be an object.'],
    ],
  ],
];

async function put(id: number, body: Record<string, unknown>) {
  return api.put(`/api/user/assistant/${id}`, body);
}

describe.each([
  ['pipeline', PIPELINE_CASES, () => pipelineId],
  ['multimodal', MULTIMODAL_CASES, () => multimodalId],
] as const)('%s assistant field bounds', (_mode, cases, id) => {
  for (const [field, accepted, rejected] of cases) {
    it.each(accepted.map((v) => [JSON.stringify(v)?.slice(0, 40), v]))(`${field} accepts %s`, async (_label, value) => {
      const res = await put(id(), { [field]: value });
      expect(res.statusCode, res.body).toBe(200);
    });
    it.each(rejected.map(([v, m]) => [JSON.stringify(v)?.slice(0, 40), v, m]))(`${field} rejects %s`, async (_label, value, message) => {
      const res = await put(id(), { [field]: value });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.values(errors).flat()).toContain(message);
      expect(res.json().message).toBe('Validation failed');
    });
  }
});

describe('built-in tool field bounds', () => {
  for (const [name, accepted, rejected] of TOOL_CASES) {
    it.each(accepted.map((v) => [JSON.stringify(v), v]))(`${name} accepts %s`, async (_label, tool) => {
      const res = await put(pipelineId, { tools: [tool] });
      expect(res.statusCode, res.body).toBe(200);
    });
    it.each(rejected.map(([v, f, m]) => [JSON.stringify(v).slice(0, 60), v, f, m]))(
      `${name} rejects %s`,
      async (_label, tool, field, message) => {
        const res = await put(pipelineId, { tools: [tool] });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors[field as string]).toEqual([message]);
      },
    );
  }
});

describe('a rejected update', () => {
  it('changes nothing, not even its valid fields, and lists every failing field', async () => {
    const before = await readAssistant(api, pipelineId);
    const res = await put(pipelineId, {
      name: 'Valid new name',
      speech_speed: 5,
      max_duration: 5,
      ringing_time: 0,
      ambient_sound: 'space',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: {
        speech_speed: ['The speech speed must be between 0.7 and 1.2.'],
        max_duration: ['The max duration must be between 20 and 1200.'],
        ringing_time: ['The ringing time must be between 1 and 60.'],
        ambient_sound: ['The selected ambient sound is invalid.'],
      },
    });
    expect(await readAssistant(api, pipelineId)).toEqual(before);
  });
});
