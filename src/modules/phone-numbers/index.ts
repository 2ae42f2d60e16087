// The phone-numbers module (phone numbers, buying them, their renewal and release, SIP trunks): what other
// modules and the composition root (app.ts, deps.ts) may use. Anything not listed here is
// internal to the module.
export { normalizePhone } from './phone-format.js';
export { registerPhoneNumberJobs } from './phone-number-release.js';
export { phoneNumbersRoutes } from './phone-numbers.routes.js';
export { numberPurchasesRoutes } from './number-purchases.routes.js';
export { PICKER_TYPE_LABELS } from './phone-numbers.schemas.js';
export { createPhoneNumbersService } from './phone-numbers.service.js';
export type { PhoneNumbersService } from './phone-numbers.service.js';
export { createNumberPurchasesService } from './number-purchases.service.js';
export type { NumberPurchasesService } from './number-purchases.service.js';
export { createNumberRenewal } from './number-renewal.js';
export { parseCountryPrices } from './number-pricing.js';
export { dialThroughTrunk, type TrunkDialSettings } from './sip-dialing.js';
export { sipTrunksRoutes } from './sip-trunks.routes.js';
export { createSipTrunksService } from './sip-trunks.service.js';
export type { SipTrunksService } from './sip-trunks.service.js';
