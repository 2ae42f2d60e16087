import { describe, expect, it } from 'vitest';
import type { Assistant } from '../../api/types.js';
import { behaviourValues } from './behaviour-group.js';
import { toolsRequest } from './tools-group.js';
import { variableErrors, variablesRequest } from './variables.js';
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

  it('tools: a warm transfer keeps its required description; texts and numbers the API defaults are left out when empty', () => {
    expect(
      toolsRequest({
        tools: [
          {
            type: 'warm_call_transfer',
            supervisor_phone: '+14155550100',
            outbound_phone_id: 3,
            description: '',
            custom_sip: false,
            caller_id_mode: 'custom',
            custom_caller_id: '',
            hold_music: 'none',
            hold_music_volume: '',
            hold_message: '',
            summary_instructions: 'Say who calls.',
            briefing_initial_message: '',
            connected_message: 'You are connected.',
          },
          { type: 'collect_keypad', timeout: '', stop_key: '#', description: '' },
          { type: 'assistant_transfer', assistant_id: 9, description: '', message_before_transfer: '', speak_transfer_greeting: false },
        ],
        tool_ids: [],
      }),
    ).toEqual({
      tools: [
        {
          type: 'warm_call_transfer',
          supervisor_phone: '+14155550100',
          outbound_phone_id: 3,
          description: '',
          custom_sip: false,
          caller_id_mode: 'custom',
          custom_caller_id: null,
          hold_music: 'none',
          summary_instructions: 'Say who calls.',
          connected_message: 'You are connected.',
        },
        // An emptied number the API has a default for (and takes no null for) is left out too.
        { type: 'collect_keypad', stop_key: '#', description: null },
        { type: 'assistant_transfer', assistant_id: 9, message_before_transfer: null, speak_transfer_greeting: false },
      ],
      tool_ids: [],
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
        widget_settings: {
          title: 'Bread & Co',
          subtitle: ' ',
          avatar_url: '',
          launcher_text: '',
          greeting: '',
          primary_color: '#2563eb',
          position: 'bottom-left',
          allowed_origins: ['https://bakery.example'],
        },
        widget_daily_budget_usd: '',
      }),
    ).toEqual({
      widget_settings: {
        title: 'Bread & Co',
        subtitle: null,
        avatar_url: null,
        launcher_text: null,
        greeting: null,
        primary_color: '#2563eb',
        position: 'bottom-left',
        allowed_origins: ['https://bakery.example'],
      },
      widget_daily_budget_usd: null,
    });
    expect(embedSnippet('https://sb.example', 'abc')).toBe(
      '<script src="https://sb.example/widget.js" data-assistant-id="abc" async></script>',
    );
  });

  it('variables: a value left as it was keeps its type, a typed one is text, empty rows are left out', () => {
    expect(
      variablesRequest([
        { name: 'seats', value: '12', original: 12 },
        { name: ' open ', value: 'yes', original: true },
        { name: 'hours', value: '8am to 6pm' },
        { name: '', value: '' },
      ]),
    ).toEqual({ seats: 12, open: 'yes', hours: '8am to 6pm' });
    expect(
      variableErrors([
        { name: '2nd', value: 'x' },
        { name: 'hours', value: 'a' },
        { name: 'hours', value: 'b' },
        { name: '', value: '' },
      ]),
    ).toEqual({
      'variables.0.name': 'Letters, digits and _, not starting with a digit, e.g. shop_hours.',
      'variables.2.name': 'Another variable has this name.',
    });
  });

  it('call behaviour: every kind of filler phrase starts as a list, the ones set kept', () => {
    const values = behaviourValues({ filler_config: { neutral: ['One moment.'] } } as unknown as Assistant);
    expect(values.filler_config).toEqual({ neutral: ['One moment.'], positive: [], question: [], negative: [] });
  });
});
