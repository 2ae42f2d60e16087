import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from './deps.js';
import type { App } from './core/http/fastify-types.js';
import { installErrorHandling } from './core/http/error-handler.js';
import { installValidation } from './core/http/validation.js';
import { installAuth } from './core/http/auth.js';
import { installMetrics } from './core/http/metrics.js';
import { installOpenApi } from './core/http/openapi.js';
import { installHealth } from './core/http/health.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { VERSION } from './version.js';

const ONE_MIB = 1024 * 1024;

/** Builds the HTTP app from ready dependencies; knows every module's routes and nothing else. */
export async function buildApp(deps: Deps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: ONE_MIB,
    // Per-request log lines only at debug level: at info they would dominate the log and cost
    // throughput; errors are always logged by the error handler.
    logController: new LogController({
      disableRequestLogging: deps.config.LOG_LEVEL !== 'debug' && deps.config.LOG_LEVEL !== 'trace',
    }),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  installErrorHandling(app);
  installValidation(app);
  installAuth(app, (token) => deps.services.auth.resolveBearer(token));
  installMetrics(app);
  await installOpenApi(app, VERSION);
  installHealth(app, deps.db);

  const { accounts, auth, apiKeys } = deps.services;
  await app.register(accountsRoutes, { prefix: '/api', accounts, auth, apiKeys, allowSignup: deps.config.ALLOW_SIGNUP });

  await app.ready();
  return app;
}
