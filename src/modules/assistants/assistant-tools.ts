import { HIDDEN_SECRET, maskSecret, type SecretBox } from '../../core/crypto/secret-box.js';
import type { FieldErrors } from '../../core/http/errors.js';
import { humanize } from '../../core/http/validation-messages.js';
import { eventTypeUuid } from '../calendars/index.js';
import { normalizePhone } from '../phone-numbers/index.js';
import { isTimezone } from './assistant-rules.js';
import type { StoredTool, ToolInput } from './assistant-tools.schemas.js';

export const WARM_TRANSFER_DEFAULTS = {
  custom_sip: false,
  caller_id_mode: 'outbound_number',
  custom_caller_id: null,
  hold_music: 'hold_music',
  hold_music_volume: 80,
  hold_message: 'Please hold while I connect you with a supervisor.',
  summary_instructions: 'Brief the supervisor on who is calling, why they called and why a human is needed, in 2 to 3 sentences.',
  briefing_initial_message: 'Hello! I have a caller on the line who needs your assistance. May I brief you on the situation?',
  connected_message: "You are now connected with a supervisor. I'll leave you to it.",
} as const;

const DEFAULTS: Record<ToolInput['type'], Record<string, unknown>> = {
  call_transfer: { description: null, custom: false, timezone: null, warm_transfer: false, warm_transfer_message: null },
  warm_call_transfer: WARM_TRANSFER_DEFAULTS,
  end_call: { description: null },
  dtmf_input: { description: null },
  collect_keypad: { timeout: 5, stop_key: '#', description: null },
  calendar_integration: {
    calendar_type: 'provider_a',
    description: null,
    provider_a_api_key: null,
    provider_a_event_slug: null,
    provider_a_team_slug: null,
    provider_a_endpoint: 'us',
    provider_a_custom_endpoint: null,
    provider_a_event_id: null,
    provider_a_event_name: null,
    provider_a_booking_fields: [],
    provider_b_api_key: null,
    provider_b_event_type_uri: null,
  },
  assistant_transfer: {
    description: 'Transfer the conversation to this assistant when appropriate.',
    message_before_transfer: null,
    speak_transfer_greeting: true,
  },
};

/** The calendar fields that hold a third-party API key: sealed at rest, masked on the way out. */
export const SECRET_FIELDS = ['provider_a_api_key', 'provider_b_api_key'] as const;
const SELECT_FIELD_TYPES = new Set(['select', 'multiselect', 'radio', 'checkbox']);

/** A tool with every field present; API keys still in plain text. */
export type ToolDraft = StoredTool;

