// The widget module (the embeddable chat widget): what other modules and the composition root
// (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { installWidgetCors } from './widget-cors.js';
export { loadWidgetScript } from './widget-script.js';
export { widgetRoutes } from './widget.routes.js';
export { widgetServiceFrom } from './widget.service.js';
export type { OriginVerdict } from './widget.service.js';
