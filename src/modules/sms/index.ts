// The SMS module (sending from the account's numbers, Twilio's SMS webhooks, assistants answering
// by SMS): what the composition root (app.ts, deps.ts) may use. Anything not listed here is
// internal to the module; the carrier's side is its port (sms-carrier.port.ts).
export { createSmsModule } from './sms.module.js';
export type { SmsModule, SmsModuleDeps } from './sms.module.js';
export { smsRoutes } from './sms.routes.js';
export { smsWebhookRoutes } from './sms-webhook.routes.js';
