import { Ajv } from 'ajv';
import { Type, type TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { schemaErrorSummary, translateSchemaErrors } from './validation-messages.js';
import { Nullable, TaggedUnion } from './schemas.js';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, discriminator: true });
function errorsFor(schema: TSchema, data: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return translateSchemaErrors(validate.errors ?? []);
}

describe('translateSchemaErrors', () => {
  const schema = Type.Object({
    name: Type.String({ minLength: 1, maxLength: 255 }),
    speech_speed: Type.Optional(Type.Number({ minimum: 0.7, maximum: 1.2 })),
    max_duration: Type.Optional(Type.Integer({ minimum: 20, maximum: 1200 })),
    mode: Type.Optional(Type.Union([Type.Literal('pipeline'), Type.Literal('multimodal')])),
    record: Type.Optional(Type.Boolean()),
    label_ids: Type.Optional(Type.Array(Type.Integer())),
    webhook_url: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  });

  it('words every failing field like the reference, all at once', () => {
    expect(
      errorsFor(schema, { speech_speed: 1.3, max_duration: 19.5, mode: 'x', record: 'yes', label_ids: [1, 'a'], webhook_url: 5 }),
    ).toEqual({
      name: ['The name field is required.'],
      speech_speed: ['The speech speed must be between 0.7 and 1.2.'],
      max_duration: ['The max duration field must be an integer.', 'The max duration must be between 20 and 1200.'],
      mode: ['The selected mode is invalid.'],
      record: ['The record field must be true or false.'],
      'label_ids.1': ['The label ids.1 field must be an integer.'],
      webhook_url: ['The webhook url field must be a string.'],
    });
  });

  it('reports lengths and accepts null where null is allowed', () => {
    expect(errorsFor(schema, { name: 'x'.repeat(256), webhook_url: null })).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect(errorsFor(schema, { name: '' })).toEqual({ name: ['The name field is required.'] });
  });

  it('reports only the chosen branch of a tagged union', () => {
    const tools = Type.Object({
      tools: Type.Array(
        TaggedUnion('type', [
          Type.Object({ type: Type.Literal('end_call'), description: Type.Optional(Type.String()) }),
          Type.Object({ type: Type.Literal('call_transfer'), phone_number: Type.String() }),
        ]),
      ),
    });
    expect(errorsFor(tools, { tools: [{ type: 'call_transfer' }] })).toEqual({
      'tools.0.phone_number': ['The tools.0.phone number field is required.'],
    });
    expect(errorsFor(tools, { tools: [{ type: 'fax' }] })).toEqual({
      'tools.0.type': ['The selected tools.0.type is invalid.'],
    });
    expect(errorsFor(tools, { tools: ['end_call', {}] })).toEqual({
      'tools.0': ['The tools.0 field must be an object.'],
      'tools.1.type': ['The tools.1.type field is required.'],
    });
  });
});

describe('Laravel 6 wording and schema-worded summaries', () => {
  const schema = Type.Object({
    name: Type.String({ minLength: 3, maxLength: 255 }),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
    count: Type.Optional(Type.Integer()),
    active: Type.Optional(Type.Boolean()),
    site: Type.Optional(Type.String({ format: 'uri' })),
  });
  const validate = new Ajv({ allErrors: true, verbose: true, strict: false, formats: { uri: /^https?:\/\// } }).compile(schema);

  it('words maxima as "may not be greater than" and drops "field" before "must", as Laravel 6 did', () => {
    expect(validate({ name: 'x'.repeat(256), tags: ['a', 'b', 'c'], count: 'x', active: 'x', site: 'nope' })).toBe(false);
    expect(translateSchemaErrors(validate.errors ?? [], {}, 'laravel6')).toEqual({
      name: ['The name may not be greater than 255 characters.'],
      tags: ['The tags may not have more than 2 items.'],
      count: ['The count must be an integer.'],
      active: ['The active field must be true or false.'],
      site: ['The site format is invalid.'],
    });
    expect(validate({ name: 'ab' })).toBe(false);
    expect(translateSchemaErrors(validate.errors ?? [], {}, 'laravel6')).toEqual({ name: ['The name must be at least 3 characters.'] });
    expect(validate({})).toBe(false);
    expect(translateSchemaErrors(validate.errors ?? [], {}, 'laravel6')).toEqual({ name: ['The name field is required.'] });
  });

  it('takes the summary from summaryMessage when the first failing field carries one', () => {
    const rule = Type.Object({
      name: Type.String({
        allOf: [{ pattern: '^[a-z]+$', errorMessage: 'Names are lower-case.', summaryMessage: 'The :attribute field must be lower-case.' }],
      }),
      size: Type.Optional(Type.Integer()),
    });
    const check = new Ajv({ allErrors: true, verbose: true, strict: false }).compile(rule);
    expect(check({ name: 'ABC' })).toBe(false);
    const fieldErrors = translateSchemaErrors(check.errors ?? []);
    expect(fieldErrors).toEqual({ name: ['Names are lower-case.'] });
    expect(schemaErrorSummary(check.errors ?? [], fieldErrors)).toBe('The name field must be lower-case.');
    expect(check({ name: 'ABC', size: 'x' })).toBe(false);
    const two = translateSchemaErrors(check.errors ?? []);
    expect(schemaErrorSummary(check.errors ?? [], two)).toBe('The name field must be lower-case. (and 1 more error)');
    expect(check({ name: 'abc', size: 'x' })).toBe(false);
    expect(schemaErrorSummary(check.errors ?? [], translateSchemaErrors(check.errors ?? []))).toBeUndefined();
  });
});
