import { describe, expect, it } from 'vitest';
import { apiErrorFrom } from '../../api/errors.js';
import { callingErrorInWords, connectErrorInWords, nameReviewInWords, permissionInWords, qualityOf } from './sender-words.js';

const ids = { phoneNumberId: '106540352242922', wabaId: '102290129340398' };
const refused = (platform_error: { code: number | null; message: string }, error_code = 'PLATFORM_REJECTED') =>
  apiErrorFrom(
    { success: false, error: `The messaging platform refused these credentials: ${platform_error.message}`, error_code, platform_error },
    422,
  );

describe('the ownership check in words', () => {
  it('explains a token Meta refuses (190), with what Meta said', () => {
    expect(connectErrorInWords(refused({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }), ids)).toEqual({
      title: 'Meta did not accept the access token',
      text: expect.stringContaining('Copy the token again from Meta Business Settings'),
      platformSaid: 'Invalid OAuth access token - Cannot parse access token (code 190)',
    });
  });

  it('explains a number the token cannot see (100) and one outside the business account, naming the ids', () => {
    const unseen = connectErrorInWords(refused({ code: 100, message: "Unsupported get request. Object with ID '1' does not exist" }), ids);
    expect(unseen?.title).toBe('This token cannot see that phone number');
    expect(unseen?.text).toContain('phone number ID 106540352242922');
    const elsewhere = connectErrorInWords(
      refused({ code: null, message: 'phone number id 106540352242922 is not a number of business account 102290129340398.' }),
      ids,
    );
    expect(elsewhere).toMatchObject({
      title: 'The number is not in that business account',
      platformSaid: expect.stringMatching(/^phone number id/),
    });
    expect(elsewhere?.text).toContain('WhatsApp Business Account 102290129340398');
  });

  it('says Meta could not be reached, and leaves other errors to the form', () => {
    const unreachable = apiErrorFrom(
      { success: false, error: 'x', error_code: 'PLATFORM_UNAVAILABLE', platform_error: { code: null, message: 'timeout' } },
      502,
    );
    expect(connectErrorInWords(unreachable, ids)?.title).toBe('Meta could not be reached');
    const invalid = apiErrorFrom(
      { success: false, error: 'The phone number id has already been taken.', error_code: 'VALIDATION_ERROR', errors: {} },
      422,
    );
    expect(connectErrorInWords(invalid, ids)).toBeNull();
    expect(connectErrorInWords(new TypeError('Failed to fetch'), ids)).toBeNull();
  });

  it('explains calling the platform would not change', () => {
    const error = refused({ code: 138015, message: 'Calling not available for this number' }, 'CALLING_SETTINGS_FAILED');
    expect(callingErrorInWords(error, true)).toMatchObject({
      title: 'Meta would not turn calling on',
      platformSaid: 'Calling not available for this number (code 138015)',
    });
    expect(callingErrorInWords(refused({ code: 190, message: 'x' }), true)).toBeNull();
  });
});

describe('a number’s state in words', () => {
  it('names quality ratings and the display name review', () => {
    expect(qualityOf('GREEN').label).toBe('High');
    expect(qualityOf('RED').label).toBe('Low');
    expect(qualityOf('SOMETHING_NEW').label).toBe('Not rated yet');
    expect(nameReviewInWords('PENDING_REVIEW')).toBe('Being reviewed');
    expect(nameReviewInWords('DECLINED')).toBe('Declined');
    expect(nameReviewInWords('NON_EXISTS')).toBe('Non exists');
    expect(nameReviewInWords(null)).toBe('—');
  });

  it('says what a customer’s call permission allows next', () => {
    const base = { status: null, can_call: false, can_request: false, session_open: false, expires_at: null } as const;
    const at = (iso: string) => `at ${iso}`;
    expect(permissionInWords({ ...base, can_request: true, session_open: true }, at, true)).toEqual({
      label: 'Not asked yet',
      color: 'gray.8',
      next: 'You can ask them now.',
    });
    expect(permissionInWords(base, at, true).next).toBe('You can ask once they have written to you in the last 24 hours.');
    expect(permissionInWords({ ...base, session_open: true }, at, false).next).toBe('Turn calling on above to ask them.');
    expect(permissionInWords({ ...base, status: 'pending', session_open: true }, at, true)).toMatchObject({
      label: 'Asked, waiting for their answer',
      next: 'Wait for their answer; they can allow or decline in the chat.',
    });
    expect(permissionInWords({ ...base, status: 'granted', can_call: true, expires_at: '2026-02-01T00:00:00Z' }, at, true)).toMatchObject({
      label: 'Allowed until at 2026-02-01T00:00:00Z',
      next: 'The assistant can call them now.',
    });
    expect(permissionInWords({ ...base, status: 'rejected', session_open: true }, at, true).next).toMatch(/^You cannot ask again yet/);
  });
});
