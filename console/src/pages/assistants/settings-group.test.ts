import { describe, expect, it } from 'vitest';
import { besideField, placeGroupErrors, requestOf } from './settings-group.js';

describe("a settings group and the server's errors", () => {
  it('puts errors on the fields of the group, nested ones on their row, in words for beside the field', () => {
    expect(
      placeGroupErrors(
        {
          'tools.0.phone_number': 'The tools.0.phone number field must be a valid phone number in E.164 format.',
          max_duration: 'The max duration field must be at least 20.',
          name: 'The name field is required.',
        },
        ['tools', 'max_duration'],
      ),
    ).toEqual({
      onFields: {
        'tools.0.phone_number': 'This field must be a phone number with its country code, like +14155550123.',
        max_duration: 'This field must be at least 20.',
      },
      elsewhere: ['The name field is required.'],
    });
    expect(besideField('Must be https.')).toBe('Must be https.');
  });

  it('sends an emptied number as null', () => {
    expect(requestOf({ max_initial_silence_duration: '', max_duration: 300 })).toEqual({
      max_initial_silence_duration: null,
      max_duration: 300,
    });
  });
});
