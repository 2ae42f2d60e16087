import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom, CONNECTION_LOST, describeError, errorCodeOf } from './errors.js';

describe('errors in words', () => {
  it('reads each of the API error shapes', () => {
    expect(
      apiErrorFrom({ message: 'The given data was invalid.', errors: { name: ['The name field is required.', 'x'] } }, 422),
    ).toMatchObject({
      message: 'The given data was invalid.',
      status: 422,
      fieldErrors: { name: 'The name field is required.' },
    });
    expect(apiErrorFrom({ success: false, error: 'Sender not found.', error_code: 'SENDER_NOT_FOUND' }, 404).message).toBe(
      'Sender not found.',
    );
    expect(apiErrorFrom({ status: false, error: 'Insufficient balance. Please top up your account.' }, 400).message).toBe(
      'Insufficient balance. Please top up your account.',
    );
    expect(apiErrorFrom({ message: 'Unauthenticated.' }, 401).message).toBe('Unauthenticated.');
  });

  it('never shows [object Object] or nothing', () => {
    expect(apiErrorFrom(undefined, 502).message).toBe('The server had a problem. Try again in a moment.');
    expect(apiErrorFrom({ unexpected: { nested: true } }, 409).message).toBe('The request failed (HTTP 409).');
    expect(describeError(new TypeError('Failed to fetch'))).toBe(CONNECTION_LOST);
    expect(describeError(new ApiError('Assistant not found.', 404))).toBe('Assistant not found.');
    expect(describeError('weird')).toBe('Something went wrong. Try again.');
  });

  it('keeps the body, for pages that explain a coded error further', () => {
    const error = apiErrorFrom({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' }, 404);
    expect(errorCodeOf(error)).toBe('SENDER_NOT_FOUND');
    expect(error.body).toEqual({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
    expect(errorCodeOf(apiErrorFrom({ message: 'Tool not found' }, 404))).toBeUndefined();
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
