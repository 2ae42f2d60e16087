// The calendars module (the Cal.com and Calendly clients): what other modules and the composition
// root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { createCalcomClient } from './calcom.client.js';
export type { CalcomClient, CalcomEventRef, CalcomRegion } from './calcom.client.js';
export { CalendarError } from './calendar-http.js';
export { createCalendlyClient, eventTypeUuid } from './calendly.client.js';
export type { CalendlyClient } from './calendly.client.js';
