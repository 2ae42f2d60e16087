import type { FieldErrors } from '../../core/http/errors.js';
import { humanize } from '../../core/http/validation-messages.js';

/**
 * Calendar tools take the reference product's field names (`calcom_*`, its only provider) and
 * their Calendly counterparts (`calendly_*`) as well as the spec's `provider_a_*`/`provider_b_*`.
 * The reference names are rewritten to the spec's before anything else looks at a tool, so there
 * is one stored form; errors about a field are then reported under the name the client sent.
 */
export const CALENDAR_FIELD_ALIASES = {
  calcom_api_key: 'provider_a_api_key',
  calcom_event_slug: 'provider_a_event_slug',
  calcom_team_slug: 'provider_a_team_slug',
  calcom_endpoint: 'provider_a_endpoint',
  calcom_custom_endpoint: 'provider_a_custom_endpoint',
  calcom_event_id: 'provider_a_event_id',
  calcom_event_name: 'provider_a_event_name',
  calcom_booking_fields: 'provider_a_booking_fields',
  calendly_api_key: 'provider_b_api_key',
  calendly_event_type_uri: 'provider_b_event_type_uri',
} as const;

export type CalendarAlias = keyof typeof CALENDAR_FIELD_ALIASES;
type SpecField = (typeof CALENDAR_FIELD_ALIASES)[CalendarAlias];

/** `calendar_type` by provider name, as the reference's clients would say it. */
export const CALENDAR_TYPE_ALIASES = { calcom: 'provider_a', calendly: 'provider_b' } as const;

/** Per tool index: spec field -> the reference name to report it under. */
export type AliasesUsed = Map<number, Map<SpecField, CalendarAlias>>;

/** A tool that spoke of one provider in the reference's terms hears about all of its fields in them. */
function namingOf(aliasesSent: CalendarAlias[]): Map<SpecField, CalendarAlias> {
  const families = new Set(aliasesSent.map((alias) => alias.split('_')[0]));
  const naming = new Map<SpecField, CalendarAlias>();
  for (const [alias, spec] of Object.entries(CALENDAR_FIELD_ALIASES) as Array<[CalendarAlias, SpecField]>) {
    if (families.has(alias.split('_')[0]!)) naming.set(spec, alias);
  }
  return naming;
}

/**
 * Rewrites the calendar tools of a request body in place. A field sent under both names with
 * different values is refused rather than one silently winning. Without `calendar_type`, a tool
 * named only in Calendly's terms means Calendly.
 */
export function canonicalCalendarFields(tools: Array<Record<string, unknown>>): { used: AliasesUsed; errors: FieldErrors } {
  const used: AliasesUsed = new Map();
  const errors: FieldErrors = {};
  tools.forEach((tool, i) => {
    if (tool.type !== 'calendar_integration') return;
    const renamed = new Map<SpecField, CalendarAlias>();
    for (const [alias, spec] of Object.entries(CALENDAR_FIELD_ALIASES) as Array<[CalendarAlias, SpecField]>) {
      if (!Object.hasOwn(tool, alias)) continue;
      const value = tool[alias];
      delete tool[alias];
      if (tool[spec] !== undefined && JSON.stringify(tool[spec]) !== JSON.stringify(value)) {
        const key = `tools.${i}.${alias}`;
        errors[key] = [`The ${humanize(key)} field must match the ${humanize(`tools.${i}.${spec}`)} field.`];
        continue;
      }
      tool[spec] = value;
      renamed.set(spec, alias);
    }
    const type = tool.calendar_type;
    if (typeof type === 'string' && Object.hasOwn(CALENDAR_TYPE_ALIASES, type)) {
      tool.calendar_type = CALENDAR_TYPE_ALIASES[type as keyof typeof CALENDAR_TYPE_ALIASES];
    } else if (type === undefined && [...renamed.values()].some((alias) => alias.startsWith('calendly_'))) {
      tool.calendar_type = 'provider_b';
    }
    if (renamed.size > 0) used.set(i, namingOf([...renamed.values()]));
  });
  return { used, errors };
}

/** Puts errors about renamed fields back under the names the client sent (key and wording). */
export function inClientTerms(errors: FieldErrors, used: AliasesUsed): FieldErrors {
  if (used.size === 0) return errors;
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^tools\.(\d+)\.([a-z_]+)(.*)$/.exec(key);
    const alias = match ? used.get(Number(match[1]))?.get(match[2] as SpecField) : undefined;
    if (!match || !alias) {
      out[key] = messages;
      continue;
    }
    const renamed = `tools.${match[1]}.${alias}${match[3]}`;
    out[renamed] = messages.map((m) => m.split(humanize(key)).join(humanize(renamed)));
  }
  return out;
}
