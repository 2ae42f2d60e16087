import { describe, expect, it } from 'vitest';
import { settingsRequest, type SettingsValues } from './sender-form.js';

describe('a number’s settings', () => {
  const initial: SettingsValues = {
    display_name: 'Shop WhatsApp',
    assistant_id: '3',
    status_webhook_url: 'https://hooks.example/status',
    voice_webhook_url: '',
    access_token: '',
  };

  it('sends only what changed: an emptied URL as null, a token only when typed', () => {
    expect(settingsRequest(initial, initial)).toEqual({});
    expect(
      settingsRequest(
        {
          ...initial,
          display_name: ' Shop ',
          assistant_id: null,
          status_webhook_url: ' ',
          voice_webhook_url: 'https://hooks.example/voice',
          access_token: ' EAAJ ',
        },
        initial,
      ),
    ).toEqual({
      display_name: 'Shop',
      assistant_id: null,
      status_webhook_url: null,
      voice_webhook_url: 'https://hooks.example/voice',
      access_token: 'EAAJ',
    });
  });
});
