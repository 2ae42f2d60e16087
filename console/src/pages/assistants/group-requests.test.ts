import { describe, expect, it } from 'vitest';
import { toolsRequest } from './tools-group.js';
import { webhooksRequest } from './webhooks-group.js';
import { embedSnippet, widgetRequest } from './widget-group.js';

describe('what each editor group sends', () => {
  it('tools: empty optional texts are null, a required phone number stays for the server to name', () => {
    expect(
      toolsRequest({
        tools: [
          { type: 'call_transfer', phone_number: '', description: '', warm_transfer: false },
          { type: 'end_call', description: 'When the caller says goodbye.' },
        ],
        tool_ids: [4],
      }),
    ).toEqual({
      tools: [
        { type: 'call_transfer', phone_number: '', description: null, warm_transfer: false },
        { type: 'end_call', description: 'When the caller says goodbye.' },
      ],
      tool_ids: [4],
    });
  });

  it('results: empty addresses and an emptied number are null, answer names trimmed', () => {
    expect(
      webhooksRequest({
        is_webhook_active: false,
        webhook_url: '',
        conversation_inactivity_timeout: '',
        conversation_ended_webhook_url: 'https://example.com/chats',
        post_call_schema: [{ name: ' wants_order ', type: 'bool', description: 'Did they order?' }],
      }),
    ).toEqual({
      is_webhook_active: false,
      webhook_url: null,
      conversation_inactivity_timeout: null,
      conversation_ended_webhook_url: 'https://example.com/chats',
      post_call_schema: [{ name: 'wants_order', type: 'bool', description: 'Did they order?' }],
    });
  });

  it('website chat: empty texts use the defaults (null), the whole object is sent, with the budget', () => {
    expect(
      widgetRequest({
        widget_settings: { title: 'Bread & Co', subtitle: ' ', avatar_url: '', launcher_text: '', greeting: '', primary_color: '#2563eb', position: 'bottom-left', allowed_origins: ['https://bakery.example'] },
        widget_daily_budget_usd: '',
      }),
    ).toEqual({
      widget_settings: { title: 'Bread & Co', subtitle: null, avatar_url: null, launcher_text: null, greeting: null, primary_color: '#2563eb', position: 'bottom-left', allowed_origins: ['https://bakery.example'] },
      widget_daily_budget_usd: null,
    });
    expect(embedSnippet('https://sb.example', 'abc')).toBe('<script src="https://sb.example/widget.js" data-assistant-id="abc" async></script>');
  });
});
