// The operator module (the server operator's view of every account): what the composition root
// (app.ts, deps.ts) may use. Anything not listed here is internal to the module.
export { operatorRoutes } from './operator.routes.js';
export { createOperatorService } from './operator.service.js';
export type { OperatorService } from './operator.service.js';
