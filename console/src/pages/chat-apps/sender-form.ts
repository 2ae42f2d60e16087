import type { Sender, UpdateSenderRequest } from '../../../../client/api.js';

export interface SettingsValues {
  display_name: string;
  assistant_id: string | null;
  status_webhook_url: string;
  voice_webhook_url: string;
  access_token: string;
}

/** The settings form of a number, as it starts: empty texts for unset URLs, no token. */
export const settingsValues = (sender: Sender): SettingsValues => ({
  display_name: sender.display_name,
  assistant_id: sender.assistant_id === null ? null : String(sender.assistant_id),
  status_webhook_url: sender.status_webhook_url ?? '',
  voice_webhook_url: sender.voice_webhook_url ?? '',
  access_token: '',
});

/** Only what changed is sent; an emptied URL is removed (null); a token only when a new one is typed. */
export function settingsRequest(values: SettingsValues, initial: SettingsValues): UpdateSenderRequest {
  const body: Record<string, unknown> = {};
  if (values.display_name.trim() !== initial.display_name) body.display_name = values.display_name.trim();
  if (values.assistant_id !== initial.assistant_id) body.assistant_id = values.assistant_id ? Number(values.assistant_id) : null;
  for (const key of ['status_webhook_url', 'voice_webhook_url'] as const) {
    if (values[key].trim() !== initial[key]) body[key] = values[key].trim() || null;
  }
  if (values.access_token.trim()) body.access_token = values.access_token.trim();
  return body as UpdateSenderRequest;
}
