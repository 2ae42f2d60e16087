// The usage module (spend and volume reports, CSV exports): what the composition root (app.ts,
// deps.ts) may use. It only reads other modules' tables, for reporting.
export { createUsageService } from './usage.service.js';
export type { UsageService } from './usage.service.js';
export { usageRoutes } from './usage.routes.js';
