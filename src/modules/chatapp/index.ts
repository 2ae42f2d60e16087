// The chatapp module (the messaging platform: senders, templates, inbound messages): what other
// modules and the composition root (app.ts, deps.ts) may use. Anything not listed here is internal
// to the module.
export { assistantUuidLookup } from './chatapp.context.js';
export { chatappRoutes } from './chatapp.routes.js';
export { createChatappServices, registerChatappJobs } from './chatapp.service.js';
export { INBOUND_EDIT_JOB } from './inbound/inbound-changes.js';
export type { InboundEditJob } from './inbound/inbound-changes.js';
export { INBOUND_MESSAGE_JOB } from './inbound/inbound.service.js';
export type { InboundMessageJob } from './inbound/inbound.service.js';
export { isPhoneKey } from './phone.js';
