// The assistants module (assistants, their record and runtime form, folders): what other modules
// and the composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the
// module.
export type { CalendarClients } from './assistant-calendar.js';
export { assistantCompatRoutes } from './assistant-compat.routes.js';
export { createAssistantCompatService } from './assistant-compat.service.js';
export type { Mode } from './assistant-fields.schemas.js';
export type { RuntimeAssistant } from './assistant-present.js';
export { assistantReadSql, createAssistantRuntimes } from './assistant-runtimes.js';
export type { AssistantRead, AssistantRuntimes } from './assistant-runtimes.js';
export { assistantsRoutes } from './assistants.routes.js';
export { createAssistantsService } from './assistants.service.js';
export type { AssistantsService } from './assistants.service.js';
export { groupsRoutes } from './groups.routes.js';
export { createGroupsService } from './groups.service.js';
export { normalizeWidgetSettings } from './widget-settings.schemas.js';
export type { WidgetSettings } from './widget-settings.schemas.js';
