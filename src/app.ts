import Fastify, { LogController } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from './deps.js';
import { parseTrustProxy } from './config.js';
import type { App } from './core/http/fastify-types.js';
import { installErrorHandling } from './core/http/error-handler.js';
import { HTTP_URL_FORMAT, installValidation } from './core/http/validation.js';
import { installJsonBodyParser } from './core/http/json-body.js';
import { installInputGuard } from './core/http/input-guard.js';
import { installAuth } from './core/http/auth.js';
import { installRoles } from './core/http/roles.js';
import { installMetrics } from './core/http/metrics.js';
import { installOpenApi } from './core/http/openapi.js';
import { installRouteAliases } from './core/http/route-aliases.js';
import { installHealth } from './core/http/health.js';
import { installConsole } from './core/http/console-app.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { membersRoutes } from './modules/accounts/members.routes.js';
import { oidcRoutes } from './modules/accounts/oidc.routes.js';
import { routeRolePolicy } from './modules/accounts/index.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createSpeechProviders } from './modules/calls/speech/providers.js';
import { assistantsRoutes } from './modules/assistants/assistants.routes.js';
import { groupsRoutes } from './modules/assistants/groups.routes.js';
import { assistantCompatRoutes } from './modules/assistants/assistant-compat.routes.js';
import { toolsRoutes } from './modules/tools/tools.routes.js';
import { phoneNumbersRoutes } from './modules/phone-numbers/phone-numbers.routes.js';
import { numberPurchasesRoutes } from './modules/phone-numbers/number-purchases.routes.js';
import { sipTrunksRoutes } from './modules/phone-numbers/sip-trunks.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { usageRoutes } from './modules/usage/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { chatappRoutes } from './modules/chatapp/chatapp.routes.js';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.js';
import { publicConversationsRoutes } from './modules/conversations/public-conversations.routes.js';
import { userConversationsRoutes } from './modules/conversations/user-conversations.routes.js';
import { automateRoutes } from './modules/conversations/automate.routes.js';
import { installWidgetCors } from './modules/widget/widget-cors.js';
import { widgetRoutes } from './modules/widget/widget.routes.js';
import { loadWidgetScript } from './modules/widget/widget-script.js';
import { registerCalls } from './modules/calls/calls.plugin.js';
import { campaignsRoutes, leadsRoutes } from './modules/campaigns/index.js';
import { smsRoutes, smsWebhookRoutes } from './modules/sms/index.js';
import { operatorRoutes } from './modules/operator/index.js';
import { VERSION } from './version.js';
import { REQUEST_EXAMPLES } from './api-examples.js';

const ONE_MIB = 1024 * 1024;

