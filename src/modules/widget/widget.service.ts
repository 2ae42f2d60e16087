import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/http/errors.js';
import { normalizeWidgetSettings, type RuntimeAssistant, type WidgetSettings } from '../assistants/index.js';
import { fillVariables } from '../replies/index.js';
import { ASSISTANT_INACTIVE, ASSISTANT_UNAVAILABLE } from '../conversations/index.js';
import { originAllowed } from './origins.js';
import type { WidgetConfig } from './widget.schemas.js';

export interface WidgetDeps {
  clock: Clock;
  assistantByUuid(uuid: string): Promise<RuntimeAssistant | undefined>;
  conversationAssistantUuid(conversationUuid: string): Promise<string | undefined>;
  languageCode(languageId: number): Promise<string | undefined>;
  /** Whether this server can carry a browser call of the assistant (its speech providers are configured). */
  callAvailable?(assistant: RuntimeAssistant): Promise<boolean>;
  /** Whether the operator suspended the account (its widgets are then unavailable). */
  accountSuspended?(userId: number): Promise<boolean>;
  /** How long an assistant's origin list may be reused before it is read again. */
  policyTtlMs?: number;
}

/** Unknown: nothing to protect, so any origin may read the route's own 404. */
export type OriginVerdict = 'allowed' | 'refused' | 'unknown';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const assistantNotFound = () => new AppError(404, 'Assistant not found', { code: 'ASSISTANT_NOT_FOUND' });
export const assistantInactive = () => new AppError(404, ASSISTANT_INACTIVE, { code: 'ASSISTANT_INACTIVE' });
export const assistantUnavailable = () => new AppError(404, ASSISTANT_UNAVAILABLE, { code: 'ASSISTANT_UNAVAILABLE' });
export const originRefused = () => new AppError(403, 'This website is not allowed to use this assistant.', { code: 'ORIGIN_NOT_ALLOWED' });

/** The widget's public config and the origin checks of the public conversation routes. */
export function createWidgetService(deps: WidgetDeps) {
  const ttlMs = deps.policyTtlMs ?? 5_000;
  // Every widget request checks its origin; a few seconds of staleness after an owner edits the
  // list is the price of not reading the assistant row each time (DESIGN: caches may be stale briefly).
  const policies = new Map<string, { origins: string[] | null; readAt: number }>();

  async function originsOf(assistantUuid: string): Promise<string[] | null> {
    const now = deps.clock.now().getTime();
    const cached = policies.get(assistantUuid);
    if (cached && now - cached.readAt < ttlMs) return cached.origins;
    const assistant = await deps.assistantByUuid(assistantUuid);
    const origins = assistant ? normalizeWidgetSettings(assistant.widget_settings).allowed_origins : null;
    if (policies.size > 10_000) policies.clear();
    policies.set(assistantUuid, { origins, readAt: now });
    return origins;
  }

  function verdict(origins: string[] | null, origin: string): OriginVerdict {
    if (origins === null) return 'unknown';
    return originAllowed(origin, origins) ? 'allowed' : 'refused';
  }

  return {
    async originForAssistant(assistantUuid: unknown, origin: string): Promise<OriginVerdict> {
      if (typeof assistantUuid !== 'string' || !UUID.test(assistantUuid)) return 'unknown';
      return verdict(await originsOf(assistantUuid.toLowerCase()), origin);
    },

    async originForConversation(conversationUuid: unknown, origin: string): Promise<OriginVerdict> {
      if (typeof conversationUuid !== 'string' || !UUID.test(conversationUuid)) return 'unknown';
      const assistantUuid = await deps.conversationAssistantUuid(conversationUuid);
      return assistantUuid ? verdict(await originsOf(assistantUuid), origin) : 'unknown';
    },

    async config(assistantUuid: string): Promise<WidgetConfig> {
      const assistant = await deps.assistantByUuid(assistantUuid);
      if (!assistant) throw assistantNotFound();
      if (await deps.accountSuspended?.(assistant.user_id)) throw assistantUnavailable();
      if (assistant.status !== 'active') throw assistantInactive();
      const callEnabled = (await deps.callAvailable?.(assistant)) ?? false;
      return presentConfig(
        assistant,
        normalizeWidgetSettings(assistant.widget_settings),
        (await deps.languageCode(assistant.language_id)) ?? 'en',
        callEnabled,
      );
    },
  };
}

function presentConfig(assistant: RuntimeAssistant, settings: WidgetSettings, language: string, callEnabled: boolean): WidgetConfig {
  // The assistant's own variables are filled in (POST /conversations shows the same greeting);
  // placeholders left for the page's data-variables are filled in by the widget.
  const greeting = fillVariables(settings.greeting ?? assistant.initial_message ?? '', assistant.variables ?? {}).trim();
  return {
    status: true,
    assistant_id: assistant.uuid,
    name: assistant.name,
    language,
    greeting,
    settings: {
      title: settings.title ?? assistant.name,
      subtitle: settings.subtitle,
      avatar_url: settings.avatar_url,
      primary_color: settings.primary_color,
      position: settings.position,
      launcher_text: settings.launcher_text,
    },
    call: { enabled: callEnabled },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;

/** The widget service from the services it reads through (composition root helper). */
export function widgetServiceFrom(deps: {
  clock: Clock;
  assistants: { getRuntimeByUuid(uuid: string): Promise<RuntimeAssistant | undefined> };
  conversations: { originAssistantUuidOf(conversationUuid: string): Promise<string | undefined> };
  catalog: { languages(): Promise<Array<{ id: number; iso_2: string }>> };
  callAvailable?(assistant: RuntimeAssistant): Promise<boolean>;
  accountSuspended?(userId: number): Promise<boolean>;
}): WidgetService {
  return createWidgetService({
    clock: deps.clock,
    assistantByUuid: (uuid) => deps.assistants.getRuntimeByUuid(uuid),
    conversationAssistantUuid: (uuid) => deps.conversations.originAssistantUuidOf(uuid),
    languageCode: async (id) => (await deps.catalog.languages()).find((language) => language.id === id)?.iso_2,
    callAvailable: deps.callAvailable,
    accountSuspended: deps.accountSuspended,
  });
}
