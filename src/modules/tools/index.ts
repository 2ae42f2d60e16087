// The tools module (custom HTTP tools): what other modules and the composition root (app.ts,
// deps.ts) may use. Anything not listed here is internal to the module.
export { toolsRoutes } from './tools.routes.js';
export { createToolsService } from './tools.service.js';
export type { ToolsService } from './tools.service.js';
export { buildToolRequest, sendToolRequest, toolOutcome } from './tool-request.js';
export type { ToolExchange, ToolRequest, ToolTarget } from './tool-request.js';
