import { describe, expect, it } from 'vitest';
import { parseWebhookPayload } from './webhook-events.js';

const now = new Date('2026-01-15T10:00:00Z');
const wrap = (field: string, value: unknown) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', time: 1739321024, changes: [{ field, value }] }],
});

describe('account and number webhooks', () => {
  it('reads a ban and its lifting, and account removals, as offline and online again', () => {
    const banned = parseWebhookPayload(
      wrap('account_update', { event: 'DISABLED_UPDATE', ban_info: { waba_ban_state: 'DISABLE', waba_ban_date: '2025-02-11' } }),
      now,
    );
    expect(banned).toEqual([
      {
        type: 'number_state',
        wabaId: 'WABA',
        displayPhone: null,
        change: { offlineReason: 'The business account was disabled by the messaging platform.' },
      },
    ]);
    const lifted = parseWebhookPayload(
      wrap('account_update', { phone_number: '15550783881', event: 'DISABLED_UPDATE', ban_info: { waba_ban_state: 'REINSTATE' } }),
      now,
    );
    expect(lifted).toEqual([{ type: 'number_state', wabaId: 'WABA', displayPhone: '15550783881', change: { offlineReason: null } }]);
    expect(parseWebhookPayload(wrap('account_update', { event: 'PARTNER_REMOVED' }), now)[0]).toMatchObject({
      change: { offlineReason: expect.any(String) },
    });
    // Events that do not change whether the number can send are ignored.
    expect(parseWebhookPayload(wrap('account_update', { event: 'VERIFIED_ACCOUNT' }), now)).toEqual([]);
  });

  it('reads quality flags and limits, preferring the daily number over the tier word', () => {
    const flagged = parseWebhookPayload(
      wrap('phone_number_quality_update', { display_phone_number: '15550783881', event: 'FLAGGED', current_limit: 'TIER_10K' }),
      now,
    );
    expect(flagged[0]).toMatchObject({ change: { qualityRating: 'RED', messagingLimit: 10_000 } });
    const unlimited = parseWebhookPayload(
      wrap('phone_number_quality_update', { display_phone_number: '1', event: 'UPGRADE', current_limit: 'TIER_UNLIMITED' }),
      now,
    );
    expect(unlimited[0]).toMatchObject({ change: { messagingLimit: null } });
    const daily = parseWebhookPayload(
      wrap('phone_number_quality_update', {
        display_phone_number: '1',
        event: 'UPGRADE',
        current_limit: 'TIER_2K',
        max_daily_conversations_per_business: '100000',
      }),
      now,
    );
    expect(daily[0]).toMatchObject({ change: { messagingLimit: 100_000 } });
    expect(
      parseWebhookPayload(
        wrap('phone_number_quality_update', { display_phone_number: '1', event: 'ONBOARDING', current_limit: 'TIER_NOT_SET' }),
        now,
      ),
    ).toEqual([]);
  });

  it('reads name decisions, taking the name only when approved, and drops odd shapes', () => {
    expect(
      parseWebhookPayload(
        wrap('phone_number_name_update', {
          display_phone_number: '1',
          decision: 'REJECTED',
          requested_verified_name: 'X',
          rejection_reason: 'INVALID',
        }),
        now,
      )[0],
    ).toMatchObject({
      change: { nameStatus: 'REJECTED' },
    });
    for (const value of [{}, { decision: 5 }, { event: [] }]) {
      expect(parseWebhookPayload(wrap('phone_number_name_update', value), now)).toEqual([]);
      expect(parseWebhookPayload(wrap('account_update', value), now)).toEqual([]);
    }
  });
});
