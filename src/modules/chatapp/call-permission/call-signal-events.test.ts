import { describe, expect, it } from 'vitest';
import { chatappFixture } from '../../../../test/helpers/chatapp-fixtures.js';
import { parseWebhookPayload } from '../webhook/webhook-events.js';

/** The `calls` webhook read into the signalling the calls module's WebRTC leg acts on. */
const now = new Date('2026-01-15T10:00:00Z');
const signals = (payload: unknown) => parseWebhookPayload(payload, now).filter((e) => e.type === 'call_signal');
const wrap = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'calls',
          value: { messaging_product: 'whatsapp', metadata: { phone_number_id: 'PN', display_phone_number: '15551441906' }, ...value },
        },
      ],
    },
  ],
});

describe('call signals', () => {
  it("reads the platform's user-initiated connect sample: the offer, the customer and the call id", () => {
    const [event] = signals(JSON.parse(chatappFixture('calls-connect-user-initiated', {})));
    expect(event).toEqual({
      type: 'call_signal',
      phoneNumberId: '518638374672395',
      signal: {
        callId: 'wacid.HBgMOTE3MzU4NTgwMTgwFQIAEhggQUNEODk3OUQ3NzI4MjZBRTZFNEE2MzU3NDEzNDg4RUUcGAsxNTU1MTQ0MTkwNhUCABUKAA==',
        kind: 'connect',
        direction: 'user_initiated',
        sdp: { type: 'offer', sdp: 'v=0\r\no=- 1760681506762 2 IN IP4 127.0.0.1\r\n' },
        customerPhone: '+917358580180',
        status: null,
        at: new Date(1760681506_000),
        durationSeconds: null,
        callbackData: null,
        error: null,
      },
    });
  });

  it('reads the business-initiated answer, a terminate with its duration and callback data, and call statuses', () => {
    const answer = signals(
      wrap({
        contacts: [{ wa_id: '917358580180' }],
        calls: [
          {
            id: 'wacid.A',
            from: '15551441906',
            to: '917358580180',
            event: 'connect',
            timestamp: '1671644824',
            direction: 'BUSINESS_INITIATED',
            session: { sdp_type: 'answer', sdp: 'v=0' },
            biz_opaque_callback_data: 'cb',
          },
        ],
      }),
    );
    expect(answer.map((e) => e.type === 'call_signal' && e.signal)).toEqual([
      {
        callId: 'wacid.A',
        kind: 'connect',
        direction: 'business_initiated',
        sdp: { type: 'answer', sdp: 'v=0' },
        customerPhone: '+917358580180',
        status: null,
        at: new Date(1671644824_000),
        durationSeconds: null,
        callbackData: 'cb',
        error: null,
      },
    ]);
    const terminate = signals(
      wrap({
        calls: [
          {
            id: 'wacid.A',
            from: '917358580180',
            to: '15551441906',
            event: 'terminate',
            timestamp: '1671644900',
            direction: 'BUSINESS_INITIATED',
            status: 'Completed',
            start_time: '1671644880',
            duration: 20,
            biz_opaque_callback_data: 'cb',
          },
        ],
      }),
    );
    expect(terminate.map((e) => e.type === 'call_signal' && e.signal)).toMatchObject([
      { kind: 'terminate', status: 'COMPLETED', durationSeconds: 20, callbackData: 'cb' },
    ]);
    const statuses = signals(
      wrap({
        statuses: [
          { id: 'wacid.A', timestamp: '1671644824', type: 'call', status: 'RINGING', recipient_id: '917358580180' },
          { id: 'w1', status: 'sent' },
        ],
      }),
    );
    expect(statuses.map((e) => e.type === 'call_signal' && e.signal)).toMatchObject([
      { callId: 'wacid.A', kind: 'status', status: 'RINGING', customerPhone: '+917358580180' },
    ]);
  });

  it("reads the captured FAILED terminate: the platform's error (138021) and its 20 s of talk", () => {
    const [event] = signals(JSON.parse(chatappFixture('calls-terminate-user-initiated', {})));
    expect(event?.type === 'call_signal' && event.signal).toMatchObject({
      kind: 'terminate',
      status: 'FAILED',
      durationSeconds: 20,
      error: {
        code: 138021,
        message: 'WhatsApp client terminated the call due to not receiving any media for a long time. Please try again',
      },
    });
    // Only at value.errors (the call's own list empty), the error is still the call's.
    const [elsewhere] = signals(
      wrap({
        errors: [{ code: 138019, title: 'Call setup failed', error_data: { details: 'x' } }],
        calls: [
          { id: 'wacid.C', event: 'terminate', status: 'FAILED', direction: 'USER_INITIATED', from: '917358580180', to: '15551441906' },
        ],
      }),
    );
    expect(elsewhere?.type === 'call_signal' && elsewhere.signal.error).toEqual({ code: 138019, message: 'Call setup failed' });
  });

  it('ignores calls without an id or with an unknown event', () => {
    expect(signals(wrap({ calls: [{ event: 'connect' }, { id: 'wacid.B', event: 'call_created' }, 'junk'] }))).toEqual([]);
  });
});
