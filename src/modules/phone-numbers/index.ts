// The phone-numbers module (phone numbers and their release): what other modules and the
// composition root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { normalizePhone } from './phone-format.js';
export { registerPhoneNumberJobs } from './phone-number-release.js';
export { phoneNumbersRoutes } from './phone-numbers.routes.js';
export { PICKER_TYPE_LABELS } from './phone-numbers.schemas.js';
export { createPhoneNumbersService } from './phone-numbers.service.js';
export type { PhoneNumbersService } from './phone-numbers.service.js';
