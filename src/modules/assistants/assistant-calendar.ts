import type { FieldErrors } from '../../core/http/errors.js';
import { humanize } from '../../core/http/validation-messages.js';
import { type CalcomClient, type CalcomRegion, CalendarError, type CalendlyClient, eventTypeUuid } from '../calendars/index.js';
import type { ToolDraft } from './assistant-tools.js';

export interface CalendarClients {
  calcom: CalcomClient;
  calendly: CalendlyClient;
}

type AddError = (field: string, message: (attribute: string) => string) => void;

/**
 * Checks calendar tools against the providers themselves, before any row is locked (these are
 * network calls): provider_a resolves the event name from its id, provider_b proves the event
 * type belongs to the token's account. Items that already failed their own rules are skipped.
 */
export async function verifyCalendarTools(
  drafts: ToolDraft[],
  clients: CalendarClients,
  skip: (index: number) => boolean,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  await Promise.all(
    drafts.map(async (draft, i) => {
      if (draft.type !== 'calendar_integration' || skip(i)) return;
      const add: AddError = (field, message) => {
        const key = `tools.${i}.${field}`;
        (errors[key] ??= []).push(message(humanize(key)));
      };
      if (draft.calendar_type === 'provider_b') await verifyProviderB(draft, clients.calendly, add);
      else if (draft.provider_a_event_id !== null) await resolveProviderA(draft, clients.calcom, add);
    }),
  );
  return errors;
}

async function resolveProviderA(draft: ToolDraft, calcom: CalcomClient, add: AddError): Promise<void> {
  try {
    const eventType = await calcom.getEventType({
      apiKey: String(draft.provider_a_api_key),
      eventTypeId: Number(draft.provider_a_event_id),
      region: draft.provider_a_endpoint as CalcomRegion,
      customEndpoint: draft.provider_a_custom_endpoint as string | null,
    });
    // A name the caller set explicitly is kept; otherwise the provider's title is used.
    if (draft.provider_a_event_name === null) draft.provider_a_event_name = eventType.title;
  } catch (error) {
    reportFailure(error, add, {
      keyField: 'provider_a_api_key',
      subjectField: 'provider_a_event_id',
      endpointField: draft.provider_a_endpoint === 'custom' ? 'provider_a_custom_endpoint' : 'provider_a_event_id',
      notFound: (a) => `The selected ${a} was not found for this API key.`,
    });
  }
}

async function verifyProviderB(draft: ToolDraft, calendly: CalendlyClient, add: AddError): Promise<void> {
  const token = String(draft.provider_b_api_key);
  const uri = String(draft.provider_b_event_type_uri);
  const notOwned = (a: string) => `The ${a} does not belong to the account of the provider b api key.`;
  try {
    const user = await calendly.getCurrentUser(token);
    const eventType = await calendly.getEventType(token, eventTypeUuid(uri)!);
    const owners = [user.uri, user.currentOrganization].filter(Boolean);
    if (!eventType.profileOwner || !owners.includes(eventType.profileOwner)) {
      add('provider_b_event_type_uri', notOwned);
    } else if (!eventType.active || eventType.deleted) {
      add('provider_b_event_type_uri', (a) => `The ${a} is not an active event type.`);
    }
  } catch (error) {
    reportFailure(error, add, {
      keyField: 'provider_b_api_key',
      subjectField: 'provider_b_event_type_uri',
      endpointField: 'provider_b_event_type_uri',
      notFound: notOwned,
    });
  }
}

function reportFailure(
  error: unknown,
  add: AddError,
  fields: { keyField: string; subjectField: string; endpointField: string; notFound: (a: string) => string },
): void {
  if (!(error instanceof CalendarError)) throw error;
  switch (error.kind) {
    case 'unauthorized':
      add(fields.keyField, (a) => `The ${a} was rejected by the calendar provider.`);
      return;
    case 'not_found':
      add(fields.subjectField, fields.notFound);
      return;
    case 'refused':
      add(fields.endpointField, (a) => `The ${a} cannot be used: ${error.message}`);
      return;
    case 'unavailable':
      add(fields.subjectField, (a) => `The calendar provider could not be reached to check the ${a} (${error.message}).`);
      return;
  }
}
