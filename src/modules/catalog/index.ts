// The catalog module (voices, languages, models, providers): what other modules and the composition
// root (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { catalogRoutes } from './catalog.routes.js';
export { createCatalogService, providerSupportsLanguage, voiceVisibleTo } from './catalog.service.js';
export type { CatalogService, CatalogSnapshot } from './catalog.service.js';
