// The webhooks module (outgoing webhooks): what other modules and the composition root (app.ts,
// deps.ts) may use. Anything not listed here is internal to the module.
export { createImmediateWebhooks } from './immediate-delivery.js';
export { parseRetrySchedule, registerWebhookJobs } from './webhook-delivery.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { createWebhooksService, enqueueWebhook } from './webhooks.service.js';
export type { WebhookToSend } from './webhooks.service.js';
