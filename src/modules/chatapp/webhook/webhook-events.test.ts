import { describe, expect, it } from 'vitest';
import { parseWebhookPayload } from './webhook-events.js';
import { unixSeconds } from './webhook-values.js';
import { normalizePhone } from '../phone.js';

const now = new Date('2026-01-15T10:00:00Z');
const wrap = (field: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '1',
      changes: [
        {
          field,
          value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15551441906', phone_number_id: 'PN' }, ...value },
        },
      ],
    },
  ],
});

describe('parseWebhookPayload', () => {
  it('reads message kinds into conversation text', () => {
    const events = parseWebhookPayload(
      wrap('messages', {
        contacts: [{ profile: { name: 'A' }, wa_id: '40711222333' }],
        messages: [
          { from: '40711222333', id: 'm1', timestamp: '1749416383', type: 'image', image: { caption: 'my receipt', id: 'x' } },
          { from: '40711222333', id: 'm2', timestamp: '1749416384', type: 'button', button: { text: 'Yes', payload: 'YES' } },
          {
            from: '40711222333',
            id: 'm3',
            timestamp: '1749416385',
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Tomorrow' } },
          },
          { from: '40711222333', id: 'm4', timestamp: '1749416386', type: 'reaction', reaction: { message_id: 'w', emoji: '👍' } },
          { from: '40711222333', id: 'm5', timestamp: '1749416387', type: 'system', system: { body: 'changed number' } },
          { from_user_id: 'US.13491208655302741918', id: 'm6', timestamp: '1749416388', type: 'text', text: { body: 'no phone' } },
        ],
      }),
      now,
    );
    expect(events.map((e) => (e.type === 'message' ? [e.message.kind, e.message.body, e.message.customerName] : e.type))).toEqual([
      ['image', '[Image] my receipt', 'A'],
      ['text', 'Yes', 'A'],
      ['text', 'Tomorrow', 'A'],
      ['reaction', '[Reaction] 👍', 'A'],
      // A customer who hides their number is keyed by the platform's user id.
      ['text', 'no phone', 'A'],
    ]);
    expect(events.at(-1)).toMatchObject({ message: { customerPhone: 'US.13491208655302741918' } });
  });

  it("keeps an order's text with a summary of its items, and an edit's new content with the message it changes", () => {
    const events = parseWebhookPayload(
      wrap('messages', {
        messages: [
          {
            from: '40711222333',
            id: 'o1',
            timestamp: '1749416383',
            type: 'order',
            order: {
              catalog_id: 'c',
              text: 'For tonight please',
              product_items: [{ product_retailer_id: 'PIZZA', quantity: 2, item_price: 12.5, currency: 'EUR' }],
            },
          },
          {
            from: '40711222333',
            id: 'e1',
            timestamp: '1749416383',
            type: 'edit',
            edit: {
              original_message_id: 'img1',
              message: { type: 'image', image: { caption: 'new caption', mime_type: 'image/jpeg', id: 'M1' } },
            },
          },
          { from: '40711222333', id: 'r1', timestamp: '1749416383', type: 'revoke', revoke: { original_message_id: 'img1' } },
          { from: '40711222333', id: 'r2', timestamp: '1749416383', type: 'revoke', revoke: {} },
        ],
      }),
      now,
    );
    expect(
      events.map((e) => e.type === 'message' && [e.message.kind, e.message.body, e.message.revision, e.message.media ?? null]),
    ).toEqual([
      ['order', 'For tonight please\n[Order] 2 x PIZZA at 12.5 EUR; total 25 EUR', null, null],
      [
        'image',
        '[Image] new caption',
        { originalId: 'img1', deleted: false },
        { id: 'M1', mimeType: 'image/jpeg', caption: 'new caption', filename: null },
      ],
      ['revoke', '', { originalId: 'img1', deleted: true }, null],
    ]);
  });

  it('reads call permission replies, including the automatic revoke that is no customer message', () => {
    const reply = (body: Record<string, unknown>) =>
      parseWebhookPayload(
        wrap('messages', {
          messages: [
            {
              from: '40711222333',
              id: 'r',
              timestamp: '1752582182',
              type: 'interactive',
              interactive: { type: 'call_permission_reply', call_permission_reply: body },
            },
          ],
        }),
        now,
      )[0];
    expect(reply({ response: 'accept', expiration_timestamp: 1753186982, response_source: 'user_action' })).toMatchObject({
      message: {
        fromCustomer: true,
        permissionReply: { accept: true, permanent: false, expiresAt: new Date(1753186982_000), automatic: false },
      },
    });
    expect(reply({ response: 'accept', is_permanent: true, response_source: 'user_action' })).toMatchObject({
      message: { permissionReply: { permanent: true, expiresAt: null } },
    });
    expect(reply({ response: 'reject', response_source: 'automatic' })).toMatchObject({
      message: { fromCustomer: false, permissionReply: { accept: false, automatic: true } },
    });
    expect(reply({ response: 'maybe' })).toBeUndefined();
  });

  it('counts a call as connected only when it was picked up, whichever way round from and to are', () => {
    // The signalling events for the calls module are tested in call-signal-events.test.ts.
    const calls = (value: Record<string, unknown>) =>
      parseWebhookPayload(wrap('calls', value), now).filter((e) => e.type !== 'call_signal');
    const terminate = {
      id: 'wacid.1',
      from: '917358580180',
      to: '15551441906',
      event: 'terminate',
      timestamp: '1760681533',
      direction: 'USER_INITIATED',
    };
    expect(calls({ calls: [{ ...terminate, start_time: '1760681513', end_time: '1760681533', duration: 20, status: 'FAILED' }] })).toEqual([
      { type: 'call_connected', phoneNumberId: 'PN', customerPhone: '+917358580180', at: new Date(1760681513_000) },
    ]);
    expect(calls({ calls: [{ ...terminate, status: 'FAILED' }] })).toEqual([]);
    expect(
      calls({
        calls: [
          {
            ...terminate,
            event: 'connect',
            direction: 'BUSINESS_INITIATED',
            from: '15551441906',
            to: '917358580180',
            session: { sdp_type: 'answer' },
          },
        ],
      }),
    ).toEqual([]);
    expect(
      calls({ statuses: [{ id: 'wacid.2', timestamp: '1671644824', type: 'call', status: 'ACCEPTED', recipient_id: '917358580180' }] }),
    ).toEqual([{ type: 'call_connected', phoneNumberId: 'PN', customerPhone: '+917358580180', at: new Date(1671644824_000) }]);
    expect(
      calls({ statuses: [{ id: 'wacid.3', timestamp: '1671644824', type: 'call', status: 'RINGING', recipient_id: '917358580180' }] }),
    ).toEqual([]);
  });

  it('reads delivery statuses, treating played as read and skipping call statuses', () => {
    const events = parseWebhookPayload(
      wrap('messages', {
        statuses: [
          { id: 'w1', status: 'played', timestamp: '1', recipient_id: '40711222333' },
          { id: 'w2', status: 'failed', timestamp: '1', errors: [{ code: 131049, title: 'Not delivered', message: 'Not delivered' }] },
          { id: 'w3', status: 'ACCEPTED', type: 'call' },
          { id: 'w4', status: 'deleted' },
        ],
      }),
      now,
    );
    expect(events).toEqual([
      {
        type: 'status',
        phoneNumberId: 'PN',
        platformMessageId: 'w1',
        status: 'read',
        errorCode: null,
        errorMessage: null,
        at: new Date(1_000),
        errorTitle: null,
        errorDetails: null,
      },
      {
        type: 'status',
        phoneNumberId: 'PN',
        platformMessageId: 'w2',
        status: 'failed',
        errorCode: 131049,
        errorMessage: 'Not delivered',
        at: new Date(1_000),
        errorTitle: 'Not delivered',
        errorDetails: null,
      },
    ]);
  });

  it('reads string and integer unix timestamps and nothing else', () => {
    expect(unixSeconds('1749416383')).toEqual(new Date(1749416383_000));
    expect(unixSeconds(1749416383)).toEqual(new Date(1749416383_000));
    for (const bad of ['', 'soon', '-5', null, {}, 1e20]) expect(unixSeconds(bad)).toBeNull();
  });
});

describe('normalizePhone', () => {
  it("finds the sender country, falling back to the calling code's main country for test numbers", () => {
    expect(normalizePhone('+1 415 555 1234')).toEqual({ e164: '+14155551234', country: 'US' });
    expect(normalizePhone('+1 613 555 0123')?.country).toBe('CA');
    expect(normalizePhone('15550783881')).toEqual({ e164: '+15550783881', country: 'US' });
    expect(normalizePhone('+20 100 123 4567')?.country).toBe('EG');
  });
});