/** Builds the HTTP app from ready dependencies; knows every module's routes and nothing else. */
export async function buildApp(deps: Deps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: ONE_MIB,
    // The response serializer compiles its own Ajv for union fields; it must know the service's
    // formats (it never validates them: the request validator did) or it warns on each schema.
    serializerOpts: { ajv: { formats: { [HTTP_URL_FORMAT]: true } } },
    // request.ip (the widget's per-client limits) believes X-Forwarded-For only from these proxies.
    trustProxy: parseTrustProxy(deps.config.TRUST_PROXY) ?? false,
    // Per-request log lines only at debug level: at info they would dominate the log and cost
    // throughput; errors are always logged by the error handler.
    logController: new LogController({
      disableRequestLogging: deps.config.LOG_LEVEL !== 'debug' && deps.config.LOG_LEVEL !== 'trace',
    }),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  installErrorHandling(app);
  installValidation(app);
  installJsonBodyParser(app);
  installInputGuard(app);
  installAuth(app, (token) => deps.services.auth.resolveBearer(token));
  installRoles(app, routeRolePolicy);
  const metrics = installMetrics(app);
  metrics.registerMetric(deps.services.conversationsModule.messageSteps);
  metrics.registerMetric(deps.services.voiceTurns);
  await installOpenApi(app, VERSION, REQUEST_EXAMPLES);
  // After the OpenAPI hook, so an alias repeats its route's complete response schemas.
  installRouteAliases(app, { chatapp: 'whatsapp' });
  installHealth(app, deps.db);
  installConsole(app);

  const { accounts, auth, apiKeys } = deps.services;
  await app.register(accountsRoutes, { prefix: '/api', accounts, auth, apiKeys, allowSignup: deps.config.ALLOW_SIGNUP });
  await app.register(membersRoutes, {
    prefix: '/api',
    members: deps.services.members,
    invitations: deps.services.invitations,
    publicUrl: deps.config.PUBLIC_URL,
  });
  await app.register(oidcRoutes, { prefix: '/api', oidc: deps.services.oidc });
  const { catalog, assistants, folders, labels, tools, phoneNumbers } = deps.services;
  const speech = createSpeechProviders(deps.config);
  await app.register(catalogRoutes, {
    prefix: '/api',
    catalog,
    speechAvailability: speech.availability,
    realtimeAvailability: speech.realtimeAvailability,
  });
  await app.register(assistantsRoutes, { prefix: '/api', assistants, phoneNumbers });
  await app.register(groupsRoutes, { prefix: '/api', folders, labels });
  await app.register(assistantCompatRoutes, { prefix: '/api', compat: deps.services.assistantCompat });
  await app.register(toolsRoutes, { prefix: '/api', tools });
  await app.register(phoneNumbersRoutes, { prefix: '/api', phoneNumbers });
  await app.register(numberPurchasesRoutes, { prefix: '/api', purchases: deps.services.numberPurchases });
  await app.register(sipTrunksRoutes, { prefix: '/api', sipTrunks: deps.services.sipTrunks });
  await app.register(webhooksRoutes, { prefix: '/api', webhooks: deps.services.webhooks });
  await app.register(usageRoutes, { prefix: '/api', usage: deps.services.usage });
  await app.register(auditRoutes, { prefix: '/api', auditLog: deps.services.auditLog });
  await app.register(chatappRoutes, {
    prefix: '/api',
    chatapp: deps.services.chatapp,
    verifyToken: deps.config.CHATAPP_VERIFY_TOKEN,
    appSecret: deps.config.CHATAPP_APP_SECRET,
  });
  await app.register(knowledgeRoutes, { prefix: '/api', knowledge: deps.services.knowledge });
  const { conversations } = deps.services;
  // Before the conversation routes: its hooks decide CORS for them by the assistant's origins.
  installWidgetCors(app, deps.services.widget);
  await app.register(widgetRoutes, { widget: deps.services.widget, script: loadWidgetScript() });
  await app.register(publicConversationsRoutes, {
    prefix: '/api',
    conversations,
    resolveBearer: (token) => deps.services.auth.resolveBearer(token),
  });
  await app.register(userConversationsRoutes, { prefix: '/api', conversations });
  await app.register(automateRoutes, { prefix: '/api', conversations, resolveBearer: (token) => deps.services.auth.resolveBearer(token) });
  await registerCalls(app, {
    calls: deps.services.callsModule,
    publicUrl: deps.config.PUBLIC_URL,
    resolveBearer: (token) => deps.services.auth.resolveBearer(token),
    logger: deps.logger,
  });
  const { campaignsModule } = deps.services;
  await app.register(campaignsRoutes, { prefix: '/api', campaigns: campaignsModule.campaigns });
  await app.register(leadsRoutes, {
    prefix: '/api',
    leads: campaignsModule.leads,
    doNotCall: campaignsModule.doNotCall,
    importDeps: campaignsModule.importDeps,
  });
  await app.register(smsRoutes, { prefix: '/api', sms: deps.services.smsModule.sms });
  await app.register(smsWebhookRoutes, { prefix: '/api', webhooks: deps.services.smsModule.webhooks });
  await app.register(operatorRoutes, { prefix: '/api', operator: deps.services.operator });
  // Closing the app lets running jobs finish (before server.ts closes the database).
  app.addHook('onReady', () => deps.services.auth.start());
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.extraction.close();
    await deps.http.close();
    await deps.services.auth.stop();
  });

  await app.ready();
  return app;
}
