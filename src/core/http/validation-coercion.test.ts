import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { createValidator } from './validation.js';
import { translateSchemaErrors } from './validation-messages.js';

const bodies = createValidator({ coerceTypes: false, useDefaults: false });

const Body = Type.Object({
  assistant_id: Type.Optional(Type.Integer({ minimum: 1 })),
  count: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10 }), Type.Null()])),
  ratio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  enabled: Type.Optional(Type.Boolean()),
  label: Type.Optional(Type.String()),
  ids: Type.Optional(Type.Array(Type.Integer())),
  nested: Type.Optional(Type.Object({ flag: Type.Boolean() })),
  code: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
});

/** Validates a copy as a route would, returning what the handler sees or the translated errors. */
function check(body: unknown): { value?: unknown; errors?: Record<string, string[]> } {
  const value = structuredClone(body);
  const validate = bodies.compile(Body);
  return validate(value) ? { value } : { errors: translateSchemaErrors(validate.errors ?? []) };
}

describe("Laravel's input semantics in body validation", () => {
  it('takes numeric strings for integers and numbers, as the integer and numeric rules do', () => {
    expect(check({ assistant_id: '11', count: '3', ratio: '0.5', ids: ['2', 3, '-4'] })).toEqual({
      value: { assistant_id: 11, count: 3, ratio: 0.5, ids: [2, 3, -4] },
    });
    expect(check({ ratio: '.25' })).toEqual({ value: { ratio: 0.25 } });
    expect(check({ ratio: '1e-1' })).toEqual({ value: { ratio: 0.1 } });
    expect(check({ ratio: '1' })).toEqual({ value: { ratio: 1 } });
  });

  it('takes 0, 1, "0", "1", "true" and "false" for booleans, at any depth', () => {
    for (const [sent, meant] of [
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
    ] as const) {
      expect(check({ enabled: sent, nested: { flag: sent } })).toEqual({ value: { enabled: meant, nested: { flag: meant } } });
    }
  });

  it('still checks the bounds of a converted value', () => {
    expect(check({ assistant_id: '0', count: '11', ratio: '1.5' })).toEqual({
      errors: {
        assistant_id: ['The assistant id must be between 1 and 2147483647.'],
        count: ['The count must be between 0 and 10.'],
        ratio: ['The ratio must be between 0 and 1.'],
      },
    });
  });

  it('keeps the type message for strings that are not numbers, and for what Laravel refuses too', () => {
    expect(check({ assistant_id: 'abc', count: '1.5', ratio: 'half', enabled: 'yes', ids: ['x'] })).toEqual({
      errors: {
        assistant_id: ['The assistant id field must be an integer.'],
        count: ['The count field must be an integer.'],
        ratio: ['The ratio field must be a number.'],
        enabled: ['The enabled field must be true or false.'],
        'ids.0': ['The ids.0 field must be an integer.'],
      },
    });
    for (const text of ['', ' 1', '1 ', '0x1A', '011', '1_000', 'Infinity', 'NaN', '99999999999999999999']) {
      expect(check({ assistant_id: text }).errors, text).toEqual({ assistant_id: ['The assistant id field must be an integer.'] });
    }
    expect(check({ enabled: 2 }).errors).toEqual({ enabled: ['The enabled field must be true or false.'] });
    expect(check({ enabled: 'on' }).errors).toEqual({ enabled: ['The enabled field must be true or false.'] });
    expect(check({ ratio: '1e999' }).errors).toEqual({ ratio: ['The ratio field must be a number.'] });
  });

  it('never turns null, an empty string or true into a number, nor a number into text', () => {
    expect(check({ count: null })).toEqual({ value: { count: null } });
    expect(check({ assistant_id: null }).errors).toEqual({ assistant_id: ['The assistant id field must be an integer.'] });
    expect(check({ assistant_id: true }).errors).toEqual({ assistant_id: ['The assistant id field must be an integer.'] });
    expect(check({ label: 5 }).errors).toEqual({ label: ['The label field must be a string.'] });
    expect(check({ label: '11' })).toEqual({ value: { label: '11' } });
  });

  it('leaves a string a union already accepts as it is', () => {
    expect(check({ code: '42' })).toEqual({ value: { code: '42' } });
  });

  it('reports the remaining errors of a body whose convertible values were converted', () => {
    expect(check({ assistant_id: '7', enabled: 'maybe' })).toEqual({ errors: { enabled: ['The enabled field must be true or false.'] } });
  });

  it('leaves query validators to their own coercion (they are text on the wire)', () => {
    const query = createValidator({ coerceTypes: 'array', useDefaults: true }).compile(Type.Object({ page: Type.Integer() }));
    const value = { page: '2' };
    expect(query(value)).toBe(true);
    expect(value).toEqual({ page: 2 });
  });
});
