import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, actionInWords, detailsInWords, resourceInWords } from './audit-words.js';

describe('audit rows in words', () => {
  it('says each action as a reader would', () => {
    expect(actionInWords('assistant.updated')).toBe('Updated assistant');
    expect(actionInWords('knowledge_base.deleted')).toBe('Deleted knowledge base');
    expect(actionInWords('api_key.created')).toBe('Created API key');
    expect(actionInWords('sender.deleted')).toBe('Deleted chat app number');
    expect(actionInWords('member.signed_in')).toBe('Signed in');
    expect(actionInWords('webhook_secret.rotated')).toBe('Rotated the webhook signing secret');
    // One the console does not know yet still reads as words.
    expect(actionInWords('sms_number.archived')).toBe('Archived sms number');
    expect(AUDIT_ACTIONS.map(actionInWords).every((words) => !words.includes('_') && !words.includes('.'))).toBe(true);
  });

  it('names the resource by what the row kept of it', () => {
    expect(resourceInWords({ resource_type: 'assistant', resource_id: '12', details: { name: 'Front desk' } })).toBe(
      'Assistant “Front desk”',
    );
    expect(resourceInWords({ resource_type: 'phone_number', resource_id: '3', details: { phone_number: '+40711000999' } })).toBe(
      'Phone number “+40711000999”',
    );
    expect(resourceInWords({ resource_type: 'call', resource_id: '7', details: { type: 'inbound' } })).toBe('Call #7');
    expect(resourceInWords({ resource_type: 'member', resource_id: '4', details: { email: 'sam@example.com', role: 'editor' } })).toBe(
      'Member “sam@example.com”',
    );
    expect(resourceInWords({ resource_type: 'webhook_secret', resource_id: null, details: {} })).toBe('Webhook signing secret');
  });

  it('adds what changed, and nothing when there is nothing to add', () => {
    expect(detailsInWords({ fields: ['name', 'speech_speed'] })).toBe('Changed name, speech speed');
    expect(detailsInWords({ phone_number: '+40711000999', release_at: '2026-04-30T10:00:00.000000Z' })).toBe(
      'Goes at the end of its paid period (2026-04-30)',
    );
    expect(detailsInWords({ from: 'editor', to: 'viewer' })).toBe('From editor to viewer');
    expect(detailsInWords({ from: 'admin', to: 'editor', api_keys_lowered: [{ id: 4, name: 'Nightly export', from: 'admin' }] })).toBe(
      'From admin to editor. API keys lowered to editor: “Nightly export”',
    );
    expect(detailsInWords({ amount: -3, reason: 'Refund' })).toBe('Amount: -$3.00. Reason: Refund');
    expect(detailsInWords({ name: 'Front desk' })).toBeNull();
  });
});
