/** Conversation channels (the API's `type`) in words. */
export const CHANNELS: Record<string, string> = {
  widget: 'Website chat',
  api: 'API',
  test: 'Test',
  whatsapp: 'Chat app',
  chatapp: 'Chat app',
};