export function normalizeTool(input: ToolInput): ToolDraft {
  const draft = { ...DEFAULTS[input.type], ...stripUndefined(input) } as ToolDraft;
  if (draft.type === 'calendar_integration') {
    draft.provider_a_booking_fields = (draft.provider_a_booking_fields as Array<Record<string, unknown>>).map((f) => ({
      required: false,
      options: [],
      ...f,
    }));
  }
  return draft;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const isMasked = (key: string) => key === '****' || key === HIDDEN_SECRET || key.includes('…');

/**
 * A client that read an assistant and sends its tools back carries masked keys; those mean
 * "keep the key I already have". A masked key matching none of the stored keys is refused.
 */
export function restoreMaskedKeys(drafts: ToolDraft[], current: StoredTool[], secrets: SecretBox): FieldErrors {
  const known = new Map<string, string>();
  for (const tool of current) {
    for (const field of SECRET_FIELDS) {
      const sealed = tool[`${field}_sealed`];
      if (typeof sealed === 'string') {
        const plain = secrets.open(sealed);
        known.set(`${field}:${maskSecret(plain)}`, plain);
      }
    }
  }
  const errors: FieldErrors = {};
  drafts.forEach((draft, i) => {
    for (const field of SECRET_FIELDS) {
      const key = draft[field];
      if (typeof key !== 'string' || !isMasked(key)) continue;
      const plain = known.get(`${field}:${key}`);
      if (plain) draft[field] = plain;
      else errors[`tools.${i}.${field}`] = [`The ${humanize(`tools.${i}.${field}`)} field must be the full API key.`];
    }
  });
  return errors;
}

/** Rules within one tool item; also normalises the phone numbers it carries to E.164. */
export function toolItemErrors(drafts: ToolDraft[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (i: number, field: string, message: (attribute: string) => string) => {
    const key = `tools.${i}.${field}`;
    (errors[key] ??= []).push(message(humanize(key)));
  };
  const phone = (i: number, draft: ToolDraft, field: string) => {
    const normalized = normalizePhone(String(draft[field] ?? ''));
    if (normalized) draft[field] = normalized.e164;
    else add(i, field, (a) => `The ${a} field must be a valid phone number in E.164 format.`);
  };

  drafts.forEach((draft, i) => {
    switch (draft.type) {
      case 'call_transfer':
        if (!draft.custom) phone(i, draft, 'phone_number');
        if (draft.timezone !== null && !isTimezone(String(draft.timezone)))
          add(i, 'timezone', (a) => `The ${a} field must be a valid timezone.`);
        break;
      case 'warm_call_transfer':
        if (!draft.custom_sip) phone(i, draft, 'supervisor_phone');
        if (draft.caller_id_mode === 'custom') {
          if (!draft.custom_caller_id) add(i, 'custom_caller_id', (a) => `The ${a} field is required when caller id mode is custom.`);
          else phone(i, draft, 'custom_caller_id');
        }
        break;
      case 'calendar_integration':
        calendarItemErrors(draft, (field, message) => add(i, field, message));
        break;
      default:
        break;
    }
  });
  return errors;
}

function calendarItemErrors(draft: ToolDraft, add: (field: string, message: (attribute: string) => string) => void): void {
  const requiredFor = (provider: string) => (a: string) => `The ${a} field is required when calendar type is ${provider}.`;
  if (draft.calendar_type === 'provider_a') {
    if (!draft.provider_a_api_key) add('provider_a_api_key', requiredFor('provider_a'));
    if (!draft.provider_a_event_slug) add('provider_a_event_slug', requiredFor('provider_a'));
    if (draft.provider_a_endpoint === 'custom' && !draft.provider_a_custom_endpoint) {
      add('provider_a_custom_endpoint', (a) => `The ${a} field is required when provider a endpoint is custom.`);
    }
    const fields = draft.provider_a_booking_fields as Array<{ slug: string; type: string; options: string[] }>;
    const seen = new Set<string>();
    fields.forEach((f, j) => {
      if (SELECT_FIELD_TYPES.has(f.type) && f.options.length === 0) {
        add(`provider_a_booking_fields.${j}.options`, (a) => `The ${a} field is required for ${f.type} fields.`);
      }
      if (seen.has(f.slug)) add(`provider_a_booking_fields.${j}.slug`, (a) => `The ${a} field has a duplicate value.`);
      seen.add(f.slug);
    });
    return;
  }
  if (!draft.provider_b_api_key) add('provider_b_api_key', requiredFor('provider_b'));
  if (!draft.provider_b_event_type_uri) add('provider_b_event_type_uri', requiredFor('provider_b'));
  else if (!eventTypeUuid(String(draft.provider_b_event_type_uri))) {
    add('provider_b_event_type_uri', (a) => `The ${a} must be an event type URI such as https://api.calendly.com/event_types/<uuid>.`);
  }
}

/** Replaces plain API keys by their sealed form for storage. */
export function sealTool(draft: ToolDraft, secrets: SecretBox): StoredTool {
  const stored: StoredTool = { ...draft };
  for (const field of SECRET_FIELDS) {
    const key = stored[field];
    delete stored[field];
    if (typeof key === 'string') stored[`${field}_sealed`] = secrets.seal(key);
  }
  return stored;
}

/** The API shape: keys masked, never returned in full; `hidden` (a viewer's view): no part of any key. */
export function presentTool(stored: StoredTool, secrets: SecretBox, hidden = false): StoredTool {
  return withOpenedKeys(stored, (sealed) => (hidden ? HIDDEN_SECRET : maskSecret(secrets.open(sealed))));
}

/** The engine's shape: keys in plain text, for calling the calendar providers. */
export function openTool(stored: StoredTool, secrets: SecretBox): StoredTool {
  return withOpenedKeys(stored, (sealed) => secrets.open(sealed));
}

function withOpenedKeys(stored: StoredTool, reveal: (sealed: string) => string): StoredTool {
  if (stored.type !== 'calendar_integration') return { ...stored };
  const out: StoredTool = { type: stored.type };
  for (const [field, value] of Object.entries(stored)) {
    if (field.endsWith('_sealed')) continue;
    out[field] = value;
    if (field === 'calendar_type') {
      for (const secret of SECRET_FIELDS) {
        const sealed = stored[`${secret}_sealed`];
        out[secret] = typeof sealed === 'string' ? reveal(sealed) : null;
      }
    }
  }
  return out;
}
